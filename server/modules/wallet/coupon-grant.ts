/**
 * Handing one copy of a coupon to an account from another module's transaction (a lottery prize). The copy is
 * counted against the template's total by a conditional update, so a prize never hands out a copy the template
 * no longer has.
 */
import { and, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import type { Conn, Tx } from '../../db/client.js';
import { coupons, userCoupons } from '../../db/schema/wallet.js';
import { DAY_MS } from '../../lib/china-time.js';

/** The copy's id, or null when the template is unknown, over or has no copy left. */
export async function grantCoupon(tx: Tx, userId: number, couponId: number, now = new Date()): Promise<number | null> {
  const [c] = await tx
    .update(coupons)
    .set({ claimed: sql`${coupons.claimed} + 1` })
    .where(and(eq(coupons.id, couponId), gt(coupons.endsAt, now), or(eq(coupons.total, 0), lt(coupons.claimed, coupons.total))))
    .returning();
  if (!c) return null;
  const endsAt = c.validDays > 0 ? new Date(now.getTime() + c.validDays * DAY_MS) : c.endsAt;
  const [copy] = await tx.insert(userCoupons).values({ userId, couponId: c.id, startsAt: now, endsAt }).returning({ id: userCoupons.id });
  return copy.id;
}

/** The names of coupon templates by id (those that exist), for checking and showing what a prize hands out. */
export async function couponNamesOf(conn: Conn, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await conn.select({ id: coupons.id, name: coupons.name }).from(coupons).where(inArray(coupons.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}
