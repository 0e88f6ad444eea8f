/** The home page's calls: flash sale, daily specials, floors, 为你推荐, and the brand zone. */
import { infiniteQueryOptions, keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Brand, BrandPage, Floor, GoodsList } from '@core/schemas/goods';
import type { DailySpecials, Spike } from '@core/schemas/promotions';
import { http } from '@/api/client';
import { syncServerTime } from '@/lib/server-clock';

const spikeQuery = () =>
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

const dailySpecialsQuery = () =>
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
  useQuery({
    queryKey: ['home', 'floors'],
    queryFn: ({ signal }) => http.get<Floor[]>('/api/index/floors', undefined, { signal, silent: true }),
    staleTime: 60_000,
  });

const recommendationsQuery = () =>
  infiniteQueryOptions({
    queryKey: ['home', 'wntj'],
    queryFn: ({ pageParam, signal }) => http.get<GoodsList>(`/api/index_wntj/${pageParam}`, undefined, { signal, silent: true }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.current_page < last.last_page ? last.current_page + 1 : undefined),
    staleTime: 60_000,
  });

export const useRecommendations = (enabled: boolean) => useInfiniteQuery({ ...recommendationsQuery(), enabled });

export const useBrandList = (page: number) =>
  useQuery({
    queryKey: ['brand', 'list', page],
    queryFn: ({ signal }) => http.get<BrandPage>('/api/brand', { page }, { signal }),
    placeholderData: keepPreviousData,
  });

export const useBrand = (id: number) =>
  useQuery({
    queryKey: ['brand', 'detail', id],
    queryFn: ({ signal }) => http.get<Brand>(`/api/focus/brand/${id}`, undefined, { signal, silent: [404] }),
    enabled: Number.isInteger(id) && id > 0,
  });
