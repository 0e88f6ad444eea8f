/**
 * Operators (DESIGN.md section 13): login with password and, once enrolled, a TOTP code; enrolment; and the
 * operator page of `operator:admin` (add, change roles, reset password or two-factor, disable). Failed
 * logins are limited per operator and per address like the buyers' (guards/login-guard.ts).
 */
import { asc, eq, inArray } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { PERMISSIONS, permissionsOf, ROLES, type Role } from '../../../core/admin.js';
import type { adminLoginBody, operatorCreateBody, operatorUpdateBody, Operator } from '../../../core/schemas/admin.js';
import type { Conn, Db } from '../../db/client.js';
import { operators } from '../../db/schema/operators.js';
import type { CurrentOperator, OperatorRow } from '../../http/auth.js';
import { invalid, notFound, refuse } from '../../http/envelope.js';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords.js';
import { assertNotLocked, clearFailures, countFailure, loginKeys, OPERATOR_LOCKED_MESSAGE } from '../guards/index.js';
import { audited } from './audit.js';
import { endOperatorSessions, startOperatorSession } from './sessions.js';
import { newTotpSecret, openSecret, sealSecret, totpUri, totpValid } from './totp.js';

export const OPERATOR_MISSING = '操作员不存在';
const seconds = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null);

export function operatorView(o: OperatorRow): Operator {
  return {
    id: o.id,
    username: o.username,
    name: o.name,
    roles: o.roles,
    role_names: o.roles.map((r) => ROLES[r as Role]?.name ?? r),
    totp_enabled: o.totpEnabledAt ? 1 : 0,
    is_disabled: o.isDisabled ? 1 : 0,
    last_login_at: seconds(o.lastLoginAt),
    created_at: seconds(o.createdAt)!,
  };
}

/** `GET /api/admin/me`: the operator, what they may do, and every role and permission by name. */
export function me(current: CurrentOperator) {
  return {
    operator: operatorView(current.operator),
    permissions: [...current.permissions],
    roles: Object.entries(ROLES).map(([key, r]) => ({ key, name: r.name, permissions: [...r.permissions] })),
    permission_names: { ...PERMISSIONS },
  };
}

/**
 * `POST /api/admin/login`: password, then the TOTP code once the operator has enrolled (422 on `otp` asks for
 * it). A disabled operator, a wrong password and a wrong code all count as failed logins.
 */
export async function login(db: Db, config: { SESSION_SECRET: string }, req: FastifyRequest, reply: FastifyReply, body: z.infer<typeof adminLoginBody>) {
  const [row] = await db.select().from(operators).where(eq(operators.username, body.username.toLowerCase())).limit(1);
  const keys = loginKeys(row?.id ?? null, body.username, req.ip, 'operator');
  await assertNotLocked(db, keys, OPERATOR_LOCKED_MESSAGE);
  const valid = await verifyPassword(row?.passwordHash ?? (await dummyPasswordHash()), body.password);
  if (!row || !valid || row.isDisabled) {
    await countFailure(db, keys);
    throw invalid('password', row?.isDisabled && valid ? '该操作员已停用，请联系管理员' : '用户名或密码错误');
  }
  if (row.totpEnabledAt && row.totpSecret) {
    if (!body.otp) throw invalid('otp', '请输入身份验证器中的6位动态验证码');
    if (!(await totpValid(openSecret(config.SESSION_SECRET, row.totpSecret), body.otp))) {
      await countFailure(db, keys);
      throw invalid('otp', '动态验证码不正确');
    }
  }
  await clearFailures(db, keys);
  const fresh = await db.transaction(async (tx) => {
    await startOperatorSession(tx, req, reply, row.id);
    const [o] = await tx.update(operators).set({ lastLoginAt: new Date() }).where(eq(operators.id, row.id)).returning();
    return o;
  });
  return me({ sessionId: '', operator: fresh, permissions: new Set(permissionsOf(fresh.roles)) });
}

/** `POST /api/admin/totp/setup`: a new secret to scan; two-factor holds only once a code of it is confirmed. */
export async function setupTotp(db: Db, config: { SESSION_SECRET: string; PRODUCT_TITLE: string }, current: CurrentOperator) {
  if (current.operator.totpEnabledAt) throw refuse('已启用两步验证；如需更换，请联系管理员重置');
  const secret = newTotpSecret();
  await db
    .update(operators)
    .set({ totpSecret: sealSecret(config.SESSION_SECRET, secret) })
    .where(eq(operators.id, current.operator.id));
  return { secret, uri: totpUri(`${config.PRODUCT_TITLE}管理后台`, current.operator.username, secret) };
}

/** `POST /api/admin/totp/enable {otp}`: the first code proves the app holds the secret; from now on it is required. */
export async function enableTotp(db: Db, config: { SESSION_SECRET: string }, current: CurrentOperator, code: string) {
  const [row] = await db.select().from(operators).where(eq(operators.id, current.operator.id));
  if (row.totpEnabledAt) throw refuse('已启用两步验证');
  if (!row.totpSecret) throw refuse('请先获取二维码并用身份验证器扫描');
  if (!(await totpValid(openSecret(config.SESSION_SECRET, row.totpSecret), code))) throw invalid('otp', '动态验证码不正确');
  const [fresh] = await db.update(operators).set({ totpEnabledAt: new Date() }).where(eq(operators.id, row.id)).returning();
  return operatorView(fresh);
}

