/** GET /api/draw/new_record?id: the latest winners, names masked, for the scroll beside the grid. */
import { useQuery } from '@tanstack/react-query';
import type { DrawWinner } from '@core/schemas/lottery';
import { http } from '@/api/client';
import { LOTTERY_KEY } from './keys';
import { useLotteryStopped } from './stop';

export function useWinners(id: number | undefined) {
  const stopped = useLotteryStopped();
  return useQuery({
    queryKey: [...LOTTERY_KEY, 'winners', id],
    queryFn: ({ signal }) => http.get<DrawWinner[]>('/api/draw/new_record', { id }, { signal, silent: true }),
    enabled: Boolean(id) && !stopped,
  });
}
