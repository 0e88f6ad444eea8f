/** POST /api/admin/totp/enable {otp}: the first code proves the app holds the secret; from now on it is asked at login. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { Code } from '@core/codes';
import type { AdminMe, Operator, totpEnableBody } from '@core/schemas/admin';
import { adminHttp } from '@/lib/admin/http';
import { ADMIN_ME_KEY } from '@/lib/admin/me';

const enableTotp = (body: z.input<typeof totpEnableBody>) => adminHttp.post<Operator>('/api/admin/totp/enable', body, { quiet: [Code.invalid] });

export function useEnableTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableTotp,
    onSuccess: (operator) => queryClient.setQueryData<AdminMe>(ADMIN_ME_KEY, (me) => (me ? { ...me, operator } : me)),
  });
}
