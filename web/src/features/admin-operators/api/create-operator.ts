/** POST /api/admin/operators: adds an operator with a first password and roles (operator:admin). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { Code } from '@core/codes';
import type { Operator, operatorCreateBody } from '@core/schemas/admin';
import { adminHttp } from '@/lib/admin/http';
import { AUDIT_KEY, OPERATORS_KEY } from '@/lib/admin/keys';

type OperatorCreateBody = z.input<typeof operatorCreateBody>;

const createOperator = (body: OperatorCreateBody) => adminHttp.post<Operator>('/api/admin/operators', body, { quiet: [Code.invalid] });

export function useCreateOperator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOperator,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: OPERATORS_KEY }), queryClient.invalidateQueries({ queryKey: AUDIT_KEY })]),
  });
}
