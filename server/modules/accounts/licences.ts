/** Licences (资质): their state and what to do next, renewal with the 30-day warning, and registration's set. */
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { LICENCE_EXPIRY_WARN_DAYS, LICENCE_TYPES, REQUIRED_LICENCES, type CompanyType, type LicenceType } from '../../../core/constants.js';
import { chinaToday, type Licence, type licenceAddBody, type LicenceList, type LicenceState, type licenceUploadBody } from '../../../core/schemas/member.js';
import { ReviewStatus } from '../../../core/status.js';
import type { Conn, Db } from '../../db/client.js';
import { licences, users } from '../../db/schema/accounts.js';
import type { SessionUser } from '../../http/auth.js';
import { invalid, notFound } from '../../http/envelope.js';
import { ownsUploads } from '../uploads/index.js';
import { approvedUntilSql, expiredLicences } from './licence-expiry.js';

const LICENCE_MISSING = '资质证件不存在';
const DAY_MS = 86_400_000;
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** Whole days from today (China) to a YYYY-MM-DD date: 0 today, negative once past. */
function daysUntil(date: string, now = Date.now()) {
  return Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${chinaToday(now)}T00:00:00Z`)) / DAY_MS);
}

type LicenceRow = typeof licences.$inferSelect;

const LICENCE_STATUS = { 0: '审核中', 1: '已通过', 2: '未通过' } as const;

export function licenceView(l: LicenceRow, now: number): Licence {
  const days = l.validUntil ? daysUntil(l.validUntil, now) : null;
  return {
    id: l.id,
    type: l.type,
    type_name: LICENCE_TYPES[l.type as LicenceType] ?? l.type,
    number: l.number,
    valid_until: l.validUntil ?? '',
    image: l.image,
    status: l.status,
    status_text: LICENCE_STATUS[l.status as keyof typeof LICENCE_STATUS] ?? '审核中',
    remark: l.remark,
    days_left: days,
    expiry: days === null ? 0 : days < 0 ? 2 : days <= LICENCE_EXPIRY_WARN_DAYS ? 1 : 0,
    updated_at: seconds(l.createdAt),
  };
}

const requiredOf = (user: SessionUser) => REQUIRED_LICENCES[user.companyType as CompanyType] ?? REQUIRED_LICENCES['单体药店'];

export async function licenceRows(conn: Conn, userId: number) {
  return conn.select().from(licences).where(eq(licences.userId, userId)).orderBy(asc(licences.id));
}

/**
 * Where the account stands with its licences and what to do next: finish registering, wait for the review,
 * upload again after a refusal, or renew a licence that has expired (buying refused until a new one is
 * approved) or expires within 30 days.
 */
export function licenceState(user: SessionUser, list: Licence[]): LicenceState {
  const expired = list.filter((l) => l.expiry === 2);
  const expiring = list.filter((l) => l.expiry === 1);
  const toLicences = (label: string) => ({ label, to: '/zhzx/zzzj' });
  if (user.registerStep < 3) {
    return {
      state: 'incomplete',
      text: '注册资料未完善',
      tip: user.registerStep < 2 ? '请填写企业信息并上传资质，审核通过后即可查看价格并采购。' : '请上传资质证件，审核通过后即可查看价格并采购。',
      action: { label: '继续完善资料', to: `/register/step${user.registerStep + 1}` },
    };
  }
  if (user.isPassed === 2) {
    return { state: 'rejected', text: '资质审核未通过', tip: user.rejectReason || '请按要求重新上传资质证件。', action: toLicences('重新上传资质') };
  }
  if (user.isPassed === 0) {
    return { state: 'waiting', text: '资质审核中', tip: '我们将在1-2个工作日内完成审核，审核结果将通过站内消息通知您。', action: toLicences('查看资质') };
  }
  // Buying goes by the approved dates the session carries: a new picture waiting for review does not lift them.
  const refused = expiredLicences(user);
  if (refused.length) {
    const names = refused.map((l) => LICENCE_TYPES[l.type as LicenceType] ?? l.type).join('、');
    const renewing = refused.every((r) => list.some((l) => l.type === r.type && l.status === ReviewStatus.waiting));
    return {
      state: 'expired',
      text: '资质已过期',
      tip: renewing
        ? `${names}已过期，暂停采购；新证件正在审核中，审核通过后即可继续采购。`
        : `${names}已过期，暂停采购。请上传新证件，审核通过后即可继续采购。`,
      action: toLicences(renewing ? '查看资质' : '上传新证件'),
    };
  }
  if (expired.length) {
    return {
      state: 'expired',
      text: '资质已过期',
      tip: `${expired.map((l) => l.type_name).join('、')}已过期，请尽快上传新证件，以免影响采购。`,
      action: toLicences('更新资质'),
    };
  }
  if (expiring.length) {
    const first = [...expiring].sort((a, b) => a.days_left! - b.days_left!)[0];
    return {
      state: 'expiring',
      text: '资质即将到期',
      tip: `${first.type_name}将于${first.valid_until}到期（剩余${first.days_left}天），请及时上传新证件。`,
      action: toLicences('上传新证件'),
    };
  }
  return { state: 'approved', text: '资质已审核通过', tip: '您可以查看价格并在线采购。', action: null };
}

/** GET /api/user/zizhi: the account's licences, the types its company type needs, and where it stands. */
export async function listLicences(db: Db, user: SessionUser): Promise<LicenceList> {
  const now = Date.now();
  const list = (await licenceRows(db, user.id)).map((l) => licenceView(l, now));
  const held = new Set(list.map((l) => l.type));
  return {
    is_passed: user.isPassed,
    reject_reason: user.rejectReason,
    state: licenceState(user, list),
    warn_days: LICENCE_EXPIRY_WARN_DAYS,
    required: requiredOf(user).map((type) => ({ type, name: LICENCE_TYPES[type], held: held.has(type) ? 1 : 0 })),
    types: Object.entries(LICENCE_TYPES).map(([type, name]) => ({ type, name })),
    list,
  };
}

async function assertOwnUpload(db: Db, userId: number, image: string) {
  if (!(await ownsUploads(db, userId, [image]))) throw invalid('image', '资质图片无效，请重新上传');
}

/**
 * A new picture of a licence waits for review (status 0) in place of the old one. An approved account keeps
 * buying meanwhile, until the date approved before passes; a refused account goes back to waiting for review.
 */
async function saveLicence(db: Db, user: SessionUser, type: string, input: z.infer<typeof licenceUploadBody>, id?: number): Promise<Licence> {
  await assertOwnUpload(db, user.id, input.image);
  const values = { image: input.image, number: input.number, validUntil: input.valid_until, status: 0, remark: '', createdAt: new Date() };
  // The date approved stays what buying goes by until the new one is approved (licence-expiry.ts).
  const replacing = { ...values, approvedUntil: approvedUntilSql };
  const saved = await db.transaction(async (tx) => {
    let row: LicenceRow | undefined;
    if (id) {
      [row] = await tx
        .update(licences)
        .set(replacing)
        .where(and(eq(licences.id, id), eq(licences.userId, user.id)))
        .returning();
      if (!row) throw notFound(LICENCE_MISSING);
    } else {
      [row] = await tx
        .update(licences)
        .set(replacing)
        .where(and(eq(licences.userId, user.id), eq(licences.type, type)))
        .returning();
      if (!row)
        [row] = await tx
          .insert(licences)
          .values({ userId: user.id, type, ...values })
          .returning();
    }
    if (user.isPassed === 2) await tx.update(users).set({ isPassed: 0, rejectReason: '' }).where(eq(users.id, user.id));
    return row;
  });
  return licenceView(saved, Date.now());
}

export const reuploadLicence = (db: Db, user: SessionUser, id: number, input: z.infer<typeof licenceUploadBody>) => saveLicence(db, user, '', input, id);

export const addLicence = (db: Db, user: SessionUser, input: z.infer<typeof licenceAddBody>) => saveLicence(db, user, input.type, input);

/** Registration's licences replace those still waiting for review. */
export async function submitLicences(tx: Conn, userId: number, list: { type: string; number?: string; valid_until?: string | null; image: string }[]) {
  await tx.delete(licences).where(and(eq(licences.userId, userId), eq(licences.status, 0)));
  await tx.insert(licences).values(list.map((l) => ({ userId, type: l.type, number: l.number ?? '', validUntil: l.valid_until ?? null, image: l.image })));
}
