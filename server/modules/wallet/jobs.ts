/**
 * The wallet's background jobs (DESIGN.md section 16, docs/decisions/042-wallet-and-quality-jobs.md): unused
 * coupons past their end stored as expired, and unpaid credit bills past their due date marked overdue. Each
 * works in bounded steps of one statement, each its own transaction, claiming its rows with `for update skip
 * locked` and changing only rows still in the state it looked for: two runs at once never do a row twice, a run
 * cut short leaves each step whole or absent, and the next run does what is left. Neither moves money.
 */
import { sql } from 'drizzle-orm';
import { CouponStatus, CreditBillStatus } from '../../../core/status.js';
import type { Db } from '../../db/client.js';
import { creditBills, userCoupons } from '../../db/schema/wallet.js';
import { today } from '../../lib/china-time.js';

/**
 * Rows a step changes at most: a step holds its rows' locks only as long as one statement takes. The rows are
 * picked once, in a materialized CTE: an `in (select ... limit n for update skip locked)` may be run again for
 * each row it is joined with, and skips the rows the statement has just changed, so it would change more than n.
 */
const STEP = 1000;

const changed = (result: unknown) => (result as { rows: unknown[] }).rows.length;

/** Runs `step` until it changes fewer rows than it may; answers how many it changed in all. */
async function inSteps(step: () => Promise<number>, size: number) {
  let total = 0;
  for (;;) {
    const n = await step();
    total += n;
    if (n < size) return total;
  }
}

/**
 * Unused coupons whose end has passed become 2 (expired). Buyers see no difference: their lists and counts
 * already read an unused coupon past its end as expired, and checkout already refuses it; the stored state is
 * what the console's figures and any later reader can trust without the clock. A copy an order is taking at
 * this moment is skipped (its row is locked) and looked at again next run, if it is still unused. Answers how
 * many became expired.
 */
export async function expireCoupons(db: Db, size = STEP): Promise<number> {
  return inSteps(
    async () =>
      changed(
        await db.execute(sql`
          with picked as materialized (
            select id from ${userCoupons}
            where status = ${CouponStatus.unused} and ends_at < now()
            order by ends_at, id limit ${size} for update skip locked
          )
          update ${userCoupons} uc set status = ${CouponStatus.expired}
          from picked where uc.id = picked.id and uc.status = ${CouponStatus.unused}
          returning uc.id`),
      ),
    size,
  );
}

/**
 * Unpaid credit bills whose due date (a China day, the last to repay) has passed are marked overdue once:
 * `overdue_at` is set and never set again, and the bill stays unpaid (status 0) for every reader of it, repaying
 * included. Paying on credit is refused from the day after the due date whether or not this has run (credit.ts);
 * the mark is what the console and the buyer's 账期 view read as when it became overdue. A bill being repaid at
 * this moment is skipped, and marked next run only if it is still unpaid. Answers how many were marked.
 */
export async function markOverdueBills(db: Db, day = today(), size = STEP): Promise<number> {
  return inSteps(
    async () =>
      changed(
        await db.execute(sql`
          with picked as materialized (
            select id from ${creditBills}
            where status = ${CreditBillStatus.unpaid} and overdue_at is null and due_date < ${day}::date
            order by due_date, id limit ${size} for update skip locked
          )
          update ${creditBills} cb set overdue_at = now()
          from picked where cb.id = picked.id and cb.status = ${CreditBillStatus.unpaid} and cb.overdue_at is null
          returning cb.id`),
      ),
    size,
  );
}
