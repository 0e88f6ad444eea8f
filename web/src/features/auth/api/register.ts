/** POST /api/user/register: the three registration steps (and a chain headquarters adding a sub-store). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Done, RegisteredStep1, RegisteredStep2, registerStep1Body, registerStep2Body, registerStep3Body } from '@core/schemas/user';
import { http } from '@/api/client';
import { USER_BASE_KEY } from '@/lib/session/get-user-base';

type RegisterStep1Input = z.input<typeof registerStep1Body>;
type RegisterStep2Input = z.input<typeof registerStep2Body>;
type RegisterStep3Input = z.input<typeof registerStep3Body>;

const path = '/api/user/register';

const registerStep1 = (input: Omit<RegisterStep1Input, 'step'>) => http.post<RegisteredStep1>(path, { step: 1, ...input });
const registerStep2 = (input: Omit<RegisterStep2Input, 'step'>) => http.post<RegisteredStep2>(path, { step: 2, ...input });
const registerStep3 = (input: Omit<RegisterStep3Input, 'step'>) => http.post<Done>(path, { step: 3, ...input });

export function useRegisterStep1() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerStep1,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USER_BASE_KEY }),
  });
}

export function useRegisterStep2() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerStep2,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USER_BASE_KEY }),
  });
}

export function useRegisterStep3() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerStep3,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USER_BASE_KEY }),
  });
}
