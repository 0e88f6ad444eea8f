/** Accounts: the user object, login, registration, forgotten password and profile changes. */
import crypto from 'node:crypto';
import { and, asc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { REQUIRED_LICENCES, LICENCE_TYPES, type CompanyType } from '../../../core/constants.js';
import type { UserBase } from '../../../core/schemas/user.js';
import type {
  forgetStep1Body,
  forgetStep2Body,
  registerStep1Body,
  registerStep2Body,
  registerStep3Body,
  resetPasswordBody,
  updateUserInfoBody,
} from '../../../core/schemas/user.js';
import { siteSettings } from '../content/settings.js';
import type { Db } from '../../db/client.js';
import {
  businessScopes,
  cartItems,
  licences,
  messages,
  passwordResets,
  serviceContacts,
  users,
  wechatTickets,
} from '../../db/schema/index.js';
import { invalid, invalidFields, notFound, refuse } from '../../http/envelope.js';
import { assertNotLocked, clearFailures, countFailure, loginKeys } from './login-guard.js';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords.js';
import { endAllSessions, startSession, type CurrentSession, type SessionUser } from './sessions.js';
import { checkCode, useCode, type SmsSender } from './sms.js';
import { ownsUploads } from '../uploads/service.js';

const RESET_TICKET_MINUTES = 30;
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
    actor: null,
  };
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
        cart: sql<number>`(select count(*)::int from ${cartItems} where ${cartItems.userId} = ${user.id})`,
        unread: sql<number>`(select count(*)::int from ${messages} where ${messages.userId} = ${user.id} and ${messages.isRead} = false)`,
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
    actor: actor ? { id: actor.id, username: actor.username, company: actor.company } : null,
  };
}

export async function findByLogin(db: Db, login: string) {
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

async function assertUnique(db: Db, username: string, phone: string) {
  const taken = await db
    .select({ username: users.username, phone: users.phone })
    .from(users)
    .where(or(sql`lower(${users.username}) = ${username.toLowerCase()}`, eq(users.phone, phone)));
  const errors: Record<string, string[]> = {};
  if (taken.some((u) => u.phone === phone)) errors.phone = ['该手机号已注册'];
  if (taken.some((u) => u.username.toLowerCase() === username.toLowerCase())) errors.username = ['该用户名已被注册'];
  if (Object.keys(errors).length) throw invalidFields(errors);
}

/** The headquarters registering a sub-store must be the logged-in chain account it names. */
function assertChainParent(session: CurrentSession | null, parent: number) {
  if (!session) throw invalid('parent', '请先登录连锁总部账号');
  if (session.user.id !== parent || session.user.companyType !== '连锁总部') {
    throw invalid('parent', '只有连锁总部账号可以添加门店');
  }
}

export async function registerStep1(
  db: Db,
  req: FastifyRequest,
  reply: FastifyReply,
  body: z.infer<typeof registerStep1Body>,
) {
  if (body.parent) assertChainParent(req.session, body.parent);
  await assertUnique(db, body.username, body.phone);
  let ticket: typeof wechatTickets.$inferSelect | undefined;
  if (body.wechat_ticket) {
    [ticket] = await db.select().from(wechatTickets).where(eq(wechatTickets.ticket, body.wechat_ticket)).limit(1);
    if (!ticket?.openid || ticket.usedAt || ticket.expiresAt < new Date()) {
      throw invalid('wechat_ticket', '微信授权已失效，请重新扫码');
    }
  }
  const codeId = await checkCode(db, body.phone, 'register', body.code);
  const passwordHash = await hashPassword(body.password);
  return db.transaction(async (tx) => {
    await useCode(tx, codeId);
    const [user] = await tx
      .insert(users)
      .values({
        username: body.username,
        phone: body.phone,
        passwordHash,
        companyType: body.parent ? '连锁门店' : '单体药店',
        parentId: body.parent ?? null,
        wechatOpenid: ticket?.openid ?? null,
        wechatNickname: ticket?.nickname ?? '',
        registerStep: 1,
      })
      .returning();
    if (ticket) await tx.update(wechatTickets).set({ usedAt: new Date() }).where(eq(wechatTickets.ticket, ticket.ticket));
    if (body.parent) return { next: 2, store_id: user.id };
    await startSession(tx, req, reply, user.id);
    return { next: 2, user_id: user.id };
  });
}

/** Steps 2 and 3 act on the logged-in account, or on a sub-store of the logged-in headquarters. */
async function registrationTarget(db: Db, session: CurrentSession, parent?: number, storeId?: number) {
  if (!parent) return session.user;
  assertChainParent(session, parent);
  if (!storeId) throw invalid('store_id', '请先完成门店账号注册');
  const [store] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, storeId), eq(users.parentId, session.user.id)))
    .limit(1);
  if (!store) throw notFound('门店不存在');
  return store;
}

