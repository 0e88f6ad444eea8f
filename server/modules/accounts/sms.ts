/** SMS verification codes. The sender is an interface; the sandbox sender only keeps the outbox row. */
import crypto from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { SMS_CODE_RESEND_SECONDS, SMS_CODE_TTL_SECONDS } from '../../../core/constants.js';
import type { Conn, Db } from '../../db/client.js';
import { smsCodes } from '../../db/schema/accounts.js';
import { invalid, refuse } from '../../http/envelope.js';
import { Code } from '../../../core/codes.js';
import type { CODE_TYPES, CodeSent, SentCode } from '../../../core/schemas/user.js';

export interface SmsSender {
  send(phone: string, text: string): Promise<void>;
}

/** Writes nothing beyond the outbox table, from which developers and tests read codes. */
export const sandboxSender: SmsSender = { send: async () => {} };

const MAX_ATTEMPTS = 5;
const MAX_PER_DAY = 10;

export type CodePurpose = (typeof CODE_TYPES)[number];

const PURPOSE_TEXT: Record<CodePurpose, string> = {
  register: '注册',
  login: '登录',
  forget: '找回密码',
  update: '修改资料',
  bind: '绑定微信',
  pay_password: '设置支付密码',
};

export async function issueCode(db: Db, sender: SmsSender, phone: string, purpose: CodePurpose, ip: string): Promise<CodeSent> {
  const [last] = await db.select({ createdAt: smsCodes.createdAt }).from(smsCodes).where(eq(smsCodes.phone, phone)).orderBy(desc(smsCodes.createdAt)).limit(1);
  if (last) {
    const wait = SMS_CODE_RESEND_SECONDS - Math.floor((Date.now() - last.createdAt.getTime()) / 1000);
    if (wait > 0) throw refuse(`验证码发送过于频繁，请${wait}秒后再试`, Code.tooMany);
  }
  const [{ count }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(smsCodes)
    .where(and(eq(smsCodes.phone, phone), gt(smsCodes.createdAt, new Date(Date.now() - 86_400_000))));
  if (count >= MAX_PER_DAY) throw refuse('该手机号今日获取验证码次数已达上限', Code.tooMany);

  const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
  await db.insert(smsCodes).values({
    phone,
    purpose,
    code,
    ip: ip.slice(0, 64),
    expiresAt: new Date(Date.now() + SMS_CODE_TTL_SECONDS * 1000),
  });
  await sender.send(phone, `【药采通】您的${PURPOSE_TEXT[purpose]}验证码是${code}，${SMS_CODE_TTL_SECONDS / 60}分钟内有效，请勿泄露。`);
  return { expires_in: SMS_CODE_TTL_SECONDS, resend_in: SMS_CODE_RESEND_SECONDS };
}

/**
 * Checks a code without using it up; wrong guesses count against the code, and after five it is void.
 * The action it authorises then calls `useCode` inside its own transaction.
 */
export async function checkCode(db: Db, phone: string, purpose: CodePurpose, code: string, field = 'code') {
  const [row] = await db
    .select()
    .from(smsCodes)
    .where(and(eq(smsCodes.phone, phone), eq(smsCodes.purpose, purpose), isNull(smsCodes.usedAt), gt(smsCodes.expiresAt, new Date())))
    .orderBy(desc(smsCodes.createdAt))
    .limit(1);
  if (!row || row.attempts >= MAX_ATTEMPTS) throw invalid(field, '短信验证码已失效，请重新获取');
  if (row.code !== code) {
    await db
      .update(smsCodes)
      .set({ attempts: sql`${smsCodes.attempts} + 1` })
      .where(eq(smsCodes.id, row.id));
    throw invalid(field, '短信验证码不正确');
  }
  return row.id;
}

/** Uses a checked code once: a second request racing with the same code is refused. */
export async function useCode(conn: Conn, codeId: number, field = 'code') {
  const used = await conn
    .update(smsCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(smsCodes.id, codeId), isNull(smsCodes.usedAt)))
    .returning({ id: smsCodes.id });
  if (used.length === 0) throw invalid(field, '短信验证码已失效，请重新获取');
}

/** The latest code sent to the phone (the sandbox outbox), or null. */
export async function latestCode(db: Db, phone: string): Promise<SentCode> {
  const [row] = await db
    .select({ phone: smsCodes.phone, code: smsCodes.code, purpose: smsCodes.purpose, createdAt: smsCodes.createdAt })
    .from(smsCodes)
    .where(eq(smsCodes.phone, phone))
    .orderBy(desc(smsCodes.createdAt))
    .limit(1);
  // Only issueCode writes the column, with a CodePurpose.
  return row ? { phone: row.phone, code: row.code, purpose: row.purpose as CodePurpose, created_at: Math.floor(row.createdAt.getTime() / 1000) } : null;
}
