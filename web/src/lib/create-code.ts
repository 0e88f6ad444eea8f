/** POST /api/user/create_code: sends an SMS verification code. */
import { useMutation } from '@tanstack/react-query';
import type { CODE_TYPES } from '@core/schemas/user';
import { http } from '@/api/client';

export type CodeType = (typeof CODE_TYPES)[number];
export type CreateCodeResult = { expires_in: number; resend_in: number };

export const createCode = (input: { phone: string; type: CodeType }) =>
  http.post<CreateCodeResult>('/api/user/create_code', input);

export function useCreateCode() {
  return useMutation({ mutationFn: createCode });
}
