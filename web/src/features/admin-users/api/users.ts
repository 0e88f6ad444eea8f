/**
 * The console's buyer calls: GET /api/admin/users (user:read), GET /api/admin/users/{id}, the review
 * (user:review), flags and scopes, service contacts (user:write), and the wallet: GET /api/admin/users/{id}/wallet,
 * adjustments (wallet:adjust) and the credit line (credit:write).
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { Code } from '@core/codes';
import type {
  AdminUserDetail,
  AdminUserPage,
  AdminWallet,
  contactsBody,
  creditBody,
  reviewBody,
  userFlagsBody,
  walletAdjustBody,
} from '@core/schemas/admin-users';
import { adminHttp } from '@/lib/admin/http';
import { ADMIN_KEY, AUDIT_KEY } from '@/lib/admin/keys';
import type { ListQuery } from '@/lib/admin/list';

export const USERS_KEY = [...ADMIN_KEY, 'users'] as const;
export const USER_FILTERS = ['is_passed', 'keyword', 'company_type', 'expiring', 'submitted'] as const;

export const getUsers = ({ page, filters }: ListQuery, signal?: AbortSignal) =>
  adminHttp.get<z.infer<typeof AdminUserPage>>('/api/admin/users', { page, ...filters }, { signal });

export const userQuery = (id: number) =>
  queryOptions({
    queryKey: [...USERS_KEY, 'detail', id],
    queryFn: ({ signal }) => adminHttp.get<AdminUserDetail>(`/api/admin/users/${id}`, undefined, { signal }),
  });

export const walletQuery = (id: number) =>
  queryOptions({
    queryKey: [...USERS_KEY, 'wallet', id],
    queryFn: ({ signal }) => adminHttp.get<AdminWallet>(`/api/admin/users/${id}/wallet`, undefined, { signal }),
  });

/** A write that answers the buyer again: the list, the detail and the audit log are read afresh. */
function useUserWrite<B>(id: number, path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => adminHttp.post<AdminUserDetail>(`/api/admin/users/${id}${path}`, body as never, { quiet: [Code.invalid] }),
    onSuccess: (detail) => {
      queryClient.setQueryData(userQuery(id).queryKey, detail);
      return Promise.all([queryClient.invalidateQueries({ queryKey: USERS_KEY }), queryClient.invalidateQueries({ queryKey: AUDIT_KEY })]);
    },
  });
}

export const useReview = (id: number) => useUserWrite<z.input<typeof reviewBody>>(id, '/review');
export const useUpdateFlags = (id: number) => useUserWrite<z.input<typeof userFlagsBody>>(id, '');
export const useSetContacts = (id: number) => useUserWrite<z.input<typeof contactsBody>>(id, '/contacts');

function useWalletWrite<B>(id: number, path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => adminHttp.post<AdminWallet>(`/api/admin/users/${id}${path}`, body as never, { quiet: [Code.invalid] }),
    onSuccess: (wallet) => {
      queryClient.setQueryData(walletQuery(id).queryKey, wallet);
      return queryClient.invalidateQueries({ queryKey: AUDIT_KEY });
    },
  });
}

export const useAdjustWallet = (id: number) => useWalletWrite<z.input<typeof walletAdjustBody>>(id, '/wallet/adjust');
export const useSetCredit = (id: number) => useWalletWrite<z.input<typeof creditBody>>(id, '/credit');
