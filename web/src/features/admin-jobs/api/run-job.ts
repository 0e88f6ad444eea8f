/** POST /api/admin/jobs/{name}/run (job:run, audited): makes a job due now; a server process runs it within seconds. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { JobView } from '@core/schemas/jobs';
import { adminHttp } from '@/lib/admin/http';
import { AUDIT_KEY } from '@/lib/admin/keys';
import { JOBS_KEY } from './get-jobs';

const runJob = (name: string) => adminHttp.post<JobView>(`/api/admin/jobs/${encodeURIComponent(name)}/run`);

export function useRunJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runJob,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: JOBS_KEY }), queryClient.invalidateQueries({ queryKey: AUDIT_KEY })]),
  });
}
