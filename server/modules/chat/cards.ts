/**
 * What a message keeps of what it shows: a picture must be an upload of the conversation's buyer (an operator's
 * picture is stored as one, so both sides may open it), a goods card copies the goods as the buyer sees them (a
 * price hidden from a buyer waiting for review stays hidden), and an order card must be the buyer's own order,
 * else 404 as for any other account's order.
 */
import type { ChatCard, ChatSend } from '../../../core/schemas/chat.js';
import type { ChatKind } from '../../db/schema/chat.js';
import type { Db } from '../../db/client.js';
import { invalid, notFound } from '../../http/envelope.js';
import { goodsView, visibleGoodsByIds, type Viewer } from '../catalogue/index.js';
import { adminOrderDetail, ORDER_MISSING } from '../orders/index.js';
import { ownsUploads } from '../uploads/index.js';

const GOODS_MISSING = '商品不存在或已下架';

export type Content = { kind: ChatKind; body: string; card: ChatCard | null };

/** The kept body and card of a message to send, in the conversation of `userId`; `viewer` is how that buyer sees goods. */
export async function contentOf(db: Db, send: ChatSend, userId: number, viewer: () => Promise<Viewer>): Promise<Content> {
  switch (send.type) {
    case 'text':
      return { kind: 'text', body: send.text, card: null };
    case 'image':
      if (!(await ownsUploads(db, userId, [send.url]))) throw invalid('content', '图片不存在，请重新上传');
      return { kind: 'image', body: send.url, card: null };
    case 'goods': {
      const seen = await viewer();
      const [row] = await visibleGoodsByIds(db, [send.id], seen);
      if (!row) throw notFound(GOODS_MISSING);
      const g = goodsView(row, seen);
      return {
        kind: 'goods',
        body: String(g.id),
        card: { type: 'goods', id: g.id, name: g.name, ypgg: g.ypgg, sccj: g.sccj, image: g.goods_image[0] ?? '', price: g.base_price, price_tip: g.price_tip },
      };
    }
    case 'order': {
      const o = await adminOrderDetail(db, send.id).catch(() => null);
      if (!o || o.buyer.id !== userId) throw notFound(ORDER_MISSING);
      const names = o.items.map((i) => i.name);
      return {
        kind: 'order',
        body: String(o.id),
        card: {
          type: 'order',
          id: o.id,
          order_no: o.order_no,
          status: o.status,
          status_text: o.status_text,
          pay_amount: o.pay_amount,
          item_count: o.item_count,
          goods: names.slice(0, 2).join('、') + (names.length > 2 ? ` 等${names.length}种` : ''),
          created_at: o.created_at,
        },
      };
    }
  }
}

/** One line of a message as the inbox lists it. */
export function previewOf(kind: ChatKind, body: string, card: Record<string, unknown> | null): string {
  if (kind === 'image') return '[图片]';
  if (kind === 'goods') return `[商品] ${String(card?.name ?? '')}`.trim();
  if (kind === 'order') return `[订单] ${String(card?.order_no ?? '')}`.trim();
  const line = body.replace(/\s+/g, ' ');
  return line.length > 40 ? `${line.slice(0, 40)}…` : line;
}
