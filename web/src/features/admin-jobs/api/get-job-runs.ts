/** GET /api/admin/jobs/{name}/runs (job:read): a job's runs, newest first, 20 a page (kept two weeks). */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { JobRun } from '@core/schemas/jobs';
import { adminHttp } from '@/lib/admin/http';
import type { ListPage } from '@/lib/admin/list';
import { JOBS_KEY, JOBS_REFRESH_MS } from './get-jobs';

export type JobRunRow = z.infer<typeof JobRun>;

const getJobRuns = (name: string, page: number, signal?: AbortSignal) =>
  adminHttp.get<ListPage<JobRunRow>>(`/api/admin/jobs/${encodeURIComponent(name)}/runs`, { page }, { signal });

export const jobRunsQuery = (name: string, page: number) =>
  queryOptions({
    queryKey: [...JOBS_KEY, 'runs', name, page],
    queryFn: ({ signal }) => getJobRuns(name, page, signal),
    placeholderData: keepPreviousData,
    // New runs come in while the drawer is open, as the list's figures do.
    refetchInterval: JOBS_REFRESH_MS,
  });
