/**
 * POST /api/user/updateUserInfo {name, phone, email?} and POST /api/user/resetPassword {old_password,
 * password, password_confirmation}: the basic info page. A password change ends the account's other sessions.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { resetPasswordBody, updateUserInfoBody, UserBase } from '@core/schemas/user';
import { http } from '@/api/client';
import { USER_BASE_KEY } from '@/lib/session/get-user-base';

export type UserInfoInput = z.input<typeof updateUserInfoBody>;
export type PasswordInput = z.input<typeof resetPasswordBody>;

export function useUpdateUserInfo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: UserInfoInput) => http.post<UserBase>('/api/user/updateUserInfo', input),
    onSuccess: (user) => client.setQueryData(USER_BASE_KEY, user),
  });
}

export function useResetPassword() {
  return useMutation({ mutationFn: (input: PasswordInput) => http.post<null>('/api/user/resetPassword', input) });
}
