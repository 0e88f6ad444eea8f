/** POST /api/user/login: username or phone with password. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { loginBody, UserBase } from '@core/schemas/user';
import { http } from '@/api/client';
import { markLoggedIn } from '../lib/session';

export type LoginInput = z.input<typeof loginBody>;

const login = (input: LoginInput) => http.post<UserBase>('/api/user/login', input);

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: login, onSuccess: () => markLoggedIn(queryClient) });
}
