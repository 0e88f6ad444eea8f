/** GET /api/address: the account's receiving addresses, the default first. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Address } from '@core/schemas/trade';
import { http } from '@/api/client';

/** Every address query starts with this key; a change anywhere invalidates it. */
export const ADDRESS_KEY = ['address'] as const;
export const ADDRESS_LIST_KEY = ['address', 'list'] as const;

/** The server keeps at most this many addresses an account (server/modules/addresses). */
export const ADDRESS_MAX = 20;

const addressesQuery = () =>
  queryOptions({
    queryKey: ADDRESS_LIST_KEY,
    queryFn: ({ signal }) => http.get<Address[]>('/api/address', undefined, { signal }),
  });

export const useAddresses = (options: { enabled?: boolean } = {}) => useQuery({ ...addressesQuery(), enabled: options.enabled ?? true });
