/** POST /api/admin/operators/:id/password: a new password; the operator's sessions end. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { Code } from '@core/codes';
import type { Operator, operatorPasswordBody } from '@core/schemas/admin';
import { adminHttp } from '@/lib/admin/http';
import { AUDIT_KEY } from '@/lib/admin/keys';

const resetOperatorPassword = ({ id, ...body }: z.input<typeof operatorPasswordBody> & { id: number }) =>
  adminHttp.post<Operator>(`/api/admin/operators/${id}/password`, body, { quiet: [Code.invalid] });

export function useResetOperatorPassword() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: resetOperatorPassword, onSuccess: () => queryClient.invalidateQueries({ queryKey: AUDIT_KEY }) });
}
