/** GET /api/admin/audit (audit:read): the audit log, newest first, 20 a page, by operator, action and target. */
import type { z } from 'zod';
import type { AuditPage } from '@core/schemas/admin';
import { adminHttp } from '@/lib/admin/http';
import { AUDIT_KEY } from '@/lib/admin/keys';
import type { ListQuery } from '@/lib/admin/list';

export const AUDIT_FILTERS = ['operator', 'action', 'target'] as const;
export { AUDIT_KEY };

export const getAudit = ({ page, filters }: ListQuery, signal?: AbortSignal) =>
  adminHttp.get<z.infer<typeof AuditPage>>('/api/admin/audit', { page, ...filters }, { signal });
