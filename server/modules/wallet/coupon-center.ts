/**
 * 领券中心 (`/lqzx`): the coupons open to claiming, and a claim. A claim locks its coupon's row, so that claims of
 * one coupon take turns: the copies left are read with the lock, then one statement counts the account's own
 * copies, and below its limit counts the claim and writes the copy, in one transaction. 1,000 buyers claiming the last 10 get exactly 10, and an
 * account posting twice at once never passes its limit.
 *
 * The offer itself (the open templates and their scope names) is one shared answer, kept like the catalogue's
 * (http/cache.ts): a claim drops it in its own process, a console write in every process, and other processes
 * may show a count left that lags by up to 30 s (a claim itself always reads the locked row). What is the
 * buyer's own, how many of each coupon they hold, is one indexed read per request.
 */
import { and, asc, count, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { CenterCoupon, CouponReceived } from '../../../core/schemas/wallet.js';
import type { Db } from '../../db/client.js';
import { coupons, userCoupons } from '../../db/schema/wallet.js';
import { cachedResult, forgetResult } from '../../http/cache.js';
import { KeptAnswer } from '../../http/kept-answer.js';
import { notFound, okText, refuse } from '../../http/envelope.js';
import type { SessionUser } from '../../http/auth.js';
import { CHINA_MS, DAY_MS, seconds } from '../../lib/china-time.js';
import { paged, PER_PAGE } from '../../lib/paged.js';
import { couponTerms, scopeNames } from './coupons.js';

export const CLAIM_NOT_APPROVED = '资质审核通过后才能领取优惠券，请前往“账户中心-资质证件”查看审核进度';
export const CLAIM_GONE = '该优惠券已领完';
export const CLAIM_LIMIT = '您已领取过该优惠券';
export const CLAIM_CLOSED = '该优惠券不在领取时间内';

type CouponRow = typeof coupons.$inferSelect;

/** Open to claiming now: shown in the centre and within its claiming period. */
const open = (now: Date) => and(eq(coupons.isShow, true), lte(coupons.startsAt, now), gt(coupons.endsAt, now))!;

const day = (d: Date) => new Date(d.getTime() + CHINA_MS).toISOString().slice(0, 10).replaceAll('-', '.');

const STATE_TEXT = ['立即领取', '已领取', '已领完'] as const;

const leftOf = (c: CouponRow) => (c.total > 0 ? Math.max(0, c.total - c.claimed) : null);
const stateOf = (c: CouponRow, mine: number): 0 | 1 | 2 => (leftOf(c) === 0 ? 2 : mine >= c.perUser ? 1 : 0);

/** What a coupon of the centre says to every viewer alike. */
function terms(c: CouponRow, names: Map<number, string>) {
  return {
    ...couponTerms(c, names),
    id: c.id,
    valid_text: c.validDays > 0 ? `领取后${c.validDays}天内有效` : `${day(c.startsAt)}-${day(c.endsAt)}`,
    ends_at: seconds(c.endsAt),
    total: c.total,
    left: leftOf(c),
    claimed_percent: c.total > 0 ? Math.min(100, Math.floor((c.claimed * 100) / c.total)) : 0,
    per_user: c.perUser,
  };
}

/** The fields that are the account's own, last in each coupon. */
function own(c: CouponRow, mine: number) {
  const state = stateOf(c, mine);
  return { mine, state, state_text: STATE_TEXT[state] };
}

function view(c: CouponRow, mine: number, names: Map<number, string>): CenterCoupon {
  return { ...terms(c, names), ...own(c, mine) };
}

/** How many copies of each coupon the account holds (any status, however they came). */
async function held(db: Db, userId: number | null, ids: number[]): Promise<Map<number, number>> {
  if (userId === null || !ids.length) return new Map();
  const rows = await db
    .select({ id: userCoupons.couponId, n: count() })
    .from(userCoupons)
    .where(and(eq(userCoupons.userId, userId), inArray(userCoupons.couponId, ids)))
    .groupBy(userCoupons.couponId);
  return new Map(rows.map((r) => [r.id, r.n]));
}

const OFFER_KEY = ['coupon-center'];
/** The offer never lists more than this many templates (a centre of a few dozen is usual). */
const OFFER_CAP = 500;

/** An offered coupon with the JSON text of what it says to everybody, its closing brace left off. */
type Offered = { coupon: CouponRow; text: string };

/**
 * Every template open to claiming, those ending soonest first, each with its shared fields already written as
 * JSON: a request adds only the account's own three fields to each.
 */
function offer(db: Db): Promise<Offered[]> {
  return cachedResult(db, OFFER_KEY, async () => {
    const rows = await db.select().from(coupons).where(open(new Date())).orderBy(asc(coupons.endsAt), asc(coupons.id)).limit(OFFER_CAP);
    const names = await scopeNames(db, rows);
    return rows.map((c) => ({ coupon: c, text: JSON.stringify(terms(c, names)).slice(0, -1) }));
  });
}

/** Drops the kept offer of this process: its counts left have changed, or a template has. */
function forgetCouponOffer(db: Db) {
  forgetResult(db, OFFER_KEY);
}

/**
 * `GET /api/coupon/center?page&ids`: the coupons open to claiming, those ending soonest first, or those of `ids`
 * in that order (an activity page's coupon strip); a guest sees them too. The answer (`CouponCenterPage`) is put together
 * from the kept offer: a guest's, or that of a buyer holding none of the page's coupons, is kept with the page and
 * compressed once (http/kept-answer.ts); a buyer's own is made for the request.
 */
export async function couponCenter(db: Db, user: SessionUser | null, page: number, ids?: number[]): Promise<KeptAnswer> {
  const made = pageOf(await offer(db), page, ids);
  const mine = await held(db, user?.id ?? null, made.ids);
  // A guest, or a buyer holding none of the page's coupons, sees the page as it was written for everybody.
  if (!mine.size) return made.plain;
  return new KeptAnswer(pageText(items(made.shown, mine), made.total, page));
}

/** Each shown coupon's JSON: its shared text with the account's own fields (`mine`: copies held by id). */
const items = (shown: Offered[], mine: ReadonlyMap<number, number>) =>
  shown.map(({ coupon, text }) => `${text},${JSON.stringify(own(coupon, mine.get(coupon.id) ?? 0)).slice(1)}`);

/** The page's envelope with a placeholder list, which the items then replace. */
const pageText = (items: string[], total: number, page: number) => okText(paged([0], total, page)).replace('"data":[0]', `"data":[${items.join(',')}]`);

/** A page of the offer: its coupons and its text for a viewer holding none of them, good until `until` (ms). */
type OfferPage = { shown: Offered[]; ids: number[]; total: number; plain: KeptAnswer; until: number };

/** The pages of each kept offer made so far, by page and `ids`; a new offer (a claim, a console write) starts none. */
const offerPages = new WeakMap<Offered[], Map<string, OfferPage>>();

const NONE_HELD: ReadonlyMap<number, number> = new Map();

/**
 * The page of the offer for this query, made once for each offer and kept with it until the first of its
 * templates ends: a template that has ended since the offer was kept is not shown (claiming it is refused anyway).
 */
function pageOf(all: Offered[], page: number, ids: number[] | undefined): OfferPage {
  let pages = offerPages.get(all);
  if (!pages) offerPages.set(all, (pages = new Map()));
  const key = `${page}:${ids?.join(',') ?? ''}`;
  const nowMs = Date.now();
  const kept = pages.get(key);
  if (kept && nowMs < kept.until) return kept;
  const current = all.filter(({ coupon: c }) => c.endsAt.getTime() > nowMs && c.startsAt.getTime() <= nowMs);
  const offered = ids ? ids.flatMap((id) => current.filter((o) => o.coupon.id === id)) : current;
  const shown = offered.slice((page - 1) * PER_PAGE, page * PER_PAGE);
  const made: OfferPage = {
    shown,
    ids: shown.map(({ coupon }) => coupon.id),
    total: offered.length,
    plain: new KeptAnswer(pageText(items(shown, NONE_HELD), offered.length, page)),
    until: Math.min(...current.map(({ coupon }) => coupon.endsAt.getTime())),
  };
  // A query of its own per page and coupon list: a few dozen at most for a centre of a few dozen coupons.
  if (pages.size < 200) pages.set(key, made);
  return made;
}

/** `POST /api/coupon/receive {id}`: claims one copy for the account, usable at checkout at once. */
export async function receiveCoupon(db: Db, user: SessionUser, couponId: number): Promise<CouponReceived> {
  if (user.isPassed !== 1) throw refuse(CLAIM_NOT_APPROVED);
  const now = new Date();
  const { coupon, mine, copyId } = await db.transaction(async (tx) => {
    const [c] = await tx.select().from(coupons).where(eq(coupons.id, couponId)).for('update');
    if (!c || !c.isShow) throw notFound('优惠券不存在');
    if (c.startsAt > now || c.endsAt <= now) throw refuse(CLAIM_CLOSED);
    if (c.total > 0 && c.claimed >= c.total) throw refuse(CLAIM_GONE);
    // With the row locked, one statement (its snapshot taken after the lock, so it sees every claim before this
    // one) counts the account's copies and, below its limit, counts the claim and writes the copy.
    const endsAt = c.validDays > 0 ? new Date(now.getTime() + c.validDays * DAY_MS) : c.endsAt;
    const result = (await tx.execute(sql`
      with mine as (select count(*)::int as n from ${userCoupons} where ${userCoupons.userId} = ${user.id} and ${userCoupons.couponId} = ${c.id}),
        claimed as (update ${coupons} set claimed = ${coupons.claimed} + 1 where ${coupons.id} = ${c.id} and (select n from mine) < ${c.perUser} returning ${coupons.id}),
        copy as (
          insert into ${userCoupons} (user_id, coupon_id, starts_at, ends_at)
          select ${user.id}, id, ${now.toISOString()}::timestamptz, ${endsAt.toISOString()}::timestamptz from claimed
          returning id
        )
      select (select n from mine) as mine, (select id from copy) as copy_id`)) as unknown as { rows: { mine: number; copy_id: number | null }[] };
    const [{ mine: n, copy_id: copyId }] = result.rows;
    if (copyId === null) throw refuse(CLAIM_LIMIT);
    return { coupon: { ...c, claimed: c.claimed + 1 }, mine: Number(n) + 1, copyId };
  });
  forgetCouponOffer(db);
  return { coupon: view(coupon, mine, await scopeNames(db, [coupon])), user_coupon_id: copyId };
}