export async function registerStep2(db: Db, session: CurrentSession, body: z.infer<typeof registerStep2Body>) {
  const target = await registrationTarget(db, session, body.parent, body.store_id);
  if (body.parent && body.type !== '连锁门店') throw invalid('type', '门店的企业类型须为连锁门店');
  if (!body.parent && body.type === '连锁门店') throw invalid('type', '连锁门店请由连锁总部账号添加');
  const ids = [...new Set(body.jyfw)];
  const known = await db.select({ id: businessScopes.id }).from(businessScopes).where(inArray(businessScopes.id, ids));
  if (known.length !== ids.length) throw invalid('jyfw', '经营范围不正确');
  await db
    .update(users)
    .set({
      company: body.company,
      companyType: body.type,
      name: body.name,
      contactPhone: body.contact_phone,
      province: body.province,
      city: body.city,
      district: body.district,
      address: body.address,
      jyfw: ids,
      registerStep: sql`greatest(${users.registerStep}, 2)`,
    })
    .where(eq(users.id, target.id));
  return { next: 3 };
}

export async function registerStep3(db: Db, session: CurrentSession, body: z.infer<typeof registerStep3Body>) {
  const target = await registrationTarget(db, session, body.parent, body.store_id);
  if (target.registerStep < 2) throw refuse('请先填写企业信息');
  const required = REQUIRED_LICENCES[target.companyType as CompanyType] ?? REQUIRED_LICENCES['单体药店'];
  const given = new Set(body.licences.map((l) => l.type));
  const missing = required.filter((t) => !given.has(t));
  if (missing.length) throw invalid('licences', `请上传${LICENCE_TYPES[missing[0]]}`);
  if (!(await ownsUploads(db, session.user.id, body.licences.map((l) => l.image)))) throw invalid('licences', '资质图片无效，请重新上传');
  await db.transaction(async (tx) => {
    await tx.delete(licences).where(and(eq(licences.userId, target.id), eq(licences.status, 0)));
    await tx.insert(licences).values(
      body.licences.map((l) => ({
        userId: target.id,
        type: l.type,
        number: l.number,
        validUntil: l.valid_until ?? null,
        image: l.image,
      })),
    );
    await tx.update(users).set({ registerStep: 3, isPassed: 0 }).where(eq(users.id, target.id));
  });
  return { done: 1 };
}

export async function forgetStep1(db: Db, body: z.infer<typeof forgetStep1Body>) {
  const user = await findByPhone(db, body.phone);
  if (!user) throw invalid('phone', '该手机号未注册');
  const codeId = await checkCode(db, body.phone, 'forget', body.code);
  const ticket = crypto.randomBytes(24).toString('base64url');
  await db.transaction(async (tx) => {
    await useCode(tx, codeId);
    await tx.insert(passwordResets).values({
      ticket,
      userId: user.id,
      expiresAt: new Date(Date.now() + RESET_TICKET_MINUTES * 60_000),
    });
  });
  return { ticket };
}

export async function forgetStep2(db: Db, body: z.infer<typeof forgetStep2Body>) {
  const passwordHash = await hashPassword(body.password);
  await db.transaction(async (tx) => {
    const [reset] = await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordResets.ticket, body.ticket),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, new Date()),
        ),
      )
      .returning();
    if (!reset) throw invalid('ticket', '重置链接已失效，请重新验证手机号');
    await tx.update(users).set({ passwordHash, sessionsValidAfter: new Date() }).where(eq(users.id, reset.userId));
    await endAllSessions(tx, reset.userId);
  });
  return { done: 1 };
}

export async function resetPassword(
  db: Db,
  req: FastifyRequest,
  reply: FastifyReply,
  session: CurrentSession,
  body: z.infer<typeof resetPasswordBody>,
) {
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

/** A chain headquarters' stores (its sub-accounts), oldest first. */
export async function storesOf(db: Db, userId: number) {
  const rows = await db.select().from(users).where(eq(users.parentId, userId)).orderBy(asc(users.id));
  return rows.map((s) => ({
    id: s.id,
    username: s.username,
    company: s.company,
    name: s.name,
    phone: s.phone,
    is_passed: s.isPassed,
    register_step: s.registerStep,
    address: `${s.province}${s.city}${s.district}${s.address}`,
    created_at: Math.floor(s.createdAt.getTime() / 1000),
  }));
}
