/** GET /api/cart/confirm: the selected cart lines priced as the order would be, with what step 2 lets the buyer choose. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { Code } from '@core/codes';
import type { Confirm, confirmQuery as confirmQuerySchema } from '@core/schemas/trade';
import { http } from '@/api/client';

/** `coupon_id`: a held coupon's id, `best` (the server's choice) or 0 for none. */
export type ConfirmParams = z.input<typeof confirmQuerySchema>;

export const CONFIRM_KEY = ['cart', 'confirm'] as const;

const confirmQuery = (params: ConfirmParams) =>
  queryOptions({
    queryKey: [...CONFIRM_KEY, params],
    // A refusal (nothing selected, not approved) is shown by the page itself, not as an alert.
    queryFn: ({ signal }) => http.get<Confirm>('/api/cart/confirm', params, { signal, silent: [Code.refused] }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useConfirm = (params: ConfirmParams, enabled = true) => useQuery({ ...confirmQuery(params), enabled });
