/**
 * A chain's stores (GET /api/user/dd) and acting for one of them: POST /api/user/act_for {store_id}, and
 * DELETE /api/user/act_for back to the headquarters. Acting changes whose cart, orders and wallet every page
 * shows, so every other cached answer is loaded again.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChainStores } from '@core/schemas/member';
import type { UserBase } from '@core/schemas/user';
import { http } from '@/api/client';
import { USER_BASE_KEY } from '@/lib/session/get-user-base';

const STORES_KEY = ['user', 'dd'] as const;

const storesQuery = () =>
  queryOptions({ queryKey: STORES_KEY, queryFn: ({ signal }) => http.get<ChainStores>('/api/user/dd', undefined, { signal }), staleTime: 0 });

export const useChainStores = (enabled = true) => useQuery({ ...storesQuery(), enabled });

function useSwitchAccount() {
  const client = useQueryClient();
  return (user: UserBase) => {
    client.setQueryData(USER_BASE_KEY, user);
    // Everything else was the other account's: emptied (no figure of the wrong account shows) and loaded again.
    void client.resetQueries({ predicate: (q) => !(q.queryKey[0] === USER_BASE_KEY[0] && q.queryKey[1] === USER_BASE_KEY[1]) });
  };
}

export function useActFor() {
  const switchTo = useSwitchAccount();
  return useMutation({ mutationFn: (storeId: number) => http.post<UserBase>('/api/user/act_for', { store_id: storeId }), onSuccess: switchTo });
}

export function useStopActing() {
  const switchTo = useSwitchAccount();
  return useMutation({ mutationFn: () => http.delete<UserBase>('/api/user/act_for'), onSuccess: switchTo });
}
