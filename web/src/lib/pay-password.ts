/**
 * POST /api/user/pay_password {password, code}: sets or changes the payment password (支付密码) with the SMS
 * code sent to the account's own phone; the account centre and the pay dialogs call it. The answer is the user
 * object, now with `has_pay_password` 1.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { payPasswordBody, UserBase } from '@core/schemas/user';
import { http } from '@/api/client';
import { USER_BASE_KEY } from '@/lib/session/get-user-base';

export type PayPasswordInput = z.input<typeof payPasswordBody>;

export function useSetPayPassword() {
  const client = useQueryClient();
  return useMutation({
    // The form shows a wrong code under its field.
    mutationFn: (input: PayPasswordInput) => http.post<UserBase>('/api/user/pay_password', input, { silent: [422] }),
    onSuccess: (user) => client.setQueryData(USER_BASE_KEY, user),
  });
}
