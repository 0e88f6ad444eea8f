/**
 * 品种求购 and 意见反馈 for buyers: filing one, the account's list, one request. Any logged-in account may file,
 * one waiting for its licence review too (decision 024). A filing is one transaction that first takes the
 * account's turn (a transaction-scoped advisory lock), so two posts of the same form at once take turns and the
 * second finds the first: the same content filed within ten minutes answers the row written before (`already` 1).
 */
import { and, count, desc, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { yuanToFen } from '../../../core/money.js';
import {
  BuyRequestStatus,
  type BuyRequest,
  type buyRequestBody,
  type BuyRequestPage,
  type buyRequestQuery,
  type BuyRequestSaved,
  type feedbackBody,
  type FeedbackPage,
  type FeedbackSaved,
} from '../../../core/schemas/self-service.js';
import type { Db, Tx } from '../../db/client.js';
import { buyRequests, feedbacks } from '../../db/schema/self-service.js';
import type { SessionUser } from '../../http/auth.js';
import { invalid, notFound, refuse } from '../../http/envelope.js';
import { DAY_MS } from '../../lib/china-time.js';
import { paged, PER_PAGE } from '../../lib/paged.js';
import { ownsUploads } from '../uploads/index.js';
import { buyView, feedbackView, listedGoods } from './views.js';

export const BUY_MISSING = '求购信息不存在';
/** The same content filed again within this long is the same filing (a double click, a retry after a lost answer). */
const SAME_FILING_MS = 10 * 60_000;
/** Filings an account may make in any 24 hours: enough for a busy pharmacy, too few to flood the operators. */
export const BUY_DAILY_LIMIT = 30;
export const FEEDBACK_DAILY_LIMIT = 10;
export const BUY_TOO_MANY = `24小时内最多提交${BUY_DAILY_LIMIT}条求购，请稍后再试`;
export const FEEDBACK_TOO_MANY = `24小时内最多提交${FEEDBACK_DAILY_LIMIT}条反馈，请稍后再试`;
const IMAGES_INVALID = '图片无效，请重新上传';
/** The feedback list sits under the form: ten a page. */
const FEEDBACK_PER_PAGE = 10;

/** The first key of the advisory locks of this module; the second is the account. */
const LOCK = { buy: 24_001, feedback: 24_002 } as const;

/** Takes the account's turn at filing `kind` until the transaction ends. */
async function takeTurn(tx: Tx, kind: keyof typeof LOCK, userId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK[kind]}::int, ${userId}::int)`);
}

type BuyBody = z.output<typeof buyRequestBody>;

function buyColumns(userId: number, b: BuyBody) {
  return {
    userId,
    name: b.name,
    sccj: b.sccj,
    spec: b.ypgg,
    quantity: b.number,
    unit: b.bzdw,
    expectedPrice: b.expected_price === null ? null : yuanToFen(b.expected_price),
    contact: b.contact,
    phone: b.phone,
    remark: b.remark,
  };
}

/** `POST /api/user/buy`: files a request (待处理), or answers the same one filed moments before. */
export async function fileBuyRequest(db: Db, user: SessionUser, body: BuyBody): Promise<BuyRequestSaved> {
  const values = buyColumns(user.id, body);
  const since = new Date(Date.now() - SAME_FILING_MS);
  const { row, already } = await db.transaction(async (tx) => {
    await takeTurn(tx, 'buy', user.id);
    const [same] = await tx
      .select()
      .from(buyRequests)
      .where(
        and(
          eq(buyRequests.userId, user.id),
          gt(buyRequests.createdAt, since),
          eq(buyRequests.name, values.name),
          eq(buyRequests.sccj, values.sccj),
          eq(buyRequests.spec, values.spec),
          eq(buyRequests.quantity, values.quantity),
          eq(buyRequests.unit, values.unit),
          values.expectedPrice === null ? isNull(buyRequests.expectedPrice) : eq(buyRequests.expectedPrice, values.expectedPrice),
          eq(buyRequests.contact, values.contact),
          eq(buyRequests.phone, values.phone),
          eq(buyRequests.remark, values.remark),
        ),
      )
      .orderBy(desc(buyRequests.id))
      .limit(1);
    if (same) return { row: same, already: 1 as const };
    const [{ n }] = await tx
      .select({ n: count() })
      .from(buyRequests)
      .where(and(eq(buyRequests.userId, user.id), gt(buyRequests.createdAt, new Date(Date.now() - DAY_MS))));
    if (n >= BUY_DAILY_LIMIT) throw refuse(BUY_TOO_MANY);
    const [created] = await tx.insert(buyRequests).values(values).returning();
    return { row: created, already: 0 as const };
  });
  return { ...buyView(row, await listedGoods(db, [row])), already };
}

const STATUS_COUNTS = {
  pending: BuyRequestStatus.pending,
  replied: BuyRequestStatus.replied,
  listed: BuyRequestStatus.listed,
  unavailable: BuyRequestStatus.unavailable,
};

/** `GET /api/user/buy?page&status`: the account's requests, newest first, with the count of each state. */
export async function listBuyRequests(db: Db, user: SessionUser, q: z.output<typeof buyRequestQuery>): Promise<BuyRequestPage> {
  const mine = eq(buyRequests.userId, user.id);
  const where: SQL | undefined = q.status === undefined ? mine : and(mine, eq(buyRequests.status, q.status));
  const [rows, [{ n }], byStatus] = await Promise.all([
    db
      .select()
      .from(buyRequests)
      .where(where)
      .orderBy(desc(buyRequests.id))
      .limit(PER_PAGE)
      .offset((q.page - 1) * PER_PAGE),
    db.select({ n: count() }).from(buyRequests).where(where),
    db.select({ status: buyRequests.status, n: count() }).from(buyRequests).where(mine).groupBy(buyRequests.status),
  ]);
  const goods = await listedGoods(db, rows);
  const of = (s: number) => byStatus.find((r) => r.status === s)?.n ?? 0;
  return {
    ...paged(
      rows.map((r) => buyView(r, goods)),
      n,
      q.page,
    ),
    counts: {
      all: byStatus.reduce((a, r) => a + r.n, 0),
      ...(Object.fromEntries(Object.entries(STATUS_COUNTS).map(([k, s]) => [k, of(s)])) as Record<keyof typeof STATUS_COUNTS, number>),
    },
  };
}

/** `GET /api/user/buy/{id}`: one of the account's requests with its reply; another account's is 404. */
export async function buyRequestDetail(db: Db, user: SessionUser, id: number): Promise<BuyRequest> {
  const [row] = await db
    .select()
    .from(buyRequests)
    .where(and(eq(buyRequests.id, id), eq(buyRequests.userId, user.id)));
  if (!row) throw notFound(BUY_MISSING);
  return buyView(row, await listedGoods(db, [row]));
}

type FeedbackBody = z.output<typeof feedbackBody>;

/** `POST /api/user/feedback`: files feedback (待处理) with the account's own pictures, or answers the same one filed moments before. */
export async function fileFeedback(db: Db, user: SessionUser, body: FeedbackBody): Promise<FeedbackSaved> {
  const images = [...new Set(body.images)];
  if (!(await ownsUploads(db, user.id, images))) throw invalid('images', IMAGES_INVALID);
  const since = new Date(Date.now() - SAME_FILING_MS);
  const { row, already } = await db.transaction(async (tx) => {
    await takeTurn(tx, 'feedback', user.id);
    const [same] = await tx
      .select()
      .from(feedbacks)
      .where(
        and(
          eq(feedbacks.userId, user.id),
          gt(feedbacks.createdAt, since),
          eq(feedbacks.type, body.type),
          eq(feedbacks.content, body.content),
          eq(feedbacks.contact, body.contact),
          sql`${feedbacks.images} = ${JSON.stringify(images)}::jsonb`,
        ),
      )
      .orderBy(desc(feedbacks.id))
      .limit(1);
    if (same) return { row: same, already: 1 as const };
    const [{ n }] = await tx
      .select({ n: count() })
      .from(feedbacks)
      .where(and(eq(feedbacks.userId, user.id), gt(feedbacks.createdAt, new Date(Date.now() - DAY_MS))));
    if (n >= FEEDBACK_DAILY_LIMIT) throw refuse(FEEDBACK_TOO_MANY);
    const [created] = await tx.insert(feedbacks).values({ userId: user.id, type: body.type, content: body.content, images, contact: body.contact }).returning();
    return { row: created, already: 0 as const };
  });
  return { ...feedbackView(row), already };
}

/** `GET /api/user/feedback?page`: the account's feedback, newest first, with the replies. */
export async function listFeedback(db: Db, user: SessionUser, page: number): Promise<FeedbackPage> {
  const mine = eq(feedbacks.userId, user.id);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(feedbacks)
      .where(mine)
      .orderBy(desc(feedbacks.id))
      .limit(FEEDBACK_PER_PAGE)
      .offset((page - 1) * FEEDBACK_PER_PAGE),
    db.select({ n: count() }).from(feedbacks).where(mine),
  ]);
  return paged(rows.map(feedbackView), n, page, FEEDBACK_PER_PAGE);
}
