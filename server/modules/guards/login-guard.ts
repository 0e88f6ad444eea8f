/**
 * Failed logins are limited per account as well as per address, so that neither many addresses against one
 * account nor one address against many accounts can go on guessing. A name that is no account is counted
 * and locked exactly like one that is: the answer never tells whether an account exists.
 */
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { Code } from '../../../core/codes.js';
import type { Db } from '../../db/client.js';
import { loginFailures } from '../../db/schema/guards.js';
import { refuse } from '../../http/envelope.js';

const LOGIN_WINDOW_MINUTES = 15;
/** Wrong passwords for one account (or name) within the window before it is locked for the window. */
const ACCOUNT_FAILURES = 10;
/** Wrong passwords from one address within the window, whatever the accounts. */
const ADDRESS_FAILURES = 30;
const LOCKED_MESSAGE = `登录失败次数过多，请${LOGIN_WINDOW_MINUTES}分钟后再试，或使用短信验证码登录`;
/** Operators have no SMS login. */
export const OPERATOR_LOCKED_MESSAGE = `登录失败次数过多，请${LOGIN_WINDOW_MINUTES}分钟后再试`;

export type LoginKeys = { account: string; address: string };

/**
 * The keys a login attempt is counted under: the account (a buyer's, or an operator's with `scope`
 * `operator`) when the name is one, else the name itself; and the address, shared by both kinds of login.
 */
export const loginKeys = (userId: number | null, login: string, ip: string, scope: 'account' | 'operator' = 'account'): LoginKeys => ({
  account: userId ? `${scope}:${userId}` : `${scope === 'account' ? 'name' : 'operator-name'}:${login.trim().toLowerCase().slice(0, 80)}`,
  address: `ip:${ip.slice(0, 64)}`,
});

/** Refuses the attempt while either key is locked. */
export async function assertNotLocked(db: Db, keys: LoginKeys, message = LOCKED_MESSAGE) {
  const locked = await db
    .select({ key: loginFailures.key })
    .from(loginFailures)
    .where(and(inArray(loginFailures.key, [keys.account, keys.address]), gt(loginFailures.lockedUntil, new Date())))
    .limit(1);
  if (locked.length) throw refuse(message, Code.tooMany);
}

async function count(db: Db, key: string, max: number) {
  const windowMs = LOGIN_WINDOW_MINUTES * 60_000;
  const now = new Date();
  const stale = sql`${loginFailures.windowStart} < ${new Date(now.getTime() - windowMs)}`;
  const next = sql`case when ${stale} then 1 else ${loginFailures.count} + 1 end`;
  await db
    .insert(loginFailures)
    .values({ key, count: 1, windowStart: now, lockedUntil: max <= 1 ? new Date(now.getTime() + windowMs) : null })
    .onConflictDoUpdate({
      target: loginFailures.key,
      set: {
        count: next,
        windowStart: sql`case when ${stale} then ${now} else ${loginFailures.windowStart} end`,
        lockedUntil: sql`case when ${next} >= ${max} then ${new Date(now.getTime() + windowMs)} else ${loginFailures.lockedUntil} end`,
      },
    });
}

/** Counts a wrong password under both keys. */
export async function countFailure(db: Db, keys: LoginKeys) {
  await count(db, keys.account, ACCOUNT_FAILURES);
  await count(db, keys.address, ADDRESS_FAILURES);
}

/** A right password clears the account's count (the address keeps its own). */
export async function clearFailures(db: Db, keys: LoginKeys) {
  await db.delete(loginFailures).where(eq(loginFailures.key, keys.account));
}
