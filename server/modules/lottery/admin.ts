/**
 * The console's lottery (营销活动 › 抽奖活动, permission `promotion:write`): activities with their period, cost,
 * limits and eight prizes (kind, value, weight, stock), switched on and off; each activity's draws, and shipping
 * the physical prizes. Every write is audited and drops the shared answers at once.
 */
import { and, asc, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { fenToYuan, yuanToFen } from '../../../core/money.js';
import type { adminDrawQuery, AdminDrawPage, AdminLottery, AdminLotteryPage, adminLotteryQuery, LotteryInput } from '../../../core/schemas/lottery.js';
import type { Conn, Db, Tx } from '../../db/client.js';
import { containing } from '../../db/like.js';
import { lotteries, lotteryDraws, lotteryPrizes } from '../../db/schema/lottery.js';
import { invalid, notFound, refuse } from '../../http/envelope.js';
import { seconds } from '../../lib/china-time.js';
import { paged, PER_PAGE } from '../../lib/paged.js';
import { briefOf, buyersMatching, userBriefs } from '../accounts/index.js';
import { audited } from '../operators/index.js';
import { couponNamesOf } from '../wallet/index.js';
import type { LotteryRow } from './chances.js';
import { lotteryNames, recordView } from './service.js';

type PrizeRow = typeof lotteryPrizes.$inferSelect;
const CHINA_MS = 8 * 3_600_000;

/** `YYYY-MM-DD HH:mm` China time, both ways. */
const minuteOf = (d: Date) => new Date(d.getTime() + CHINA_MS).toISOString().slice(0, 16).replace('T', ' ');
const fromMinute = (v: string) => new Date(Date.parse(`${v.replace(' ', 'T')}:00+08:00`));

function stateText(l: LotteryRow, now = Date.now()) {
  if (!l.isShow) return '已停用';
  if (l.startsAt.getTime() > now) return '未开始';
  if (l.endsAt.getTime() <= now) return '已结束';
  return '进行中';
}

/** A weight as a share of all weights: what the operator is really setting. */
const share = (weight: number, total: number) => `${total ? ((weight * 100) / total).toFixed(2) : '0.00'}%`;

function prizeViews(prizes: PrizeRow[]) {
  const total = prizes.reduce((s, p) => s + p.weight, 0);
  return prizes.map((p) => ({
    id: p.id,
    slot: p.slot,
    kind: p.kind,
    name: p.name,
    points: p.kind === 'points' ? p.value : 0,
    amount: fenToYuan(p.kind === 'red_packet' ? p.value : 0),
    coupon_id: p.couponId,
    image: p.image,
    weight: p.weight,
    stock: p.stock,
    won: p.won,
    chance: share(p.weight, total),
  }));
}

type Figures = { draws: number; waiting: number };

function view(l: LotteryRow, prizes: PrizeRow[], figures: Figures): AdminLottery {
  return {
    id: l.id,
    name: l.name,
    remarks: l.remarks,
    rules: l.rules,
    starts_at: minuteOf(l.startsAt),
    ends_at: minuteOf(l.endsAt),
    cost_kind: l.costKind,
    cost_points: l.costPoints,
    draws_per_order: l.drawsPerOrder,
    daily_limit: l.dailyLimit,
    total_limit: l.totalLimit,
    ads: l.ads,
    is_show: l.isShow ? 1 : 0,
    state_text: stateText(l),
    draws: figures.draws,
    waiting: figures.waiting,
    prizes: prizeViews(prizes),
    created_at: seconds(l.createdAt),
  };
}

/** The prizes and figures of some activities, in two statements. */
async function detailsOf(conn: Conn, ids: number[]) {
  if (!ids.length) return { prizes: new Map<number, PrizeRow[]>(), figures: new Map<number, Figures>() };
  const [prizeRows, figureRows] = await Promise.all([
    conn.select().from(lotteryPrizes).where(inArray(lotteryPrizes.lotteryId, ids)).orderBy(asc(lotteryPrizes.lotteryId), asc(lotteryPrizes.slot)),
    conn
      .select({ id: lotteryDraws.lotteryId, draws: count(), waiting: sql<number>`count(*) filter (where ${lotteryDraws.status} = 2)::int` })
      .from(lotteryDraws)
      .where(inArray(lotteryDraws.lotteryId, ids))
      .groupBy(lotteryDraws.lotteryId),
  ]);
  const prizes = new Map<number, PrizeRow[]>();
  for (const p of prizeRows) prizes.set(p.lotteryId, [...(prizes.get(p.lotteryId) ?? []), p]);
  return { prizes, figures: new Map(figureRows.map((f) => [f.id, { draws: f.draws, waiting: Number(f.waiting) }])) };
}

async function viewOf(conn: Conn, l: LotteryRow) {
  const { prizes, figures } = await detailsOf(conn, [l.id]);
  return view(l, prizes.get(l.id) ?? [], figures.get(l.id) ?? { draws: 0, waiting: 0 });
}

/** `GET /api/admin/lotteries?page&keyword`: the latest first, each with its prizes. */
export async function listLotteries(db: Db, q: z.output<typeof adminLotteryQuery>): Promise<AdminLotteryPage> {
  const where = q.keyword ? ilike(lotteries.name, containing(q.keyword)) : undefined;
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(lotteries)
      .where(where)
      .orderBy(desc(lotteries.id))
      .limit(PER_PAGE)
      .offset((q.page - 1) * PER_PAGE),
    db.select({ n: count() }).from(lotteries).where(where),
  ]);
  const { prizes, figures } = await detailsOf(
    db,
    rows.map((r) => r.id),
  );
  return paged(
    rows.map((r) => view(r, prizes.get(r.id) ?? [], figures.get(r.id) ?? { draws: 0, waiting: 0 })),
    n,
    q.page,
  );
}

