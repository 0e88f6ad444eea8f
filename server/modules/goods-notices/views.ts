/** How a subscription reads: the row, its goods as the buyer sees them now, its state in words. */
import { fenToYuan } from '../../../core/money.js';
import { GOODS_NOTICE_KIND_TEXT, GOODS_NOTICE_STATUS_TEXT, type GoodsNotice } from '../../../core/schemas/goods-notices.js';
import type { Conn } from '../../db/client.js';
import type { goodsNotices } from '../../db/schema/goods-notices.js';
import { seconds } from '../../lib/china-time.js';
import { goodsByIds, type GoodsCore, type Viewer } from '../catalogue/index.js';

export type NoticeRow = typeof goodsNotices.$inferSelect;

/** The goods of these subscriptions, by id. */
export async function goodsOf(conn: Conn, rows: NoticeRow[]): Promise<Map<number, GoodsCore>> {
  const found = await goodsByIds(
    conn,
    rows.map((r) => r.goodsId),
  );
  return new Map(found.map((g) => [g.id, g]));
}

/** A subscription as the buyer reads it; prices only for a buyer who may see them (viewer.ts). */
export function noticeView(r: NoticeRow, g: GoodsCore, viewer: Viewer): GoodsNotice {
  const price = (fen: number | null) => (fen === null || !viewer.approved ? null : fenToYuan(fen));
  return {
    id: r.id,
    kind: r.kind,
    kind_text: GOODS_NOTICE_KIND_TEXT[r.kind],
    goods: {
      id: g.id,
      name: g.name,
      ypgg: g.ypgg,
      sccj: g.sccj,
      bzdw: g.bzdw,
      image: g.images[0] ?? '',
      base_price: price(g.basePrice),
      price_tip: viewer.priceTip,
      number: g.number,
      zbz: g.zbz,
      is_buy: g.isBuy ? 1 : 0,
      on_sale: g.isOnSale ? 1 : 0,
    },
    price: price(r.price),
    target_price: price(r.targetPrice),
    status: r.status,
    status_text: GOODS_NOTICE_STATUS_TEXT[r.status] ?? '',
    created_at: seconds(r.createdAt),
    told_at: seconds(r.toldAt),
  };
}

/** Whether a goods is out of stock for a buyer: not even one middle package left (the storefront's 缺货). */
export const outOfStock = (g: Pick<GoodsCore, 'number' | 'zbz'>) => g.number < Math.max(1, g.zbz);
