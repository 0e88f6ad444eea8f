/** POST /api/admin/login: password, then the six-digit code once the operator has enrolled two-factor. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { Code } from '@core/codes';
import type { adminLoginBody, AdminMe } from '@core/schemas/admin';
import { adminHttp } from '@/lib/admin/http';
import { ADMIN_ME_KEY } from '@/lib/admin/me';

type AdminLoginBody = z.input<typeof adminLoginBody>;

const adminLogin = (body: AdminLoginBody) => adminHttp.post<AdminMe>('/api/admin/login', body, { quiet: [Code.invalid] });

export function useAdminLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adminLogin,
    onSuccess: (me) => queryClient.setQueryData(ADMIN_ME_KEY, me),
  });
}