const columns = (input: LotteryInput) => ({
  name: input.name,
  remarks: input.remarks,
  rules: input.rules,
  startsAt: fromMinute(input.starts_at),
  endsAt: fromMinute(input.ends_at),
  costKind: input.cost_kind,
  costPoints: input.cost_kind === 'points' ? input.cost_points : 0,
  drawsPerOrder: input.cost_kind === 'orders' ? input.draws_per_order : 0,
  dailyLimit: input.daily_limit,
  totalLimit: input.total_limit,
  ads: input.ads,
  isShow: input.is_show === 1,
});

const prizeColumns = (lotteryId: number, input: LotteryInput) =>
  input.prizes.map((p, slot) => ({
    lotteryId,
    slot,
    kind: p.kind,
    name: p.name,
    value: p.kind === 'points' ? p.points : p.kind === 'red_packet' ? yuanToFen(p.amount) : 0,
    couponId: p.kind === 'coupon' ? p.coupon_id : null,
    image: p.image,
    weight: p.weight,
    stock: p.kind === 'none' ? 0 : p.stock,
  }));

/** A coupon prize must hand out a template that exists. */
async function checkCoupons(tx: Tx, input: LotteryInput) {
  const wanted = input.prizes.flatMap((p, i) => (p.kind === 'coupon' && p.coupon_id ? [{ i, id: p.coupon_id }] : []));
  const known = await couponNamesOf(
    tx,
    wanted.map((w) => w.id),
  );
  const missing = wanted.find((w) => !known.has(w.id));
  if (missing) throw invalid(`prizes.${missing.i}.coupon_id`, `第${missing.i + 1}个奖品的优惠券不存在（ID ${missing.id}）`);
}

/** What the audit log keeps of an activity: its settings and its grid. */
const auditOf = (v: AdminLottery) => ({
  ...v,
  state_text: undefined,
  draws: undefined,
  waiting: undefined,
  created_at: undefined,
  prizes: v.prizes.map((p) => ({ ...p, won: undefined, chance: undefined, id: undefined })),
});

async function lockedLottery(tx: Tx, id: number) {
  const [row] = await tx.select().from(lotteries).where(eq(lotteries.id, id)).for('update');
  if (!row) throw notFound('抽奖活动不存在');
  return row;
}

/** `POST /api/admin/lotteries`: a new activity with its eight prizes. */
export async function createLottery(db: Db, request: FastifyRequest, input: LotteryInput): Promise<AdminLottery> {
  const result = await audited(
    db,
    request,
    { permission: 'promotion:write', stale: 'promotions', action: 'lottery.create', targetType: 'lottery', targetId: 0 },
    async (tx) => {
      await checkCoupons(tx, input);
      const [row] = await tx.insert(lotteries).values(columns(input)).returning();
      await tx.insert(lotteryPrizes).values(prizeColumns(row.id, input));
      const after = await viewOf(tx, row);
      return { before: null, after: auditOf(after), result: after, targetId: row.id };
    },
  );
  return result;
}

