/** GET /api/draw/record?page: my draws, newest first. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DrawRecordPage } from '@core/schemas/lottery';
import { http } from '@/api/client';
import { LOTTERY_KEY } from './keys';

export const useDrawRecords = (page: number) =>
  useQuery({
    queryKey: [...LOTTERY_KEY, 'records', page],
    queryFn: ({ signal }) => http.get<DrawRecordPage>('/api/draw/record', { page }, { signal }),
    placeholderData: keepPreviousData,
  });
