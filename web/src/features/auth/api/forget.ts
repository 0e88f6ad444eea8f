/** POST /api/user/forget: step 1 proves the phone and gives a reset ticket; step 2 sets the new password. */
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Done, forgetStep1Body, forgetStep2Body, ResetTicket } from '@core/schemas/user';
import { http } from '@/api/client';

type ForgetStep1Input = z.input<typeof forgetStep1Body>;
type ForgetStep2Input = z.input<typeof forgetStep2Body>;

const forgetStep1 = (input: Omit<ForgetStep1Input, 'step'>) => http.post<ResetTicket>('/api/user/forget', { step: 1, ...input });
const forgetStep2 = (input: Omit<ForgetStep2Input, 'step'>) => http.post<Done>('/api/user/forget', { step: 2, ...input });

export const useForgetStep1 = () => useMutation({ mutationFn: forgetStep1 });
export const useForgetStep2 = () => useMutation({ mutationFn: forgetStep2 });
