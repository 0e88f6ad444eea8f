/** GET /api/user/stores: a chain headquarters' stores, whose carts 复制到门店 copies lines into. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChainStore } from '@core/schemas/member';
import { http } from '@/api/client';

const chainStoresQuery = () =>
  queryOptions({
    queryKey: ['user', 'stores'],
    queryFn: ({ signal }) => http.get<ChainStore[]>('/api/user/stores', undefined, { signal }),
  });

/** Read only when asked for: the dialog opens, and only a chain headquarters has the button. */
export const useChainStores = (enabled: boolean) => useQuery({ ...chainStoresQuery(), enabled });
