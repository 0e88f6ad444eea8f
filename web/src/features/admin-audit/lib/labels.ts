/**
 * How the audit log reads to an operator: the Chinese names of actions, target kinds and fields (core/audit-names.ts,
 * which the server's writes are held to) and the recorded values. A row older than a name shows as recorded.
 */
import { AUDIT_ACTION_NAMES, AUDIT_FIELD_NAMES, AUDIT_TARGET_NAMES } from '@core/audit-names';
import type { AdminMe } from '@core/schemas/admin';

const named = (names: Record<string, string>, key: string) => (Object.hasOwn(names, key) ? names[key] : key);

/** The actions the filter offers, in the order of their names' list. */
export const ACTION_NAMES: Record<string, string> = AUDIT_ACTION_NAMES;

/** An account's review state as 资质审核 names it (ReviewStatus). */
const REVIEW_STATES: Record<string, string> = { '0': '待审核', '1': '已通过', '2': '已驳回' };

export const actionName = (action: string) => named(AUDIT_ACTION_NAMES, action);
export const fieldName = (field: string) => named(AUDIT_FIELD_NAMES, field);
export const targetName = (type: string) => named(AUDIT_TARGET_NAMES, type);

/** A recorded value as an operator reads it: roles by name, yes/no for flags, — for nothing. */
export function valueText(field: string, value: unknown, me: AdminMe | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return field === 'totp_enabled' ? (value ? '已启用' : '未启用') : value ? '是' : '否';
  if (field === 'is_passed') return REVIEW_STATES[String(value)] ?? String(value);
  if (field === 'roles' && Array.isArray(value)) return value.map((r) => me?.roles.find((x) => x.key === r)?.name ?? String(r)).join('、') || '—';
  if (Array.isArray(value)) return value.map(String).join('、');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
