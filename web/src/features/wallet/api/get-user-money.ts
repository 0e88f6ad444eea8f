/** GET /api/user/user_money: balance, red packet, points, credit and the coupon and voucher counts. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserMoney } from '@core/schemas/wallet';
import { http } from '@/api/client';

const userMoneyQuery = () =>
  queryOptions({
    queryKey: ['wallet', 'money'],
    queryFn: ({ signal }) => http.get<UserMoney>('/api/user/user_money', undefined, { signal }),
    staleTime: 0,
  });

export const useUserMoney = () => useQuery(userMoneyQuery());
