/**
 * The console's 求购与反馈 (permission `service:reply`): the queues of variety requests and feedback with their
 * buyers, answering a request with its state (已上架 names the goods now listed), replying to feedback and closing
 * it. Every write goes through `audited` and tells the buyer in 我的消息 in the same transaction; a write that
 * changes nothing writes neither an audit row nor a message.
 */
import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Paged } from '../../../core/schemas/common.js';
import {
  BUY_STATUS_TEXT,
  BuyRequestStatus,
  FEEDBACK_TYPE_TEXT,
  FeedbackStatus,
  type AdminBuyRequest,
  type adminBuyRequestQuery,
  type AdminFeedback,
  type adminFeedbackQuery,
  type buyReplyBody,
  type feedbackCloseBody,
  type feedbackReplyBody,
} from '../../../core/schemas/self-service.js';
import type { Conn, Db } from '../../db/client.js';
import { containing } from '../../db/like.js';
import { buyRequests, feedbacks } from '../../db/schema/self-service.js';
import { invalid, notFound, refuse } from '../../http/envelope.js';
import { CHINA_MS } from '../../lib/china-time.js';
import { paged, PER_PAGE } from '../../lib/paged.js';
import { briefOf, buyersMatching, userBriefs, sendMessage } from '../accounts/index.js';
import { goodsByIds } from '../catalogue/index.js';
import { audited, operatorNames } from '../operators/index.js';
import { BUY_MISSING } from './service.js';
import { buyView, feedbackView, listedGoods, type BuyRow, type FeedbackRow } from './views.js';

const FEEDBACK_MISSING = '反馈不存在';
export const FEEDBACK_CLOSED = '该反馈已关闭，不能再回复';
export const GOODS_MISSING = '所选商品不存在';

/** `2026-11-20` in China time. */
const dayOf = (d: Date) => new Date(d.getTime() + CHINA_MS).toISOString().slice(0, 10);

/** Buyers and the operators who answered, for a page of rows: two statements. */
async function people(conn: Conn, rows: { userId: number; repliedBy: number | null }[]) {
  const [buyers, names] = await Promise.all([
    userBriefs(
      conn,
      rows.map((r) => r.userId),
    ),
    operatorNames(
      conn,
      rows.flatMap((r) => (r.repliedBy ? [r.repliedBy] : [])),
    ),
  ]);
  return (r: { userId: number; repliedBy: number | null }) => {
    const b = briefOf(buyers, r.userId);
    return { user_id: r.userId, username: b.username, company: b.company, replied_by: r.repliedBy ? (names.get(r.repliedBy) ?? '') : '' };
  };
}

async function buyerFilter(conn: Conn, keyword: string, own: SQL[]): Promise<SQL> {
  const buyers = await buyersMatching(conn, keyword);
  return or(...own, buyers.length ? inArray(buyRequests.userId, buyers) : sql`false`)!;
}

async function adminBuyViews(conn: Conn, rows: BuyRow[]): Promise<AdminBuyRequest[]> {
  const [goods, who] = await Promise.all([listedGoods(conn, rows), people(conn, rows)]);
  return rows.map((r) => ({ ...buyView(r, goods), ...who(r) }));
}

/** `GET /api/admin/buy-requests?page&status&keyword`: newest first. */
export async function listBuyRequestsAdmin(db: Db, q: z.output<typeof adminBuyRequestQuery>): Promise<Paged<AdminBuyRequest>> {
  const where: SQL[] = [];
  if (q.status) where.push(eq(buyRequests.status, Number(q.status)));
  if (q.keyword) {
    const like = containing(q.keyword);
    where.push(await buyerFilter(db, q.keyword, [ilike(buyRequests.name, like), ilike(buyRequests.sccj, like)]));
  }
  const cond = and(...where);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(buyRequests)
      .where(cond)
      .orderBy(desc(buyRequests.id))
      .limit(PER_PAGE)
      .offset((q.page - 1) * PER_PAGE),
    db.select({ n: count() }).from(buyRequests).where(cond),
  ]);
  return paged(await adminBuyViews(db, rows), n, q.page);
}

/** What the buyer reads in 我的消息 when a request is answered. */
function buyMessage(r: BuyRow, status: number, reply: string, goodsName: string) {
  const what = `“${r.name}${r.spec ? ` ${r.spec}` : ''}”`;
  const title = `品种求购${BUY_STATUS_TEXT[status]}：${r.name}`;
  const lead =
    status === BuyRequestStatus.listed
      ? `您求购的${what}已上架（${goodsName}），可在“自助服务-品种求购”中查看并前往下单。`
      : status === BuyRequestStatus.unavailable
        ? `很抱歉，您求购的${what}暂时无法采购。`
        : status === BuyRequestStatus.pending
          ? `您求购的${what}正在处理中。`
          : `您求购的${what}已有回复。`;
  return { title, content: `${lead}客服回复：${reply}` };
}

/**
 * `POST /api/admin/buy-requests/{id}/reply {status, reply, goods_id?}`: sets the state and the reply, and for 已上架
 * the goods now listed (any goods of the catalogue; 422 on `goods_id` when there is none such); the buyer is told.
 */
