/** The goods form's values: the switches it shows, the blank new goods, a stored goods as values, and field paths. */
import { MIN_SHELF_DAYS_DEFAULT } from '@core/constants';
import type { AdminGoodsDetail } from '@core/schemas/admin-goods';
import type { GoodsBody } from '../api/save-goods';

export const FLAGS = [
  ['is_on_sale', '上架', '下架后客户无法搜索和采购'],
  ['is_buy', '可购买', '关闭后仅展示，不能加入购物车'],
  ['is_youx', '优选', '显示“优”标，进入优选专区'],
  ['is_kx', '控销', '仅控销客户可见可买'],
  ['is_zy', '中药', '进入中药专区'],
  ['is_qx', '器械', '进入器械专区'],
  ['is_ephedrine', '含麻黄碱', '限购，须对公转账并回传签收单'],
] as const;
type Flag = (typeof FLAGS)[number][0] | 'is_free_shipping';

/** The form's values: the schema's input, with switches as booleans. */
export type GoodsFormValues = Omit<GoodsBody, Flag> & Record<Flag, boolean>;

export const EMPTY_GOODS: Partial<GoodsFormValues> = {
  cfl: '乙类OTC',
  ccfs: '常温',
  min_shelf_days: MIN_SHELF_DAYS_DEFAULT,
  ck_id: 1,
  zbz: 1,
  jzl: 1,
  number: 0,
  free_shipping_number: 0,
  is_on_sale: true,
  is_buy: true,
  is_youx: false,
  is_kx: false,
  is_zy: false,
  is_qx: false,
  is_ephedrine: false,
  is_free_shipping: false,
  tags: [],
  ladder_price: [],
  goods_image: [],
  pzwh: '',
  tm: '',
  tym: '',
  spm: '',
  gnzz: '',
  jx: '',
  instructions: '',
};

export function valuesOf(g: AdminGoodsDetail): GoodsFormValues {
  return {
    name: g.name,
    sccj: g.sccj,
    tym: g.tym,
    spm: g.spm,
    gnzz: g.gnzz,
    ypgg: g.ypgg,
    bzdw: g.bzdw,
    pzwh: g.pzwh,
    tm: g.tm,
    jx: g.jx,
    cfl: g.cfl as GoodsFormValues['cfl'],
    scrq: g.scrq,
    xq: g.xq,
    zbz: g.zbz,
    jzl: g.jzl,
    ccfs: g.ccfs as GoodsFormValues['ccfs'],
    min_shelf_days: g.min_shelf_days,
    ck_id: g.ck_id,
    category_id: g.category_id,
    brand_id: g.brand_id,
    scope_id: g.scope_id,
    is_youx: g.is_youx === 1,
    is_kx: g.is_kx === 1,
    is_zy: g.is_zy === 1,
    is_qx: g.is_qx === 1,
    is_ephedrine: g.is_ephedrine === 1,
    is_free_shipping: g.is_free_shipping === 1,
    free_shipping_number: g.free_shipping_number,
    is_buy: g.is_buy === 1,
    is_on_sale: g.is_on_sale === 1,
    tags: g.tags,
    base_price: g.base_price,
    ladder_price: g.ladder_price.map((t) => ({ number: t.number, price: t.price })),
    goods_image: g.goods_image,
    instructions: g.instructions,
  };
}

/** A server or schema field (`ladder_price.1.price`, `goods_image.0`) as the form's path. */
export function pathOf(field: string): (string | number)[] {
  const parts = field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));
  return parts[0] === 'goods_image' || parts[0] === 'tags' ? [parts[0]] : parts;
}