/** `POST /api/admin/lotteries/{id}`: changes an activity and its grid, slot by slot (what each prize has been won stays). */
export async function updateLottery(db: Db, request: FastifyRequest, id: number, input: LotteryInput): Promise<AdminLottery> {
  const result = await audited(
    db,
    request,
    { permission: 'promotion:write', stale: 'promotions', action: 'lottery.update', targetType: 'lottery', targetId: id },
    async (tx) => {
      const before = await viewOf(tx, await lockedLottery(tx, id));
      await checkCoupons(tx, input);
      const [row] = await tx.update(lotteries).set(columns(input)).where(eq(lotteries.id, id)).returning();
      await tx
        .insert(lotteryPrizes)
        .values(prizeColumns(id, input))
        .onConflictDoUpdate({
          target: [lotteryPrizes.lotteryId, lotteryPrizes.slot],
          set: {
            kind: sql`excluded.kind`,
            name: sql`excluded.name`,
            value: sql`excluded.value`,
            couponId: sql`excluded.coupon_id`,
            image: sql`excluded.image`,
            weight: sql`excluded.weight`,
            stock: sql`excluded.stock`,
          },
        });
      const after = await viewOf(tx, row);
      return { before: auditOf(before), after: auditOf(after), result: after };
    },
  );
  return result;
}

/** `POST /api/admin/lotteries/{id}/show`: switches an activity on or off. */
export async function showLottery(db: Db, request: FastifyRequest, id: number, show: boolean): Promise<AdminLottery> {
  const result = await audited(
    db,
    request,
    { permission: 'promotion:write', stale: 'promotions', action: show ? 'lottery.enable' : 'lottery.disable', targetType: 'lottery', targetId: id },
    async (tx) => {
      const before = await lockedLottery(tx, id);
      if (before.isShow === show) return { before: null, after: null, result: await viewOf(tx, before) };
      const [after] = await tx.update(lotteries).set({ isShow: show }).where(eq(lotteries.id, id)).returning();
      return { before: { is_show: before.isShow ? 1 : 0 }, after: { is_show: show ? 1 : 0 }, result: await viewOf(tx, after) };
    },
  );
  return result;
}

/** `GET /api/admin/lotteries/{id}/draws?page&status&kind&keyword`: an activity's draws, newest first. */
export async function listDraws(db: Db, id: number, q: z.output<typeof adminDrawQuery>): Promise<AdminDrawPage> {
  const [l] = await db.select({ id: lotteries.id, name: lotteries.name }).from(lotteries).where(eq(lotteries.id, id));
  if (!l) throw notFound('抽奖活动不存在');
  const where: SQL[] = [eq(lotteryDraws.lotteryId, id)];
  if (q.status !== undefined) where.push(eq(lotteryDraws.status, q.status));
  if (q.kind) where.push(eq(lotteryDraws.prizeKind, q.kind));
  if (q.keyword) {
    const buyers = await buyersMatching(db, q.keyword);
    if (!buyers.length) return paged([], 0, q.page);
    where.push(inArray(lotteryDraws.userId, buyers));
  }
  const cond = and(...where);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(lotteryDraws)
      .where(cond)
      .orderBy(desc(lotteryDraws.id))
      .limit(PER_PAGE)
      .offset((q.page - 1) * PER_PAGE),
    db.select({ n: count() }).from(lotteryDraws).where(cond),
  ]);
  const briefs = await userBriefs(
    db,
    rows.map((r) => r.userId),
  );
  return paged(
    rows.map((r) => {
      const b = briefOf(briefs, r.userId);
      return { ...recordView(r, l.name), user_id: r.userId, username: b.username, company: b.company, user_phone: b.phone };
    }),
    n,
    q.page,
  );
}

/** `POST /api/admin/lottery-draws/{id}/ship {carrier, tracking_no}`: a physical prize sent to the address the buyer gave. */
export async function shipDraw(db: Db, request: FastifyRequest, id: number, body: { carrier: string; tracking_no: string }) {
  const result = await audited(
    db,
    request,
    { permission: 'promotion:write', stale: 'promotions', action: 'lottery.ship', targetType: 'lottery_draw', targetId: id },
    async (tx) => {
      const [r] = await tx.select().from(lotteryDraws).where(eq(lotteryDraws.id, id)).for('update');
      if (!r) throw notFound('抽奖记录不存在');
      if (r.status === 1) throw refuse('买家尚未填写收货地址，暂不能发货');
      if (r.status !== 2) throw refuse('该记录不是待发货状态');
      const [after] = await tx
        .update(lotteryDraws)
        .set({ status: 3, carrier: body.carrier, trackingNo: body.tracking_no, shippedAt: new Date() })
        .where(eq(lotteryDraws.id, id))
        .returning();
      const names = await lotteryNames(tx, [after.lotteryId]);
      const briefs = await userBriefs(tx, [after.userId]);
      const b = briefOf(briefs, after.userId);
      return {
        before: { status: r.status },
        after: { status: 3, carrier: body.carrier, tracking_no: body.tracking_no },
        result: {
          ...recordView(after, names.get(after.lotteryId) ?? ''),
          user_id: after.userId,
          username: b.username,
          company: b.company,
          user_phone: b.phone,
        },
      };
    },
  );
  return result;
}