export async function replyBuyRequest(db: Db, request: FastifyRequest, id: number, body: z.output<typeof buyReplyBody>): Promise<AdminBuyRequest> {
  return audited(
    db,
    request,
    { permission: 'service:reply', stale: 'nothing', action: 'buy_request.reply', targetType: 'buy_request', targetId: id },
    async (tx, operator) => {
      const [before] = await tx.select().from(buyRequests).where(eq(buyRequests.id, id)).for('update');
      if (!before) throw notFound(BUY_MISSING);
      const listed = body.status === BuyRequestStatus.listed;
      const [goods] = listed ? await goodsByIds(tx, [body.goods_id!]) : [];
      if (listed && !goods) throw invalid('goods_id', GOODS_MISSING);
      const goodsId = listed ? goods.id : null;
      if (before.status === body.status && before.reply === body.reply && before.goodsId === goodsId) {
        return { before: null, after: null, result: (await adminBuyViews(tx, [before]))[0] };
      }
      const [after] = await tx
        .update(buyRequests)
        .set({ status: body.status, reply: body.reply, goodsId, repliedBy: operator.id, repliedAt: new Date() })
        .where(eq(buyRequests.id, id))
        .returning();
      const message = buyMessage(before, body.status, body.reply, goods ? `${goods.name} ${goods.ypgg}` : '');
      await sendMessage(tx, before.userId, message.title, message.content);
      const trail = (r: BuyRow) => ({ status: r.status, reply: r.reply, goods_id: r.goodsId });
      return { before: trail(before), after: trail(after), result: (await adminBuyViews(tx, [after]))[0] };
    },
  );
}

async function adminFeedbackViews(conn: Conn, rows: FeedbackRow[]): Promise<AdminFeedback[]> {
  const who = await people(conn, rows);
  return rows.map((r) => ({ ...feedbackView(r), ...who(r) }));
}

/** `GET /api/admin/feedback?page&status&type&keyword`: newest first. */
export async function listFeedbackAdmin(db: Db, q: z.output<typeof adminFeedbackQuery>): Promise<Paged<AdminFeedback>> {
  const where: SQL[] = [];
  if (q.status) where.push(eq(feedbacks.status, Number(q.status)));
  if (q.type) where.push(eq(feedbacks.type, q.type));
  if (q.keyword) {
    const buyers = await buyersMatching(db, q.keyword);
    where.push(or(ilike(feedbacks.content, containing(q.keyword)), buyers.length ? inArray(feedbacks.userId, buyers) : sql`false`)!);
  }
  const cond = and(...where);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(feedbacks)
      .where(cond)
      .orderBy(desc(feedbacks.id))
      .limit(PER_PAGE)
      .offset((q.page - 1) * PER_PAGE),
    db.select({ n: count() }).from(feedbacks).where(cond),
  ]);
  return paged(await adminFeedbackViews(db, rows), n, q.page);
}

const feedbackTrail = (r: FeedbackRow) => ({ status: r.status, reply: r.reply });
const filed = (r: FeedbackRow) => `您于 ${dayOf(r.createdAt)} 提交的${FEEDBACK_TYPE_TEXT[r.type]}类反馈`;

async function lockFeedback(conn: Conn, id: number) {
  const [row] = await conn.select().from(feedbacks).where(eq(feedbacks.id, id)).for('update');
  if (!row) throw notFound(FEEDBACK_MISSING);
  return row;
}

/** `POST /api/admin/feedback/{id}/reply {reply}`: 已回复 with the reply (a later reply replaces it); a closed one is refused. */
export async function replyFeedback(db: Db, request: FastifyRequest, id: number, body: z.output<typeof feedbackReplyBody>): Promise<AdminFeedback> {
  return audited(
    db,
    request,
    { permission: 'service:reply', stale: 'nothing', action: 'feedback.reply', targetType: 'feedback', targetId: id },
    async (tx, operator) => {
      const before = await lockFeedback(tx, id);
      if (before.status === FeedbackStatus.closed) throw refuse(FEEDBACK_CLOSED);
      if (before.status === FeedbackStatus.replied && before.reply === body.reply) {
        return { before: null, after: null, result: (await adminFeedbackViews(tx, [before]))[0] };
      }
      const [after] = await tx
        .update(feedbacks)
        .set({ status: FeedbackStatus.replied, reply: body.reply, repliedBy: operator.id, repliedAt: new Date() })
        .where(eq(feedbacks.id, id))
        .returning();
      await sendMessage(tx, before.userId, '意见反馈已回复', `${filed(before)}已有回复：${body.reply}`);
      return { before: feedbackTrail(before), after: feedbackTrail(after), result: (await adminFeedbackViews(tx, [after]))[0] };
    },
  );
}

/**
 * `POST /api/admin/feedback/{id}/close {reply?}`: 已关闭, with what was done when given (it becomes the reply);
 * the buyer is told. Closing a closed one answers it as it is.
 */
export async function closeFeedback(db: Db, request: FastifyRequest, id: number, body: z.output<typeof feedbackCloseBody>): Promise<AdminFeedback> {
  return audited(
    db,
    request,
    { permission: 'service:reply', stale: 'nothing', action: 'feedback.close', targetType: 'feedback', targetId: id },
    async (tx, operator) => {
      const before = await lockFeedback(tx, id);
      if (before.status === FeedbackStatus.closed) return { before: null, after: null, result: (await adminFeedbackViews(tx, [before]))[0] };
      const [after] = await tx
        .update(feedbacks)
        .set({
          status: FeedbackStatus.closed,
          ...(body.reply ? { reply: body.reply, repliedBy: operator.id, repliedAt: new Date() } : {}),
        })
        .where(eq(feedbacks.id, id))
        .returning();
      await sendMessage(
        tx,
        before.userId,
        '意见反馈已处理完毕',
        `${filed(before)}已处理完毕并关闭。${body.reply ? `处理说明：${body.reply}` : '感谢您的反馈。'}`,
      );
      return { before: feedbackTrail(before), after: feedbackTrail(after), result: (await adminFeedbackViews(tx, [after]))[0] };
    },
  );
}
