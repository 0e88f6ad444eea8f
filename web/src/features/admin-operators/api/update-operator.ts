/** POST /api/admin/operators/:id: name, roles, and whether they may log in (disabling ends their sessions). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { Code } from '@core/codes';
import type { Operator, operatorUpdateBody } from '@core/schemas/admin';
import { adminHttp } from '@/lib/admin/http';
import { AUDIT_KEY, OPERATORS_KEY } from '@/lib/admin/keys';

type OperatorUpdateBody = z.input<typeof operatorUpdateBody>;

const updateOperator = ({ id, ...body }: OperatorUpdateBody & { id: number }) =>
  adminHttp.post<Operator>(`/api/admin/operators/${id}`, body, { quiet: [Code.invalid] });

export function useUpdateOperator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOperator,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: OPERATORS_KEY }), queryClient.invalidateQueries({ queryKey: AUDIT_KEY })]),
  });
}
