/** GET /api/draw/ads: the pop-up's pictures. */
import { useQuery } from '@tanstack/react-query';
import type { DrawAd } from '@core/schemas/lottery';
import { http } from '@/api/client';
import { LOTTERY_KEY } from './keys';
import { useLotteryStopped } from './stop';

export function useDrawAds(enabled: boolean) {
  const stopped = useLotteryStopped();
  return useQuery({
    queryKey: [...LOTTERY_KEY, 'ads'],
    queryFn: ({ signal }) => http.get<DrawAd[]>('/api/draw/ads', undefined, { signal, silent: true }),
    enabled: enabled && !stopped,
    staleTime: 300_000,
  });
}
