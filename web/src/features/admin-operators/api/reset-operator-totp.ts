/** POST /api/admin/operators/:id/reset_totp: removes an operator's two-factor (a lost phone); they enrol again. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Operator } from '@core/schemas/admin';
import { adminHttp } from '@/lib/admin/http';
import { AUDIT_KEY, OPERATORS_KEY } from '@/lib/admin/keys';

const resetOperatorTotp = (id: number) => adminHttp.post<Operator>(`/api/admin/operators/${id}/reset_totp`);

export function useResetOperatorTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetOperatorTotp,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: OPERATORS_KEY }), queryClient.invalidateQueries({ queryKey: AUDIT_KEY })]),
  });
}
