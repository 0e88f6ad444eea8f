/**
 * Telling the buyers who wait (docs/decisions/047-goods-notices.md): the catalogue calls `tellGoodsNotices` inside
 * the transaction that brought a goods' stock back, put it on sale or lowered its price (catalogue/goods-events.ts);
 * the ten-minute sweep (server/main.ts) calls it for every goods with subscriptions waiting, as a net under anything that changed goods
 * without saying so. Each waiting subscription whose event has come is claimed by one conditional update (status 0
 * to 1): of two transactions that find it due at once, the second waits for the first's row and then finds it told,
 * so a buyer is told once whatever the number of processes. The message goes in the same transaction.
 */
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { fenToYuan } from '../../../core/money.js';
import { GoodsNoticeStatus } from '../../../core/schemas/goods-notices.js';
import type { Conn, Db } from '../../db/client.js';
import { goodsNotices } from '../../db/schema/goods-notices.js';
import { approvedAmong, sendMessage } from '../accounts/index.js';
import type { GoodsCore } from '../catalogue/index.js';
import { goodsOf, outOfStock, type NoticeRow } from './views.js';

/** The goods page a message links to; 我的消息 shows it as a link (web MessagesPage). */
const goodsPath = (goodsId: number) => `/list/info/${goodsId}`;

const stockWords = (g: GoodsCore) => (g.number > 9999 ? '库存充足' : `现有库存 ${g.number}${g.bzdw}`);

/** The message of a subscription told: its title and content. */
function noticeMessage(n: NoticeRow, g: GoodsCore): { title: string; content: string } {
  const named = `${g.name} ${g.ypgg}`;
  const full = `${g.name}（${g.ypgg}，${g.sccj}）`;
  if (n.kind === 'arrival') {
    return {
      title: `您订阅的 ${named} 已到货`.slice(0, 120),
      content: `您订阅到货通知的 ${full}已到货，${stockWords(g)}，欢迎采购：${goodsPath(g.id)}`,
    };
  }
  const target = n.targetPrice === null ? '' : `，已达到您设置的目标价 ¥${fenToYuan(n.targetPrice)}`;
  return {
    title: `您关注的 ${named} 降价了`.slice(0, 120),
    content: `您设置降价提醒的 ${full}已由 ¥${fenToYuan(n.price)} 降至 ¥${fenToYuan(g.basePrice)}${target}，欢迎采购：${goodsPath(g.id)}`,
  };
}

/** Whether the event a waiting subscription waits for has come, the goods as it now stands. */
function due(n: NoticeRow, g: GoodsCore | undefined, seesPrices: Set<number>): g is GoodsCore {
  if (!g || !g.isOnSale) return false;
  if (n.kind === 'arrival') return g.isBuy && !outOfStock(g);
  return seesPrices.has(n.userId) && g.basePrice < n.price && (n.targetPrice === null || g.basePrice <= n.targetPrice);
}

/** Tells every waiting subscription of these goods whose event has come, once, in the caller's transaction; answers how many. */
export async function tellGoodsNotices(tx: Conn, goodsIds: number[]): Promise<number> {
  if (!goodsIds.length) return 0;
  const waiting = await tx
    .select()
    .from(goodsNotices)
    .where(and(inArray(goodsNotices.goodsId, goodsIds), eq(goodsNotices.status, GoodsNoticeStatus.waiting)));
  if (!waiting.length) return 0;
  const goods = await goodsOf(tx, waiting);
  // 降价提醒 speaks of prices: told only to buyers who may see them now (decision 047).
  const seesPrices = new Set(await approvedAmong(tx, [...new Set(waiting.filter((n) => n.kind === 'price').map((n) => n.userId))]));
  const dueIds = waiting.filter((n) => due(n, goods.get(n.goodsId), seesPrices)).map((n) => n.id);
  if (!dueIds.length) return 0;
  const claimed = await tx
    .update(goodsNotices)
    .set({ status: GoodsNoticeStatus.told, toldAt: new Date() })
    .where(and(inArray(goodsNotices.id, dueIds), eq(goodsNotices.status, GoodsNoticeStatus.waiting)))
    .returning();
  for (const n of claimed.sort((a, b) => a.id - b.id)) {
    const { title, content } = noticeMessage(n, goods.get(n.goodsId)!);
    const messageId = await sendMessage(tx, n.userId, title, content);
    await tx.update(goodsNotices).set({ messageId }).where(eq(goodsNotices.id, n.id));
  }
  return claimed.length;
}

/** Goods with subscriptions waiting, a few hundred at a time. */
const SWEEP_CHUNK = 500;

/**
 * The ten-minute net: every goods with a subscription waiting is looked at as it now stands, a chunk of goods per
 * transaction; answers how many were told. Cheap when nothing waits (one read of a partial index).
 */
export async function sweepGoodsNotices(db: Db): Promise<number> {
  let told = 0;
  let after = 0;
  for (;;) {
    const rows = await db
      .selectDistinct({ goodsId: goodsNotices.goodsId })
      .from(goodsNotices)
      .where(and(eq(goodsNotices.status, GoodsNoticeStatus.waiting), gt(goodsNotices.goodsId, after)))
      .orderBy(asc(goodsNotices.goodsId))
      .limit(SWEEP_CHUNK);
    if (!rows.length) return told;
    const ids = rows.map((r) => r.goodsId);
    told += await db.transaction((tx) => tellGoodsNotices(tx, ids));
    after = ids[ids.length - 1];
  }
}
