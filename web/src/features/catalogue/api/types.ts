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

export type Paged<T> = { current_page: number; data: T[]; last_page: number; per_page: number; total: number };
/** A goods list counts up to 10,000 matches; `total_more` 1 says there are more than `total`. */
export type GoodsPage<T> = Paged<T> & { total_more?: 0 | 1 };

export type FilterOptions = {
  category: { id: number; name: string; children: { id: number; name: string }[] }[];
  brand: { id: number; name: string; logo: string }[];
  sccj: string[];
  cfl: string[];
  jx: string[];
};

/** Goods on a promotion: the activity's price (null when hidden, like every price) and its per-account limit. */
export type PromoGoods = Goods & { activity_id: number; activity_price: string | null; limit: number; quota?: number };

export type SpikeSession = { id: number; name: string; start_time: number; end_time: number; status: 0 | 1 | 2 };

export type Spike = { timestamp: number; sessions: SpikeSession[]; current: SpikeSession | null; goods: PromoGoods[] };

export type DailySpecials = { date: string; weekday: number; timestamp: number; end_time: number; name: string; goods: PromoGoods[] };

export type Floor = {
  floor: number;
  id: number;
  name: string;
  logo1: string;
  url: string;
  children: { id: number; name: string; url: string }[];
  goods: Goods[];
};

export type Brand = { id: number; name: string; logo: string; banner: string; description: string; url: string; goods_count: number };
export type BrandTile = Brand & { goods: Goods[] };
