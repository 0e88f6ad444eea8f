/** GET /api/admin/jobs (job:read): every background job, when it runs next, who holds it, and its last run. */
import type { z } from 'zod';
import type { JobList } from '@core/schemas/jobs';
import { adminHttp } from '@/lib/admin/http';
import { ADMIN_KEY } from '@/lib/admin/keys';

/** The jobs and their runs: running one now makes both stale. */
export const JOBS_KEY = [...ADMIN_KEY, 'jobs'] as const;

/** The jobs run by themselves, so their page fetches them again this often while it is open. */
export const JOBS_REFRESH_MS = 10_000;

export const getJobs = (signal?: AbortSignal) => adminHttp.get<z.infer<typeof JobList>>('/api/admin/jobs', undefined, { signal });
