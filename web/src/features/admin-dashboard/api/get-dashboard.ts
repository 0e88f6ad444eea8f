/** GET /api/admin/dashboard (dashboard:read): the operator's queues, today's figures and the last 30 days. */
import { queryOptions } from '@tanstack/react-query';
import type { Dashboard } from '@core/schemas/admin-dashboard';
import { adminHttp } from '@/lib/admin/http';
import { DASHBOARD_KEY } from '@/lib/admin/keys';

export const dashboardQuery = () =>
  queryOptions({
    queryKey: DASHBOARD_KEY,
    queryFn: ({ signal }) => adminHttp.get<Dashboard>('/api/admin/dashboard', undefined, { signal }),
    // The queues are what operators work from: keep them fresh while the page is open.
    refetchInterval: 60_000,
  });
