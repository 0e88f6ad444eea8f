/** How variety requests and feedback read, for the storefront and the console alike. */
import { fenToYuan } from '../../../core/money.js';
import { BUY_STATUS_TEXT, FEEDBACK_STATUS_TEXT, FEEDBACK_TYPE_TEXT, type BuyRequest, type Feedback } from '../../../core/schemas/self-service.js';
import type { Conn } from '../../db/client.js';
import type { buyRequests, feedbacks } from '../../db/schema/self-service.js';
import { seconds } from '../../lib/china-time.js';
import { goodsByIds } from '../catalogue/index.js';

export type BuyRow = typeof buyRequests.$inferSelect;
export type FeedbackRow = typeof feedbacks.$inferSelect;
type ListedGoods = NonNullable<BuyRequest['goods']>;

/** The goods listed for these requests, by id; goods deleted since are left out. */
export async function listedGoods(conn: Conn, rows: BuyRow[]): Promise<Map<number, ListedGoods>> {
  const ids = rows.flatMap((r) => (r.goodsId ? [r.goodsId] : []));
  const found = await goodsByIds(conn, ids);
  return new Map(found.map((g) => [g.id, { id: g.id, name: g.name, ypgg: g.ypgg, sccj: g.sccj }]));
}

export function buyView(r: BuyRow, goods: Map<number, ListedGoods>): BuyRequest {
  return {
    id: r.id,
    name: r.name,
    sccj: r.sccj,
    ypgg: r.spec,
    number: r.quantity,
    bzdw: r.unit,
    expected_price: r.expectedPrice === null ? null : fenToYuan(r.expectedPrice),
    contact: r.contact,
    phone: r.phone,
    remark: r.remark,
    status: r.status,
    status_text: BUY_STATUS_TEXT[r.status] ?? '',
    reply: r.reply,
    goods: r.goodsId ? (goods.get(r.goodsId) ?? null) : null,
    created_at: seconds(r.createdAt),
    replied_at: seconds(r.repliedAt),
  };
}

export function feedbackView(f: FeedbackRow): Feedback {
  return {
    id: f.id,
    type: f.type,
    type_text: FEEDBACK_TYPE_TEXT[f.type] ?? '',
    content: f.content,
    images: f.images,
    contact: f.contact,
    status: f.status,
    status_text: FEEDBACK_STATUS_TEXT[f.status] ?? '',
    reply: f.reply,
    created_at: seconds(f.createdAt),
    replied_at: seconds(f.repliedAt),
  };
}
