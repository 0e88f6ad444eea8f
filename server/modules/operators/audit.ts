/**
 * Every console write goes through `audited`: it checks the operator's permission (403 `无权限` otherwise),
 * runs the change in one transaction and writes the audit row - operator, permission, target, the fields
 * before and after, address, time - in that same transaction, so no write escapes the log. The log is
 * append-only (a database trigger refuses updates and deletes).
 */
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Permission } from '../../../core/admin.js';
import type { AuditAction, AuditTarget } from '../../../core/audit-names.js';
import { insertMany } from '../../db/bulk.js';
import type { Db, Tx } from '../../db/client.js';
import { auditLog } from '../../db/schema/operators.js';
import { requirePermission, type OperatorRow } from '../../http/auth.js';
import { answersStale, markStale, type Stale } from '../../http/freshness.js';

export type Fields = Record<string, unknown>;
/** What a write changed; `targetId` names a target made by the write itself (a new record's id). */
export type Change<T> = { before: Fields | null; after: Fields | null; result: T; targetId?: string | number };
/**
 * `action` and `targetType` are among the names the console shows (core/audit-names.ts): a new one comes with its
 * name. `stale` says what of the kept answers buyers are shown the write makes stale (http/freshness.ts): the
 * version is bumped in the write's transaction, and every process clears what it keeps.
 */
export type AuditWhat = { permission: Permission; action: AuditAction; targetType: AuditTarget; targetId: string | number; stale: Stale };
/** One target of a write that changes many (a bulk action, an import). */
export type TargetChange = { targetId: string | number; before: Fields | null; after: Fields | null };

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The fields that changed, before and after; null when nothing did. */
export function changedFields(before: Fields | null, after: Fields | null): { before: Fields | null; after: Fields | null } | null {
  if (!before || !after) return before || after ? { before, after } : null;
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((k) => !same(before[k], after[k]));
  if (!keys.length) return null;
  return { before: Object.fromEntries(keys.map((k) => [k, before[k] ?? null])), after: Object.fromEntries(keys.map((k) => [k, after[k] ?? null])) };
}

/** The audit rows of changes by one operator; a change that changed nothing has none. */
function auditRows(request: FastifyRequest, operator: OperatorRow, what: Omit<AuditWhat, 'targetId'>, changes: TargetChange[]) {
  return changes.flatMap((c) => {
    const diff = changedFields(c.before, c.after);
    if (!diff) return [];
    return [
      {
        operatorId: operator.id,
        operatorName: `${operator.name}（${operator.username}）`,
        permission: what.permission,
        action: what.action,
        targetType: what.targetType,
        targetId: String(c.targetId),
        before: diff.before,
        after: diff.after,
        ip: request.ip.slice(0, 64),
      },
    ];
  });
}

/**
 * A console write: permission checked, change and audit row in one transaction, and what it makes stale marked in
 * it (cleared in this process before it answers). A change that changed nothing writes no row.
 */
export async function audited<T>(db: Db, request: FastifyRequest, what: AuditWhat, change: (tx: Tx, operator: OperatorRow) => Promise<Change<T>>): Promise<T> {
  const { operator } = requirePermission(request, what.permission);
  const { result, version } = await db.transaction(async (tx) => {
    const { before, after, result, targetId } = await change(tx, operator);
    const rows = auditRows(request, operator, what, [{ targetId: targetId ?? what.targetId, before, after }]);
    if (rows.length) await tx.insert(auditLog).values(rows);
    return { result, version: await marked(tx, what.stale) };
  });
  if (version !== null) answersStale(db, version);
  return result;
}

const marked = (tx: Tx, stale: Stale) => (stale === 'nothing' ? null : markStale(tx, stale));

/**
 * A console write that changes many targets at once (goods put on sale in bulk, an import): one transaction,
 * an audit row per target that changed.
 */
export async function auditedMany<T>(
  db: Db,
  request: FastifyRequest,
  what: Omit<AuditWhat, 'targetId'>,
  change: (tx: Tx, operator: OperatorRow) => Promise<{ changes: TargetChange[]; result: T }>,
): Promise<T> {
  const { operator } = requirePermission(request, what.permission);
  const { result, version } = await db.transaction(async (tx) => {
    const { changes, result } = await change(tx, operator);
    await insertMany(tx, auditLog, auditRows(request, operator, what, changes));
    return { result, version: await marked(tx, what.stale) };
  });
  if (version !== null) answersStale(db, version);
  return result;
}

const PER_PAGE = 20;

/** `GET /api/admin/audit`: newest first, by operator, action (e.g. `order.ship`) and target (`order` or `order:12`). */
export async function listAudit(db: Db, q: { page: number; operator?: number; action: string; target: string }) {
  const where: SQL[] = [];
  if (q.operator) where.push(eq(auditLog.operatorId, q.operator));
  if (q.action) where.push(eq(auditLog.action, q.action));
  if (q.target) {
    const [type, id] = q.target.split(':');
    where.push(eq(auditLog.targetType, type));
    if (id) where.push(eq(auditLog.targetId, id));
  }
  const cond = where.length ? and(...where) : undefined;
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(cond)
      .orderBy(desc(auditLog.id))
      .limit(PER_PAGE)
      .offset((q.page - 1) * PER_PAGE),
    db.select({ n: count() }).from(auditLog).where(cond),
  ]);
  return {
    current_page: q.page,
    data: rows.map((r) => ({
      id: r.id,
      operator_id: r.operatorId,
      operator_name: r.operatorName,
      permission: r.permission,
      action: r.action,
      target_type: r.targetType,
      target_id: r.targetId,
      before: r.before,
      after: r.after,
      ip: r.ip,
      created_at: Math.floor(r.createdAt.getTime() / 1000),
    })),
    last_page: Math.max(1, Math.ceil(n / PER_PAGE)),
    per_page: PER_PAGE,
    total: n,
  };
}
