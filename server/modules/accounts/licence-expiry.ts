/**
 * Licence expiry (DESIGN.md section 16, docs/decisions/041-licence-expiry.md): the dates buying goes by, the
 * refusal once one has passed, and the daily reminders (站内信) at 30 and 7 days before and once expired.
 *
 * A licence's `valid_until` is its last valid day, China time: a licence ending today still buys today, and is
 * refused from tomorrow. Buying goes by the date an operator approved, so a new picture waiting for review keeps
 * the old date (`approved_until`) until it is approved.
 */
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { LICENCE_TYPES, type LicenceType } from '../../../core/constants.js';
import { ReviewStatus } from '../../../core/status.js';
import type { Db } from '../../db/client.js';
import { licenceReminders, licences, messages, users } from '../../db/schema/accounts.js';
import type { LicenceExpiry, SessionUser } from '../../http/auth.js';
import { refuse } from '../../http/envelope.js';
import { DAY_MS, today } from '../../lib/china-time.js';

/** Where a buyer renews a licence, as the messages and refusals name it (the page `/zhzx/zzzj`). */
const RENEW_AT = '“账户中心-资质证件”';
/** The reminders, by days left before the last valid day; 0 is sent once the licence has expired. */
const REMINDER_DAYS = [30, 7, 0] as const;

const nameOf = (type: string) => LICENCE_TYPES[type as LicenceType] ?? type;
/** The day `days` after a YYYY-MM-DD day. */
const dayAfter = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** A licence's last day as buying goes by it: its own once approved, else the one approved before a new picture. */
export const approvedUntilSql = sql<string | null>`case when ${licences.status} = ${ReviewStatus.approved}
  then ${licences.validUntil} else ${licences.approvedUntil} end`;

/**
 * The licences of the account of the statement's `users` row by approved last day, earliest first, as JSON: a column
 * of the session's statement. The row is named with its table, always: a statement reading `users` alone names its
 * columns bare, and a bare `id` inside this subquery would be the licence's own.
 */
export const licenceExpiriesSql = () => sql<LicenceExpiry[]>`coalesce((
  select json_agg(json_build_object('type', e.type, 'until', e.until) order by e.until, e.type)
  from (select ${licences.type} as type, ${approvedUntilSql} as until from ${licences} where ${licences.userId} = ${users}.${sql.identifier(users.id.name)}) e
  where e.until is not null), '[]'::json)`;

/** What a buyer whose licences in `expired` have expired is told when buying is refused. */
function expiredText(expired: readonly LicenceExpiry[]) {
  const which =
    expired.length === 1
      ? `${nameOf(expired[0].type)}有效期至${expired[0].until}，已过期`
      : `${expired.map((l) => `${nameOf(l.type)}（有效期至${l.until}）`).join('、')}已过期`;
  return `您的${which}，请前往${RENEW_AT}上传新证件，审核通过后即可继续采购`;
}

/** The account's licences whose approved last day is before `day` (China). */
export const expiredLicences = (user: SessionUser, day = today()) => (user.licenceExpiries ?? []).filter((l) => l.until < day);

/**
 * Refuses adding to the cart, checking out and ordering once a licence has expired. On the hot path of adding to
 * the cart: the dates come with the session, earliest first, so a buyer in date costs one comparison with today.
 */
export function requireLicencesValid(user: SessionUser) {
  const first = user.licenceExpiries?.[0];
  if (!first) return;
  const day = today();
  if (first.until >= day) return;
  throw refuse(expiredText(expiredLicences(user, day)));
}

/** Refuses a chain headquarters buying for its store `store` (copying lines into its cart) once a licence of the store has expired. */
export function requireStoreLicencesValid(store: SessionUser & { company: string }) {
  const expired = expiredLicences(store);
  if (!expired.length) return;
  const which = expired.map((l) => `${nameOf(l.type)}（有效期至${l.until}）`).join('、');
  throw refuse(`${store.company}的${which}已过期，需在该门店的${RENEW_AT}上传新证件并审核通过后才能为其加购`);
}

type Due = { id: number; userId: number; type: string; number: string; until: string; days: number };

/** The message of a reminder. */
function reminderOf(l: Due, day: string): { title: string; content: string } {
  const name = nameOf(l.type);
  const licence = `您的${name}${l.number ? `（证号：${l.number}）` : ''}`;
  if (l.days === 0) {
    return {
      title: `${name}已过期`,
      content: `${licence}有效期至${l.until}，已过期，现已暂停采购（加入购物车、结算和下单）。请前往${RENEW_AT}上传新证件，审核通过后即可继续采购。`,
    };
  }
  const left = daysBetween(day, l.until);
  return {
    title: `${name}将于${l.until}到期`,
    content: `${licence}有效期至${l.until}，${left === 0 ? '今天是最后一天' : `还有${left}天到期`}。请在到期前前往${RENEW_AT}上传新证件；证件过期后将暂停采购，直至新证件审核通过。`,
  };
}

/**
 * The `accounts.licence_expiry` job: each approved buyer's approved licence that has reached 30 or 7 days before
 * its last day, or expired, gets one message, once per licence, date and threshold, and only for the threshold
 * passed most recently (a job that missed days does not send the ones it missed). Licences waiting for review are
 * left to the review: the buyer has already uploaded. Each reminder's row is written with its message, and a
 * second run (or one in another process at once) finds the row and writes nothing. Answers the messages written.
 */
export async function sendLicenceReminders(db: Db, day = today(), chunk = 500): Promise<number> {
  const stage = sql<number>`(case when ${licences.validUntil} < ${day} then 0 when ${licences.validUntil} <= ${dayAfter(day, 7)} then 7 else 30 end)`;
  const due = await db
    .select({ id: licences.id, userId: licences.userId, type: licences.type, number: licences.number, until: licences.validUntil, days: stage.mapWith(Number) })
    .from(licences)
    .innerJoin(users, eq(users.id, licences.userId))
    .where(
      and(
        eq(users.isPassed, ReviewStatus.approved),
        eq(licences.status, ReviewStatus.approved),
        lte(licences.validUntil, dayAfter(day, REMINDER_DAYS[0])),
        sql`not exists (select 1 from ${licenceReminders} r where r.licence_id = ${licences.id} and r.valid_until = ${licences.validUntil} and r.days = ${stage})`,
      ),
    )
    .orderBy(asc(licences.id));
  let sent = 0;
  for (let i = 0; i < due.length; i += chunk) {
    const part = due.slice(i, i + chunk).map((l) => ({ ...l, until: l.until! }));
    sent += await db.transaction(async (tx) => {
      // In licence order: two runs at once wait on each other's rows in the same order, never in a circle.
      const fresh = await tx
        .insert(licenceReminders)
        .values(part.map((l) => ({ licenceId: l.id, validUntil: l.until, days: l.days })))
        .onConflictDoNothing()
        .returning({ id: licenceReminders.licenceId });
      const ids = new Set(fresh.map((r) => r.id));
      const told = part.filter((l) => ids.has(l.id));
      if (told.length) await tx.insert(messages).values(told.map((l) => ({ userId: l.userId, ...reminderOf(l, day) })));
      return told.length;
    });
  }
  return sent;
}
