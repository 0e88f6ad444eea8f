/** Registration in three steps (with a chain's sub-stores) and the forgotten password. */
import crypto from 'node:crypto';
import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { LICENCE_TYPES, REQUIRED_LICENCES, type CompanyType } from '../../../core/constants.js';
import type {
  Done,
  forgetStep1Body,
  forgetStep2Body,
  RegisteredStep1,
  RegisteredStep2,
  registerStep1Body,
  registerStep2Body,
  registerStep3Body,
  ResetTicket,
} from '../../../core/schemas/user.js';
import type { Db } from '../../db/client.js';
import { businessScopes, passwordResets, users } from '../../db/schema/accounts.js';
import type { CurrentSession } from '../../http/auth.js';
import { invalid, invalidFields, notFound, refuse } from '../../http/envelope.js';
import { ownsUploads } from '../uploads/index.js';
import { submitLicences } from './licences.js';
import { hashPassword } from '../../lib/passwords.js';
import { findByPhone } from './service.js';
import { endAllSessions, startSession } from './sessions.js';
import { checkCode, useCode } from './sms.js';
import { scannedTicket, useTicket } from './wechat.js';

const RESET_TICKET_MINUTES = 30;

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

export async function registerStep1(db: Db, req: FastifyRequest, reply: FastifyReply, body: z.infer<typeof registerStep1Body>): Promise<RegisteredStep1> {
  if (body.parent) assertChainParent(req.session, body.parent);
  await assertUnique(db, body.username, body.phone);
  const ticket = body.wechat_ticket ? await scannedTicket(db, body.wechat_ticket) : null;
  if (body.wechat_ticket && !ticket) throw invalid('wechat_ticket', '微信授权已失效，请重新扫码');
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
    if (ticket) await useTicket(tx, ticket.ticket);
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

export async function registerStep2(db: Db, session: CurrentSession, body: z.infer<typeof registerStep2Body>): Promise<RegisteredStep2> {
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

export async function registerStep3(db: Db, session: CurrentSession, body: z.infer<typeof registerStep3Body>): Promise<Done> {
  const target = await registrationTarget(db, session, body.parent, body.store_id);
  if (target.registerStep < 2) throw refuse('请先填写企业信息');
  const required = REQUIRED_LICENCES[target.companyType as CompanyType] ?? REQUIRED_LICENCES['单体药店'];
  const given = new Set(body.licences.map((l) => l.type));
  const missing = required.filter((t) => !given.has(t));
  if (missing.length) throw invalid('licences', `请上传${LICENCE_TYPES[missing[0]]}`);
  if (
    !(await ownsUploads(
      db,
      session.user.id,
      body.licences.map((l) => l.image),
    ))
  )
    throw invalid('licences', '资质图片无效，请重新上传');
  await db.transaction(async (tx) => {
    await submitLicences(tx, target.id, body.licences);
    await tx.update(users).set({ registerStep: 3, isPassed: 0 }).where(eq(users.id, target.id));
  });
  return { done: 1 };
}

export async function forgetStep1(db: Db, body: z.infer<typeof forgetStep1Body>): Promise<ResetTicket> {
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

export async function forgetStep2(db: Db, body: z.infer<typeof forgetStep2Body>): Promise<Done> {
  const passwordHash = await hashPassword(body.password);
  await db.transaction(async (tx) => {
    const [reset] = await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.ticket, body.ticket), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, new Date())))
      .returning();
    if (!reset) throw invalid('ticket', '重置链接已失效，请重新验证手机号');
    await tx.update(users).set({ passwordHash, sessionsValidAfter: new Date() }).where(eq(users.id, reset.userId));
    await endAllSessions(tx, reset.userId);
  });
  return { done: 1 };
}
