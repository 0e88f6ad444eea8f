/** POST /api/admin/totp/setup: a new secret and its otpauth URI for the authenticator app to scan. */
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TotpSetup } from '@core/schemas/admin';
import { adminHttp } from '@/lib/admin/http';

const setupTotp = () => adminHttp.post<z.infer<typeof TotpSetup>>('/api/admin/totp/setup');

export const useSetupTotp = () => useMutation({ mutationFn: setupTotp });
