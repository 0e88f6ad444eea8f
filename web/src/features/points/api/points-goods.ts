/** GET /api/points/goods (the shelf, with the account's points) and GET /api/points/goods/{id}. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PointsGoodsDetail, PointsKind, PointsMall } from '@core/schemas/points';
import { http } from '@/api/client';

/** Every points query starts with this key: a redemption refreshes them all. */
export const POINTS_KEY = ['points'] as const;

const shelfQuery = (page: number, kind: PointsKind | undefined) =>
  queryOptions({
    queryKey: [...POINTS_KEY, 'goods', page, kind ?? 'all'],
    queryFn: ({ signal }) => http.get<PointsMall>('/api/points/goods', { page, kind }, { signal }),
    placeholderData: keepPreviousData,
  });

export const usePointsShelf = (page: number, kind: PointsKind | undefined) => useQuery(shelfQuery(page, kind));

export const usePointsGoods = (id: number | null) =>
  useQuery({
    queryKey: [...POINTS_KEY, 'goods-detail', id],
    queryFn: ({ signal }) => http.get<PointsGoodsDetail>(`/api/points/goods/${id}`, undefined, { signal }),
    enabled: id !== null,
  });
