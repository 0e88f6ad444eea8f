/** Accounts: the user object, login, profile changes, points and the e-contract flag. */
import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { MOST_HELD } from '../../../core/money.js';
import type { BusinessScope, PhoneExists, UserBase } from '../../../core/schemas/user.js';
import type { resetPasswordBody, updateUserInfoBody } from '../../../core/schemas/user.js';
import type { Conn, Db } from '../../db/client.js';
import { businessScopes, messages, payPasswords, serviceContacts, users } from '../../db/schema/accounts.js';
import type { CurrentSession, SessionUser } from '../../http/auth.js';
import { invalid, invalidFields, refuse } from '../../http/envelope.js';
import { siteSettings } from '../settings/index.js';
import { assertNotLocked, clearFailures, countFailure, loginKeys } from '../guards/index.js';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords.js';
import { endAllSessions, startSession } from './sessions.js';
import { checkCode, useCode, type SmsSender } from './sms.js';
/** Password and WeChat belong to whoever logs in: not changed while a headquarters acts for a store. */
export const ACTING_REFUSED = '正在代门店采购，请先返回总部账号再修改密码或微信绑定';
const ACTING_PHONE_REFUSED = '正在代门店采购，登录手机号请由门店账号自行修改';

const maskPhone = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(7)}`;

function siteFields(site: Record<string, string | undefined>) {
  return {
    common_config: { hot_line: site.hot_line ?? '', qq1: site.qq1 ?? '', qq2: site.qq2 ?? '' },
    quality_inspection: {
      quality_inspection_url: site.quality_inspection_url ?? '',
      msg: site.quality_inspection_msg ?? '',
    },
    login_url: '/login',
  };
}

export async function guestBase(db: Db): Promise<UserBase> {
  return {
    show: 0,
    id: 0,
    username: '',
    name: '',
    phone: '',
    email: '',
    company: '',
    company_type: '',
    face: '',
    rank: '',
    admin: [],
    address: '',
    is_passed: 0,
    reject_reason: '',
    register_step: 0,
    points: 0,
    cart: 0,
    message_count: 0,
    wechat: '',
    ...siteFields(await siteSettings(db)),
    is_show_youx: 0,
    is_special: 0,
    is_can_chat: 0,
    token: '',
    is_AfterSale: 0,
    is_chain: 0,
    parent_id: 0,
    contract_signed: 0,
    scope_ids: [],
    may_buy_ephedrine: 0,
    has_pay_password: 0,
    actor: null,
  };
}

/**
 * Figures of the user object that other modules keep (the cart's line count), given as SQL over their own
 * tables so that the user object stays one statement. The app sets them when it starts (server/app.ts).
 */
const userFigures: { cart?: (userId: number) => SQL } = {};
export function setUserFigures(figures: typeof userFigures) {
  Object.assign(userFigures, figures);
}

/** The user object; `actor` is the chain headquarters when it acts for this store (sessions.ts). */
export async function userBase(db: Db, user: SessionUser, token: string, actor: SessionUser | null = null): Promise<UserBase> {
  // One statement for the account's live figures: every query costs a round trip (a turn of PGlite's single connection).
  const [site, [live]] = await Promise.all([
    siteSettings(db),
    db
      .select({
        contacts: sql<{ name: string; phone: string; is_default: boolean }[]>`coalesce((
          select json_agg(json_build_object('name', c.name, 'phone', c.phone, 'is_default', c.is_default) order by c.is_default desc, c.id)
          from ${serviceContacts} c where c.user_id = ${user.id}), '[]'::json)`,
        cart: userFigures.cart ? sql<number>`${userFigures.cart(user.id)}` : sql<number>`0`,
        unread: sql<number>`(select count(*)::int from ${messages} where ${messages.userId} = ${user.id} and ${messages.isRead} = false)`,
        // The payment password is the person's who logs in: the headquarters' own while it acts for a store.
        payPassword: sql<boolean>`exists (select 1 from ${payPasswords} where ${payPasswords.userId} = ${(actor ?? user).id})`,
      })
      .from(sql`(select 1) as one`),
  ]);
  const contacts = live.contacts.map((c) => ({ name: c.name, phone: c.phone, isDefault: c.is_default }));
  const cart = { n: live.cart };
  const unread = { n: live.unread };
  return {
    show: 1,
    id: user.id,
    username: user.username,
    name: user.name,
    phone: user.phone,
    email: user.email,
    company: user.company,
    company_type: user.companyType,
    face: user.face,
    rank: user.rank,
    admin: contacts.map((c) => ({ name: c.name, phone: c.phone, is_default: c.isDefault ? 1 : 0 })),
    address: [user.province, user.city, user.district, user.address].join(''),
    is_passed: user.isPassed,
    reject_reason: user.rejectReason,
    register_step: user.registerStep,
    points: user.points,
    cart: cart.n,
    message_count: unread.n,
    wechat: user.wechatOpenid ? user.wechatNickname || '已绑定' : '',
    ...siteFields(site),
    is_show_youx: user.isShowYoux ? 1 : 0,
    is_special: user.isSpecial ? 1 : 0,
    is_can_chat: user.isCanChat ? 1 : 0,
    token,
    is_AfterSale: user.isAfterSale ? 1 : 0,
    is_chain: user.companyType === '连锁总部' ? 1 : 0,
    parent_id: user.parentId ?? 0,
    contract_signed: user.contractSignedAt ? 1 : 0,
    scope_ids: user.scopeIds,
    may_buy_ephedrine: user.mayBuyEphedrine ? 1 : 0,
    has_pay_password: live.payPassword ? 1 : 0,
    actor: actor ? { id: actor.id, username: actor.username, company: actor.company } : null,
  };
}

/** The business scopes (经营范围) a buyer chooses from at registration; they change only with a release. */
const scopeLists = new WeakMap<Db, Promise<BusinessScope[]>>();
export function businessScopeList(db: Db): Promise<BusinessScope[]> {
  let list = scopeLists.get(db);
  if (!list) {
    list = db.select({ id: businessScopes.id, name: businessScopes.name }).from(businessScopes).orderBy(asc(businessScopes.sort));
    list.catch(() => scopeLists.delete(db));
    scopeLists.set(db, list);
  }
  return list;
}

async function findByLogin(db: Db, login: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(or(sql`lower(${users.username}) = ${login.toLowerCase()}`, eq(users.phone, login)))
    .limit(1);
  return user;
}

export async function findByPhone(db: Db, phone: string) {
  const [user] = await db.select().from(users).where(eq(users.phone, phone)).limit(1);
  return user;
}

export async function phoneExists(db: Db, phone: string): Promise<PhoneExists> {
  return { exists: (await findByPhone(db, phone)) ? 1 : 0 };
}

/** Password login; wrong passwords are counted per account and per address (login-guard.ts). */
export async function login(db: Db, req: FastifyRequest, reply: FastifyReply, username: string, password: string) {
  const user = await findByLogin(db, username);
  const keys = loginKeys(user?.id ?? null, username, req.ip);
  await assertNotLocked(db, keys);
  const valid = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
  if (!user || !valid) {
    await countFailure(db, keys);
    throw invalid('password', '用户名或密码错误');
  }
  await clearFailures(db, keys);
  const token = await startSession(db, req, reply, user.id);
  return userBase(db, user, token);
}

export async function loginByCode(db: Db, req: FastifyRequest, reply: FastifyReply, phone: string, code: string) {
  const user = await findByPhone(db, phone);
  if (!user) throw invalid('phone', '该手机号未注册');
  const codeId = await checkCode(db, phone, 'login', code);
  const token = await db.transaction(async (tx) => {
    await useCode(tx, codeId);
    return startSession(tx, req, reply, user.id);
  });
  return userBase(db, user, token);
}

export async function resetPassword(db: Db, req: FastifyRequest, reply: FastifyReply, session: CurrentSession, body: z.infer<typeof resetPasswordBody>) {
  if (session.actor) throw refuse(ACTING_REFUSED);
  if (!(await verifyPassword(session.user.passwordHash, body.old_password))) {
    throw invalid('old_password', '原密码不正确');
  }
  if (body.old_password === body.password) throw invalid('password', '新密码不能与原密码相同');
  const passwordHash = await hashPassword(body.password);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, session.user.id));
    await endAllSessions(tx, session.user.id, session.id);
    await startSession(tx, req, reply, session.user.id);
  });
  return null;
}

/**
 * Contact person, login phone and e-mail. The phone logs in and receives reset codes, so a new one needs the
 * code sent to it and the current password; the old phone is told by SMS.
 */
export async function updateUserInfo(db: Db, sms: SmsSender, session: CurrentSession, body: z.infer<typeof updateUserInfoBody>) {
  const before = session.user;
  const phoneChanges = body.phone !== before.phone;
  let codeId: number | null = null;
  if (phoneChanges) {
    if (session.actor) throw refuse(ACTING_PHONE_REFUSED);
    const missing: Record<string, string[]> = {};
    if (!body.code) missing.code = ['请输入新手机号收到的短信验证码'];
    if (!body.password) missing.password = ['请输入登录密码'];
    if (Object.keys(missing).length) throw invalidFields(missing);
    if (await findByPhone(db, body.phone)) throw invalid('phone', '该手机号已被其他账号使用');
    if (!(await verifyPassword(before.passwordHash, body.password!))) throw invalid('password', '登录密码不正确');
    codeId = await checkCode(db, body.phone, 'update', body.code!);
  }
  const user = await db.transaction(async (tx) => {
    if (codeId !== null) await useCode(tx, codeId);
    const [row] = await tx
      .update(users)
      .set({ name: body.name, phone: body.phone, email: body.email ?? before.email })
      .where(eq(users.id, before.id))
      .returning();
    return row;
  });
  if (phoneChanges) {
    const when = new Date().toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false });
    await sms.send(before.phone, `【药采通】您的账号${before.username}的登录手机号已于${when}更换为${maskPhone(body.phone)}。如非本人操作，请立即联系客服。`);
  }
  return userBase(db, user, session.token, session.actor);
}

/** The account's points as they stand now (the session's copy of the account may be a few seconds old). */
export async function pointsOf(conn: Conn, userId: number) {
  const [u] = await conn.select({ points: users.points }).from(users).where(eq(users.id, userId));
  return u?.points ?? 0;
}

/**
 * Adds `delta` points (negative to spend) in the caller's transaction; null when the account has too few, or
 * would hold more than `MOST_HELD`. The wallet's ledger calls this: the points balance is a column of
 * the account.
 */
export async function addPoints(tx: Conn, userId: number, delta: number): Promise<number | null> {
  const after = sql`${users.points}::bigint + ${delta}::bigint`;
  const [u] = await tx
    .update(users)
    .set({ points: after })
    .where(and(eq(users.id, userId), sql`${after} between 0 and ${MOST_HELD}`))
    .returning({ points: users.points });
  return u ? u.points : null;
}

/** Of `ids`, the accounts whose licences are approved (who may buy, and receive coupons). */
export async function approvedAmong(conn: Conn, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await conn
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), eq(users.isPassed, 1)));
  return rows.map((r) => r.id);
}

/** Records the e-contract as signed (first order, DESIGN.md section 7); answers the account as it is now. */
export async function markContractSigned(conn: Conn, userId: number) {
  const [u] = await conn.update(users).set({ contractSignedAt: new Date() }).where(eq(users.id, userId)).returning();
  return u;
}
