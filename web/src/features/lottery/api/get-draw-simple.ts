/** GET /api/draw/simple: the pop-up's activity (id, is_join, name, remarks). Its failure stops the lottery quietly. */
import { useQuery } from '@tanstack/react-query';
import type { DrawSimple } from '@core/schemas/lottery';
import { http } from '@/api/client';
import { LOTTERY_KEY } from './keys';
import { stopLottery, useLotteryStopped } from './stop';

export function useDrawSimple(enabled: boolean) {
  const stopped = useLotteryStopped();
  return useQuery({
    queryKey: [...LOTTERY_KEY, 'simple'],
    queryFn: async ({ signal }) => {
      try {
        return await http.get<DrawSimple>('/api/draw/simple', undefined, { signal, silent: true });
      } catch (e) {
        stopLottery();
        throw e;
      }
    },
    enabled: enabled && !stopped,
    retry: false,
    staleTime: 60_000,
  });
}
