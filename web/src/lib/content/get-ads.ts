/**
 * Banners and ads (docs/api.md "Banners and ads"): the home carousel (/api/focus), a position's ads
 * (/api/focus/{position}), the sections of the controlled-sale zone and an activity page's banners.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdEntry, AdPosition } from '@core/schemas/content';
import { bootData } from '@/api/boot';
import { http } from '@/api/client';

const FIVE_MINUTES = 5 * 60_000;

const carouselQuery = () =>
  queryOptions({
    queryKey: ['focus', 'carousel'],
    queryFn: ({ signal }) => http.get<AdEntry[]>('/api/focus', undefined, { signal, silent: true }),
    // The page HTML of the home page carries them: the carousel shows at once.
    initialData: bootData('carousel'),
    staleTime: FIVE_MINUTES,
  });

export const useCarousel = () => useQuery(carouselQuery());

const adsQuery = (position: AdPosition) =>
  queryOptions({
    queryKey: ['focus', position],
    queryFn: ({ signal }) => http.get<AdEntry[]>(`/api/focus/${position}`, undefined, { signal, silent: true }),
    staleTime: FIVE_MINUTES,
  });

export const useAds = (position: AdPosition) => useQuery(adsQuery(position));

/** The controlled-sale zone's sections: all of them, or the ones of `ids`. */
export const useControlledSections = (ids?: number[]) =>
  useQuery({
    queryKey: ['focus', 'kxzq_ad', ids ?? 'all'],
    queryFn: ({ signal }) => http.get<AdEntry[]>('/api/focus/kxzq_ad', ids?.length ? { ids: ids.join(',') } : undefined, { signal, silent: true }),
    staleTime: FIVE_MINUTES,
  });

/** The banners of activity page `bannerId`; 125 holds the home page's activity entrances. */
export const useActivityBanners = (bannerId: number) =>
  useQuery({
    queryKey: ['focus', 'demo', bannerId],
    queryFn: ({ signal }) => http.get<AdEntry[]>('/api/focus/demo', { banner_id: bannerId }, { signal, silent: true }),
    staleTime: FIVE_MINUTES,
  });
