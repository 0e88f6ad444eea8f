/**
 * The payment password (支付密码): six digits, set or changed with the SMS code sent to the account's phone,
 * asked before the balance or the credit line pays. Five wrong tries in a row lock it for 15 minutes.
 * It belongs to whoever logs in, like the login password: a headquarters acting for a store pays with its own.
 */
import { and, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import { Code } from '../../../core/codes.js';
import { PAY_PASSWORD_LOCK_MINUTES, PAY_PASSWORD_MAX_TRIES } from '../../../core/constants.js';
import type { payPasswordBody } from '../../../core/schemas/user.js';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { payPasswords } from '../../db/schema/accounts.js';
import type { CurrentSession } from '../../http/auth.js';
import { invalid, refuse } from '../../http/envelope.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { userBase } from './service.js';
import { checkCode, useCode } from './sms.js';

const LOCK_MS = PAY_PASSWORD_LOCK_MINUTES * 60_000;
const PAY_PASSWORD_UNSET = '请先设置支付密码';
const PAY_PASSWORD_MISSING = '请输入支付密码';
export const PAY_PASSWORD_ACTING = '正在代门店采购，支付密码请返回总部账号后设置';

/** `支付密码已锁定，请N分钟后再试` with the minutes left, rounded up. */
const lockedMessage = (until: Date, now: number) =>
  `支付密码连续输错${PAY_PASSWORD_MAX_TRIES}次已锁定，请${Math.max(1, Math.ceil((until.getTime() - now) / 60_000))}分钟后再试`;
const locked = (lockedUntil: Date | null, now: number): lockedUntil is Date => lockedUntil !== null && lockedUntil.getTime() > now;

/** `POST /api/user/pay_password`: sets or changes the payment password; a change also lifts a lock. */
export async function setPayPassword(db: Db, session: CurrentSession, body: z.infer<typeof payPasswordBody>) {
  if (session.actor) throw refuse(PAY_PASSWORD_ACTING);
  const user = session.user;
  const codeId = await checkCode(db, user.phone, 'pay_password', body.code);
  const hash = await hashPassword(body.password);
  await db.transaction(async (tx) => {
    await useCode(tx, codeId);
    const now = new Date();
    await tx
      .insert(payPasswords)
      .values({ userId: user.id, hash, updatedAt: now })
      .onConflictDoUpdate({ target: payPasswords.userId, set: { hash, failures: 0, lockedUntil: null, updatedAt: now } });
  });
  return userBase(db, user, session.token, session.actor);
}

/**
 * Checks the payment password of `userId` before money moves, outside the payment's transaction (a hash takes
 * tens of milliseconds). Refused: none set (请先设置支付密码), none given (请输入支付密码), locked (code 429 with
 * the minutes left); a wrong one answers 422 on `pay_password` with the tries left, and the fifth locks it.
 * Tries are counted by one conditional update each, so that wrong tries sent at once all count, and a right
 * one that finishes after the lock came down is refused like the rest.
 */
export async function checkPayPassword(db: Db, userId: number, password: string | undefined) {
  const [row] = await db.select().from(payPasswords).where(eq(payPasswords.userId, userId));
  if (!row) throw refuse(PAY_PASSWORD_UNSET);
  if (locked(row.lockedUntil, Date.now())) throw refuse(lockedMessage(row.lockedUntil, Date.now()), Code.tooMany);
  if (!password) throw refuse(PAY_PASSWORD_MISSING);

  const right = await verifyPassword(row.hash, password);
  const now = new Date();
  const open = and(eq(payPasswords.userId, userId), or(isNull(payPasswords.lockedUntil), lte(payPasswords.lockedUntil, now)));
  if (right) {
    const [cleared] = await db.update(payPasswords).set({ failures: 0, lockedUntil: null }).where(open).returning({ userId: payPasswords.userId });
    if (cleared) return;
  } else {
    const reached = sql`${payPasswords.failures} + 1 >= ${PAY_PASSWORD_MAX_TRIES}`;
    const [counted] = await db
      .update(payPasswords)
      .set({
        failures: sql`case when ${reached} then 0 else ${payPasswords.failures} + 1 end`,
        lockedUntil: sql`case when ${reached} then ${new Date(now.getTime() + LOCK_MS)}::timestamptz end`,
      })
      .where(open)
      .returning({ failures: payPasswords.failures, lockedUntil: payPasswords.lockedUntil });
    if (counted && !counted.lockedUntil) throw invalid('pay_password', `支付密码错误，还可尝试${PAY_PASSWORD_MAX_TRIES - counted.failures}次`);
  }
  // Locked by this try or by others meanwhile.
  const [lock] = await db
    .select({ until: payPasswords.lockedUntil })
    .from(payPasswords)
    .where(and(eq(payPasswords.userId, userId), gt(payPasswords.lockedUntil, now)));
  throw refuse(lockedMessage(lock?.until ?? new Date(now.getTime() + LOCK_MS), now.getTime()), Code.tooMany);
}
