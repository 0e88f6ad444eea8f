/**
 * The staff side of accounts (DESIGN.md section 13): the buyers' list and detail, the licence review that
 * lets a buyer see prices and buy (with the 经营范围 approved), the flags and rank an operator sets, and the
 * dedicated service contacts. Every write is audited in its own transaction and the buyer is told by a message
 * where it concerns them. A buyer's session reads the account row on every request, so a change applies at once.
 */
import { and, asc, count, desc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { LICENCE_TYPES, REQUIRED_LICENCES, type CompanyType, type LicenceType } from '../../../core/constants.js';
import type { AdminUserDetail, AdminUserQuery, AdminUserRow, contactsBody, reviewBody, userFlagsBody } from '../../../core/schemas/admin-users.js';
import { chinaToday } from '../../../core/schemas/member.js';
import { ReviewStatus } from '../../../core/status.js';
import type { Conn, Db, Tx } from '../../db/client.js';
import { licences, serviceContacts, users } from '../../db/schema/accounts.js';
import { invalid, notFound, refuse } from '../../http/envelope.js';
import { audited } from '../operators/index.js';
import { licenceRows, licenceView } from './licences.js';
import { sendMessage } from './messages.js';
import { businessScopeList } from './service.js';
import { forgetUserSessions } from './sessions.js';
import { containing } from '../../db/like.js';

const USER_MISSING = '客户不存在';
const PER_PAGE = 20;
const DAY_MS = 86_400_000;
const seconds = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null);
const REVIEW_TEXT: Record<number, string> = { 0: '待审核', 1: '已通过', 2: '已驳回' };

type UserRow = typeof users.$inferSelect;

/** The earliest expiry among an account's licences. */
const licenceExpiry = sql<string | null>`(select min(${licences.validUntil}) from ${licences} where ${licences.userId} = ${users.id})`;

function rowView(u: UserRow, expires: string | null): AdminUserRow {
  return {
    id: u.id,
    username: u.username,
    company: u.company,
    company_type: u.companyType,
    name: u.name,
    phone: u.phone,
    region: [u.province, u.city, u.district].filter(Boolean).join(' '),
    is_passed: u.isPassed,
    is_passed_text: REVIEW_TEXT[u.isPassed] ?? '待审核',
    register_step: u.registerStep,
    rank: u.rank,
    parent_id: u.parentId,
    licence_expires: expires,
    created_at: seconds(u.createdAt)!,
  };
}

