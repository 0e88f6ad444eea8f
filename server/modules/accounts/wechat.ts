/**
 * WeChat QR login and binding behind the WechatAuth interface. The built-in provider is a sandbox: its "scan"
 * is a page of this site that plays the buyer's phone. The phone's WeChat identity is a random secret the
 * sandbox hands out at its first scan and the page keeps (as the WeChat app keeps its login): typing
 * someone's nickname makes nobody them.
 */
import crypto from 'node:crypto';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { BindStatus, WechatBinding, WechatBound, WechatUnbound } from '../../../core/schemas/member.js';
import type { SandboxScan, WechatLoginStatus, WechatQrcode } from '../../../core/schemas/user.js';
import type { Conn, Db } from '../../db/client.js';
import { users, wechatTickets } from '../../db/schema/accounts.js';
import type { CurrentSession } from '../../http/auth.js';
import { invalid, refuse } from '../../http/envelope.js';
import { ACTING_REFUSED, userBase } from './service.js';
import { startSession } from './sessions.js';

const TICKET_SECONDS = 300;

export interface WechatAuth {
  /** The URL the QR code encodes. */
  scanUrl(ticket: string): string;
}

export const sandboxWechat: WechatAuth = { scanUrl: (ticket) => `/wechat/sandbox?ticket=${encodeURIComponent(ticket)}` };

/** A new QR code ticket, valid for TICKET_SECONDS. */
export async function newTicket(db: Db, wechat: WechatAuth): Promise<WechatQrcode> {
  const ticket = crypto.randomBytes(18).toString('base64url');
  await db.insert(wechatTickets).values({ ticket, expiresAt: new Date(Date.now() + TICKET_SECONDS * 1000) });
  return { ticket, scan_url: wechat.scanUrl(ticket), expires_in: TICKET_SECONDS };
}

/**
 * GET /api/wechat/status: whether the login QR code was scanned; a scan by a WeChat bound to an account logs
 * that account in (once: the ticket is used up).
 */
export async function loginTicketStatus(db: Db, req: FastifyRequest, reply: FastifyReply, ticket: string): Promise<WechatLoginStatus> {
  const [row] = await db.select().from(wechatTickets).where(eq(wechatTickets.ticket, ticket)).limit(1);
  if (!row || row.expiresAt < new Date() || row.usedAt) return { status: 'expired', bound: 0 };
  if (!row.openid) return { status: 'waiting', bound: 0 };
  const [user] = await db.select().from(users).where(eq(users.wechatOpenid, row.openid)).limit(1);
  if (!user) return { status: 'scanned', bound: 0, nickname: row.nickname };
  const token = await db.transaction(async (tx) => {
    const used = await tx
      .update(wechatTickets)
      .set({ usedAt: new Date() })
      .where(and(eq(wechatTickets.ticket, row.ticket), isNull(wechatTickets.usedAt)))
      .returning();
    if (used.length === 0) return null;
    return startSession(tx, req, reply, user.id);
  });
  if (!token) return { status: 'expired', bound: 0 };
  return { status: 'scanned', bound: 1, user: await userBase(db, user, token) };
}

/** The sandbox's scan: a new random WeChat user, or the one the sandbox page kept (`device`). */
export async function sandboxScan(db: Db, input: { ticket: string; nickname?: string; device?: string }): Promise<SandboxScan> {
  const nickname = input.nickname ?? '微信用户';
  const device = input.device ?? crypto.randomBytes(24).toString('base64url');
  const openid = `sandbox_${crypto.createHash('sha256').update(`wechat-sandbox:${device}`).digest('hex').slice(0, 24)}`;
  const updated = await db
    .update(wechatTickets)
    .set({ openid, nickname, scannedAt: new Date() })
    .where(and(eq(wechatTickets.ticket, input.ticket), isNull(wechatTickets.usedAt)))
    .returning();
  if (updated.length === 0 || updated[0].expiresAt < new Date()) throw invalid('ticket', '二维码已失效，请刷新');
  return { nickname, device };
}

/** A scanned, unused ticket for registration to bind, or null. */
export async function scannedTicket(conn: Conn, ticket: string) {
  const row = await liveTicket(conn, ticket);
  return row?.openid ? row : null;
}

/** Uses up a ticket inside the transaction that binds its WeChat. */
export async function useTicket(conn: Conn, ticket: string) {
  await conn.update(wechatTickets).set({ usedAt: new Date() }).where(eq(wechatTickets.ticket, ticket));
}

/** GET /api/user/wechat: the binding, with the user object (the bind page skips the base call). */
export async function wechatBinding(db: Db, session: CurrentSession): Promise<WechatBinding> {
  const { user } = session;
  return {
    bound: user.wechatOpenid ? 1 : 0,
    nickname: user.wechatOpenid ? user.wechatNickname || '微信用户' : '',
    user: await userBase(db, user, session.token, session.actor),
  };
}

async function liveTicket(conn: Conn, ticket: string) {
  const [row] = await conn.select().from(wechatTickets).where(eq(wechatTickets.ticket, ticket)).limit(1);
  return row && !row.usedAt && row.expiresAt > new Date() ? row : null;
}

/** GET /api/user/bind_wechat?ticket: whether the QR code shown on the bind page has been scanned. Changes nothing. */
export async function bindTicketStatus(db: Db, ticket: string): Promise<BindStatus> {
  const row = await liveTicket(db, ticket);
  if (!row) return { status: 'expired', nickname: '' };
  return row.openid ? { status: 'scanned', nickname: row.nickname } : { status: 'waiting', nickname: '' };
}

/** POST /api/user/bind_wechat: binds the WeChat user who scanned the ticket to the account. */
export async function bindWechat(db: Db, session: CurrentSession, ticket: string): Promise<WechatBound> {
  if (session.actor) throw refuse(ACTING_REFUSED);
  const { user } = session;
  return db.transaction(async (tx) => {
    const row = await liveTicket(tx, ticket);
    if (!row) throw invalid('ticket', '二维码已失效，请刷新');
    if (!row.openid) throw refuse('请先用微信扫描二维码');
    const [other] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.wechatOpenid, row.openid), ne(users.id, user.id)))
      .limit(1);
    if (other) throw refuse('该微信已绑定其他账号，请先在该账号中解除绑定');
    await tx.update(wechatTickets).set({ usedAt: new Date() }).where(eq(wechatTickets.ticket, ticket));
    await tx.update(users).set({ wechatOpenid: row.openid, wechatNickname: row.nickname }).where(eq(users.id, user.id));
    return { bound: 1, nickname: row.nickname || '微信用户' };
  });
}

export async function unbindWechat(db: Db, session: CurrentSession): Promise<WechatUnbound> {
  if (session.actor) throw refuse(ACTING_REFUSED);
  if (!session.user.wechatOpenid) throw refuse('当前账号未绑定微信');
  await db.update(users).set({ wechatOpenid: null, wechatNickname: '' }).where(eq(users.id, session.user.id));
  return { bound: 0 };
}
