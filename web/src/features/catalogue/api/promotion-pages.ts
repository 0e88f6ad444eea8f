/**
 * The promotion pages of one activity: 全场94折 (`/api/activity/welfare`), 组合购 (`/api/activity/combination`) and
 * 满返 (`/api/activity/cashback`, with the buyer's progress from the priced cart).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CartList } from '@core/schemas/cart';
import type { Bundles, Cashback, Monthly, Welfare, welfareQuery } from '@core/schemas/promotions';
import { http } from '@/api/client';
import { syncServerTime } from '@/lib/server-clock';

export type WelfareParams = z.input<typeof welfareQuery>;

export const useWelfare = (params: WelfareParams) =>
  useQuery({
    queryKey: ['promotion', 'welfare', params],
    queryFn: async ({ signal }) => {
      const data = await http.get<Welfare>('/api/activity/welfare', params, { signal, silent: true });
      syncServerTime(data.timestamp);
      return data;
    },
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

export const useBundles = () =>
  useQuery({
    queryKey: ['promotion', 'bundles'],
    queryFn: async ({ signal }) => {
      const data = await http.get<Bundles>('/api/activity/combination', undefined, { signal, silent: true });
      syncServerTime(data.timestamp);
      return data;
    },
    staleTime: 30_000,
  });

export const useCashback = (params: WelfareParams) =>
  useQuery({
    queryKey: ['promotion', 'cashback', params],
    queryFn: async ({ signal }) => {
      const data = await http.get<Cashback>('/api/activity/cashback', params, { signal, silent: true });
      syncServerTime(data.timestamp);
      return data;
    },
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

/** The cart's 满返 progress (the selected lines, priced as the cart shows them), for an approved buyer only. */
export const useCartCashbacks = (enabled: boolean) =>
  useQuery({
    queryKey: ['cart', 'list', 'cashbacks'],
    queryFn: async ({ signal }) => (await http.get<CartList>('/api/cart/list', undefined, { signal, silent: true })).activity_data.cashbacks,
    enabled,
    staleTime: 10_000,
  });

export const useMonthly = () =>
  useQuery({
    queryKey: ['promotion', 'monthly'],
    queryFn: async ({ signal }) => {
      const data = await http.get<Monthly>('/api/activity/yyh', undefined, { signal, silent: true });
      syncServerTime(data.timestamp);
      return data;
    },
    staleTime: 30_000,
  });
