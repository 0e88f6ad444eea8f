/** GET /api/points/order (the account's points orders by status) and GET /api/points/order/{id} (one, with its trace). */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PointsOrderDetail, PointsOrderPage } from '@core/schemas/points';
import { http } from '@/api/client';
import { POINTS_KEY } from './points-goods';

export const usePointsOrders = (status: number | undefined, page: number) =>
  useQuery({
    queryKey: [...POINTS_KEY, 'orders', status ?? 'all', page],
    queryFn: ({ signal }) => http.get<PointsOrderPage>('/api/points/order', { status, page }, { signal }),
    placeholderData: keepPreviousData,
  });

export const usePointsOrder = (id: number | null) =>
  useQuery({
    queryKey: [...POINTS_KEY, 'order', id],
    queryFn: ({ signal }) => http.get<PointsOrderDetail>(`/api/points/order/${id}`, undefined, { signal }),
    enabled: id !== null,
  });
