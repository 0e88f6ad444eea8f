/** GET /api/contract: the e-contract text and whether the account signed it. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Contract } from '@core/schemas/trade';
import { http } from '@/api/client';

export const CONTRACT_KEY = ['contract'] as const;

const contractQuery = () =>
  queryOptions({
    queryKey: CONTRACT_KEY,
    queryFn: ({ signal }) => http.get<Contract>('/api/contract', undefined, { signal }),
  });

export const useContract = (enabled = true) => useQuery({ ...contractQuery(), enabled });