/** `expiring` days from today (China), as the YYYY-MM-DD a licence's `valid_until` is compared with. */
const dayAfter = (days: number, now = Date.now()) => new Date(Date.parse(`${chinaToday(now)}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

function listWhere(q: AdminUserQuery): SQL | undefined {
  const where: SQL[] = [];
  if (q.keyword) {
    const like = containing(q.keyword);
    where.push(or(ilike(users.company, like), ilike(users.username, like), ilike(users.phone, like), ilike(users.name, like))!);
  }
  if (q.is_passed !== undefined) where.push(eq(users.isPassed, Number(q.is_passed)));
  if (q.submitted) where.push(gte(users.registerStep, 3));
  if (q.company_type) where.push(eq(users.companyType, q.company_type));
  if (q.expiring) {
    where.push(sql`exists (select 1 from ${licences} where ${licences.userId} = ${users.id} and ${lte(licences.validUntil, dayAfter(q.expiring))})`);
  }
  return where.length ? and(...where) : undefined;
}

/** `GET /api/admin/users`: newest first; by licence expiry, soonest first, when filtering by it. */
export async function listUsers(db: Db, q: AdminUserQuery) {
  const where = listWhere(q);
  const order = q.expiring ? [asc(licenceExpiry), desc(users.id)] : [desc(users.id)];
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({ user: users, expires: licenceExpiry })
      .from(users)
      .where(where)
      .orderBy(...order)
      .limit(PER_PAGE)
      .offset((q.page - 1) * PER_PAGE),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return {
    current_page: q.page,
    data: rows.map((r) => rowView(r.user, r.expires)),
    per_page: PER_PAGE,
    total: n,
    last_page: Math.max(1, Math.ceil(n / PER_PAGE)),
  };
}

async function userOr404(conn: Conn, id: number, lock = false) {
  const query = conn.select().from(users).where(eq(users.id, id));
  const [u] = lock ? await query.for('update') : await query;
  if (!u) throw notFound(USER_MISSING);
  return u;
}

/** `GET /api/admin/users/{id}`: the account with its licences side by side, scopes, flags, contacts and chain. */
export async function userDetail(db: Db, id: number, now = Date.now()): Promise<AdminUserDetail> {
  const u = await userOr404(db, id);
  const [scopes, licenceList, contacts, stores, parent] = await Promise.all([
    businessScopeList(db),
    licenceRows(db, id),
    db.select().from(serviceContacts).where(eq(serviceContacts.userId, id)).orderBy(desc(serviceContacts.isDefault), asc(serviceContacts.id)),
    db
      .select({ id: users.id, username: users.username, company: users.company, is_passed: users.isPassed })
      .from(users)
      .where(eq(users.parentId, id))
      .orderBy(asc(users.id)),
    u.parentId ? db.select({ id: users.id, company: users.company }).from(users).where(eq(users.id, u.parentId)) : Promise.resolve([]),
  ]);
  const scopeName = new Map(scopes.map((s) => [s.id, s.name]));
  const required = REQUIRED_LICENCES[u.companyType as CompanyType] ?? [];
  const have = new Set(licenceList.map((l) => l.type));
  const expiries = licenceList
    .map((l) => l.validUntil)
    .filter((v): v is string => Boolean(v))
    .sort();
  return {
    ...rowView(u, expiries[0] ?? null),
    email: u.email,
    contact_phone: u.contactPhone,
    address: u.address,
    reject_reason: u.rejectReason,
    reviewed_at: seconds(u.reviewedAt),
    jyfw: u.jyfw.filter((s) => scopeName.has(s)).map((s) => ({ id: s, name: scopeName.get(s)! })),
    scope_ids: u.scopeIds,
    is_special: u.isSpecial ? 1 : 0,
    is_show_youx: u.isShowYoux ? 1 : 0,
    is_can_chat: u.isCanChat ? 1 : 0,
    is_AfterSale: u.isAfterSale ? 1 : 0,
    may_buy_ephedrine: u.mayBuyEphedrine ? 1 : 0,
    licences: licenceList.map((l) => licenceView(l, now)),
    missing_licences: required.filter((t) => !have.has(t)).map((t) => LICENCE_TYPES[t as LicenceType]),
    contacts: contacts.map((c) => ({ id: c.id, name: c.name, phone: c.phone, is_default: c.isDefault ? 1 : 0 })),
    parent: parent[0] ?? null,
    stores,
    all_scopes: scopes,
  };
}

async function checkScopes(db: Db, ids: number[], field: string) {
  const known = new Set((await businessScopeList(db)).map((s) => s.id));
  const unknown = ids.find((s) => !known.has(s));
  if (unknown !== undefined) throw invalid(field, '经营范围不正确');
}

/** The fields of an account an audit row keeps. */
const trail = (u: UserRow) => ({
  is_passed: u.isPassed,
  reject_reason: u.rejectReason,
  scope_ids: u.scopeIds,
  is_special: u.isSpecial,
  is_show_youx: u.isShowYoux,
  is_can_chat: u.isCanChat,
  is_AfterSale: u.isAfterSale,
  may_buy_ephedrine: u.mayBuyEphedrine,
  rank: u.rank,
});

/**
 * `POST /api/admin/users/{id}/review`: approves (with the 经营范围 approved, by default what the buyer declared)
 * or rejects with a reason the buyer reads on 资质证照 and in a message. Licences waiting for review take the
 * same decision. An account that has not finished registering cannot be approved.
 */
export async function reviewUser(db: Db, req: FastifyRequest, id: number, body: z.infer<typeof reviewBody>) {
  if (body.scope_ids) await checkScopes(db, body.scope_ids, 'scope_ids');
  const approve = body.is_passed === ReviewStatus.approved;
  await audited(
    db,
    req,
    { permission: 'user:review', stale: 'nothing', action: approve ? 'user.approve' : 'user.reject', targetType: 'user', targetId: id },
    async (tx) => {
      const before = await userOr404(tx, id, true);
      if (approve && before.registerStep < 3) throw refuse('该客户尚未完成注册（未上传资质），不能审核通过');
      const scopes = approve ? (body.scope_ids ?? before.jyfw) : before.scopeIds;
      if (approve && scopes.length === 0) throw invalid('scope_ids', '请至少核准一项经营范围');
      const [after] = await tx
        .update(users)
        .set({ isPassed: body.is_passed, rejectReason: approve ? '' : body.reason, scopeIds: scopes, reviewedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      await tx
        .update(licences)
        // Once approved, a licence's own date is the one buying goes by (licence-expiry.ts): the one kept from before goes.
        .set(approve ? { status: ReviewStatus.approved, remark: '', approvedUntil: null } : { status: ReviewStatus.rejected, remark: body.reason })
        .where(and(eq(licences.userId, id), inArray(licences.status, approve ? [ReviewStatus.waiting, ReviewStatus.rejected] : [ReviewStatus.waiting])));
      await tellReview(tx, after, approve, body.reason);
      return { before: trail(before), after: { ...trail(after), ...(approve ? {} : { reason: body.reason }) }, result: null };
    },
  );
  forgetUserSessions(id);
  return userDetail(db, id);
}

async function tellReview(tx: Tx, u: UserRow, approve: boolean, reason: string) {
  if (approve) {
    await sendMessage(tx, u.id, '资质审核通过', `${u.company}的企业资质已审核通过，现在可以查看价格并下单采购。${reason ? `审核说明：${reason}` : ''}`);
  } else {
    await sendMessage(tx, u.id, '资质审核未通过', `很抱歉，您提交的企业资质未通过审核。原因：${reason}。请在“账户中心-资质证件”中按要求重新上传后提交审核。`);
  }
}

/** `POST /api/admin/users/{id}`: flags, rank and the approved 经营范围. */
export async function updateUserFlags(db: Db, req: FastifyRequest, id: number, body: z.infer<typeof userFlagsBody>) {
  await checkScopes(db, body.scope_ids, 'scope_ids');
  await audited(db, req, { permission: 'user:write', stale: 'nothing', action: 'user.update', targetType: 'user', targetId: id }, async (tx) => {
    const before = await userOr404(tx, id, true);
    const [after] = await tx
      .update(users)
      .set({
        isSpecial: body.is_special === 1,
        isShowYoux: body.is_show_youx === 1,
        isCanChat: body.is_can_chat === 1,
        isAfterSale: body.is_AfterSale === 1,
        mayBuyEphedrine: body.may_buy_ephedrine === 1,
        rank: body.rank,
        scopeIds: body.scope_ids,
      })
      .where(eq(users.id, id))
      .returning();
    return { before: trail(before), after: trail(after), result: null };
  });
  forgetUserSessions(id);
  return userDetail(db, id);
}

/** `POST /api/admin/users/{id}/contacts`: the account's dedicated service contacts, replaced as a whole. */
export async function setContacts(db: Db, req: FastifyRequest, id: number, body: z.infer<typeof contactsBody>) {
  await audited(db, req, { permission: 'user:write', stale: 'nothing', action: 'user.contacts', targetType: 'user', targetId: id }, async (tx) => {
    await userOr404(tx, id, true);
    const before = await tx.select().from(serviceContacts).where(eq(serviceContacts.userId, id)).orderBy(asc(serviceContacts.id));
    await tx.delete(serviceContacts).where(eq(serviceContacts.userId, id));
    if (body.contacts.length)
      await tx.insert(serviceContacts).values(body.contacts.map((c) => ({ userId: id, name: c.name, phone: c.phone, isDefault: c.is_default === 1 })));
    const view = (list: { name: string; phone: string; isDefault: boolean }[]) => list.map((c) => `${c.name} ${c.phone}${c.isDefault ? '（默认）' : ''}`);
    const after = body.contacts.map((c) => ({ name: c.name, phone: c.phone, isDefault: c.is_default === 1 }));
    if (JSON.stringify(view(before)) !== JSON.stringify(view(after))) {
      const first = after.find((c) => c.isDefault);
      if (first) await sendMessage(tx, id, '专属客服变更通知', `您的专属客服已更新为${first.name}，联系电话 ${first.phone}。`);
    }
    return { before: { contacts: view(before) }, after: { contacts: view(after) }, result: null };
  });
  return userDetail(db, id);
}

/** The queues of the dashboard this module keeps: reviews waiting and licences expiring within `days`. */
export async function accountQueues(db: Db, days: number, now = Date.now()) {
  const [[waiting], [expiring], [today]] = await Promise.all([
    db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.isPassed, ReviewStatus.waiting), gte(users.registerStep, 3))),
    db
      .select({ n: sql<number>`count(distinct ${licences.userId})`.mapWith(Number) })
      .from(licences)
      .where(lte(licences.validUntil, dayAfter(days, now))),
    db
      .select({ n: count() })
      .from(users)
      .where(sql`${users.createdAt} >= ${new Date(Date.parse(`${chinaToday(now)}T00:00:00+08:00`))}`),
  ]);
  return { reviews: waiting.n, expiring: expiring.n, newBuyersToday: today.n };
}

/** New accounts per China day over the last `days` days (the dashboard's chart). */
export async function newBuyersByDay(db: Db, since: Date) {
  const day = sql<string>`to_char(${users.createdAt} at time zone 'Asia/Shanghai', 'YYYY-MM-DD')`;
  const rows = await db
    .select({ day, n: count() })
    .from(users)
    .where(sql`${users.createdAt} >= ${since}`)
    .groupBy(day);
  return new Map(rows.map((r) => [r.day, r.n]));
}
