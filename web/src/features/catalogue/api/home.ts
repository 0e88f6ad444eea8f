/** The home page's calls: flash sale, daily specials, floors, 为你推荐, and the brand zone. */
import { infiniteQueryOptions, keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { http } from '@/api/client';
import type { Goods } from '@core/schemas/goods';
import { syncServerTime } from '@/lib/server-clock';
import type { Brand, BrandTile, DailySpecials, Floor, Paged, Spike } from './types';

export const spikeQuery = () =>
  queryOptions({
    queryKey: ['promotion', 'spike'],
    queryFn: async ({ signal }) => {
      const data = await http.get<Spike>('/api/index/spike', undefined, { signal, silent: true });
      syncServerTime(data.timestamp);
      return data;
    },
    staleTime: 30_000,
  });

export const useSpike = () => useQuery(spikeQuery());

export const dailySpecialsQuery = () =>
  queryOptions({
    queryKey: ['promotion', 'everyday'],
    queryFn: async ({ signal }) => {
      const data = await http.get<DailySpecials>('/api/activity/everyday_price', undefined, { signal, silent: true });
      syncServerTime(data.timestamp);
      return data;
    },
    staleTime: 60_000,
  });

export const useDailySpecials = () => useQuery(dailySpecialsQuery());

export const useFloors = () =>
  useQuery({ queryKey: ['home', 'floors'], queryFn: ({ signal }) => http.get<Floor[]>('/api/index/floors', undefined, { signal, silent: true }), staleTime: 60_000 });

export const recommendationsQuery = () =>
  infiniteQueryOptions({
    queryKey: ['home', 'wntj'],
    queryFn: ({ pageParam, signal }) => http.get<Paged<Goods>>(`/api/index_wntj/${pageParam}`, undefined, { signal, silent: true }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.current_page < last.last_page ? last.current_page + 1 : undefined),
    staleTime: 60_000,
  });

export const useRecommendations = (enabled: boolean) => useInfiniteQuery({ ...recommendationsQuery(), enabled });

export const useBrandList = (page: number) =>
  useQuery({
    queryKey: ['brand', 'list', page],
    queryFn: ({ signal }) => http.get<Paged<BrandTile>>('/api/brand', { page }, { signal }),
    placeholderData: keepPreviousData,
  });

export const useBrand = (id: number) =>
  useQuery({
    queryKey: ['brand', 'detail', id],
    queryFn: ({ signal }) => http.get<Brand>(`/api/focus/brand/${id}`, undefined, { signal, silent: [404] }),
    enabled: Number.isInteger(id) && id > 0,
  });
