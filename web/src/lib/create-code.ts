/** POST /api/user/create_code: sends an SMS verification code. */
import type { z } from 'zod';
import type { CODE_TYPES, CodeSent, createCodeBody } from '@core/schemas/user';
import { http } from '@/api/client';

export type CodeType = (typeof CODE_TYPES)[number];

export const createCode = (input: z.input<typeof createCodeBody>) => http.post<CodeSent>('/api/user/create_code', input);
