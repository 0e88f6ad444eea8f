/** Goods as the catalogue calls send them (server/modules/catalogue/service.ts goodsView). Prices are strings, or null with price_tip. */
export type LadderTier = { number: number; price: string | null };

export type Goods = {
  id: number;
  ck_id: number;
  name: string;
  sccj: string;
  ypgg: string;
  bzdw: string;
  goods_image: string[];
  base_price: string | null;
  price_tip: string | null;
  is_buy: number;
  number: number;
  is_youx: number;
  type: number;
  ladder_price: LadderTier[];
  ladder_price_type: number;
  is_free_shipping: number;
  free_shipping_number: number;
  tags: string[];
  zbz: number;
  cartNum: number;
  jzl: number;
  pzwh: string;
  jx: string;
  cfl: string;
  xq: string;
  scrq: string;
  ccfs: string;
  category_id: number;
  brand_id: number | null;
  is_ephedrine: number;
  is_kx: number;
  is_zy: number;
  is_qx: number;
  sales: number;
};

export type GoodsDetail = Goods & {
  instructions: string;
  category_path: { id: number; name: string }[];
  brand: { id: number; name: string; logo: string } | null;
  is_favorite: number;
};
