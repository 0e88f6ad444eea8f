/** GET /api/draw/{id}/activity: the rules, the grid's eight prizes and the account's draws left. */
import { useQuery } from '@tanstack/react-query';
import type { DrawActivity } from '@core/schemas/lottery';
import { http } from '@/api/client';
import { LOTTERY_KEY } from './keys';
import { useLotteryStopped } from './stop';

export function useDrawActivity(id: number | undefined) {
  const stopped = useLotteryStopped();
  return useQuery({
    queryKey: [...LOTTERY_KEY, 'activity', id],
    queryFn: ({ signal }) => http.get<DrawActivity>(`/api/draw/${id}/activity`, undefined, { signal }),
    enabled: Boolean(id) && !stopped,
  });
}