export async function listOperators(db: Db) {
  return (await db.select().from(operators).orderBy(asc(operators.id))).map(operatorView);
}

/** Operators' names by id, as the console shows them beside what they did (`王运营（ops）`). */
export async function operatorNames(conn: Conn, ids: number[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return new Map();
  const rows = await conn.select({ id: operators.id, name: operators.name, username: operators.username }).from(operators).where(inArray(operators.id, wanted));
  return new Map(rows.map((o) => [o.id, `${o.name}（${o.username}）`]));
}

async function operatorRow(conn: Conn, id: number) {
  const [row] = await conn.select().from(operators).where(eq(operators.id, id)).for('update');
  if (!row) throw notFound(OPERATOR_MISSING);
  return row;
}

const auditFields = (o: OperatorRow) => ({
  username: o.username,
  name: o.name,
  roles: o.roles,
  is_disabled: o.isDisabled,
  totp_enabled: Boolean(o.totpEnabledAt),
});

export async function createOperator(db: Db, req: FastifyRequest, body: z.infer<typeof operatorCreateBody>) {
  const passwordHash = await hashPassword(body.password);
  return audited(
    db,
    req,
    { permission: 'operator:admin', stale: 'nothing', action: 'operator.create', targetType: 'operator', targetId: body.username },
    async (tx) => {
      const [taken] = await tx.select({ id: operators.id }).from(operators).where(eq(operators.username, body.username));
      if (taken) throw invalid('username', '该用户名已被使用');
      const [row] = await tx.insert(operators).values({ username: body.username, name: body.name, passwordHash, roles: body.roles }).returning();
      return { before: null, after: auditFields(row), result: operatorView(row) };
    },
  );
}

/** Name, roles and whether the operator may log in; disabling ends their sessions at once. */
export async function updateOperator(db: Db, req: FastifyRequest, id: number, body: z.infer<typeof operatorUpdateBody>) {
  return audited(
    db,
    req,
    { permission: 'operator:admin', stale: 'nothing', action: 'operator.update', targetType: 'operator', targetId: id },
    async (tx, me) => {
      const before = await operatorRow(tx, id);
      if (id === me.id && (body.is_disabled || !body.roles.includes('admin'))) throw refuse('不能停用自己或取消自己的超级管理员角色');
      const [after] = await tx
        .update(operators)
        .set({ name: body.name, roles: body.roles, isDisabled: body.is_disabled })
        .where(eq(operators.id, id))
        .returning();
      if (body.is_disabled && !before.isDisabled) await endOperatorSessions(tx, id);
      return { before: auditFields(before), after: auditFields(after), result: operatorView(after) };
    },
  );
}

/** A new password set by an administrator; the operator's sessions end. */
export async function resetOperatorPassword(db: Db, req: FastifyRequest, id: number, password: string) {
  const passwordHash = await hashPassword(password);
  return audited(db, req, { permission: 'operator:admin', stale: 'nothing', action: 'operator.password', targetType: 'operator', targetId: id }, async (tx) => {
    await operatorRow(tx, id);
    const at = new Date();
    const [after] = await tx.update(operators).set({ passwordHash, sessionsValidAfter: at }).where(eq(operators.id, id)).returning();
    await endOperatorSessions(tx, id);
    return { before: { password_changed_at: null }, after: { password_changed_at: at.toISOString() }, result: operatorView(after) };
  });
}

/** Two-factor removed (a lost phone): the operator enrols again at the next login. */
export async function resetOperatorTotp(db: Db, req: FastifyRequest, id: number) {
  return audited(
    db,
    req,
    { permission: 'operator:admin', stale: 'nothing', action: 'operator.reset_totp', targetType: 'operator', targetId: id },
    async (tx) => {
      const before = await operatorRow(tx, id);
      const [after] = await tx.update(operators).set({ totpSecret: null, totpEnabledAt: null }).where(eq(operators.id, id)).returning();
      return { before: auditFields(before), after: auditFields(after), result: operatorView(after) };
    },
  );
}

/** The seeded operators of DESIGN.md section 13 (password Admin@2026), written once when there are none. */
export const SEEDED_OPERATORS: { username: string; name: string; roles: Role[] }[] = [
  { username: 'admin', name: '系统管理员', roles: ['admin'] },
  { username: 'ops', name: '李娜', roles: ['ops'] },
  { username: 'qa', name: '王强', roles: ['qa'] },
  { username: 'finance', name: '陈静', roles: ['finance'] },
  { username: 'warehouse', name: '赵磊', roles: ['warehouse'] },
  { username: 'service', name: '刘芳', roles: ['service'] },
];
export const OPERATOR_PASSWORD = 'Admin@2026';

export async function seedOperators(db: Db) {
  const [any] = await db.select({ id: operators.id }).from(operators).limit(1);
  if (any) return false;
  const passwordHash = await hashPassword(OPERATOR_PASSWORD);
  await db.insert(operators).values(SEEDED_OPERATORS.map((o) => ({ ...o, passwordHash })));
  return true;
}
