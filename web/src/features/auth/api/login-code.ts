/** POST /api/user/login_code: phone with an SMS code of type `login`. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { loginCodeBody, UserBase } from '@core/schemas/user';
import { http } from '@/api/client';
import { markLoggedIn } from '../lib/session';

export type LoginCodeInput = z.input<typeof loginCodeBody>;

const loginByCode = (input: LoginCodeInput) => http.post<UserBase>('/api/user/login_code', input);

export function useLoginByCode() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: loginByCode, onSuccess: () => markLoggedIn(queryClient) });
}
