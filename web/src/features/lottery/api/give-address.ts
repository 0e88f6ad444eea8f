/** POST /api/draw/record/{id}/address {address_id}: where a physical prize is shipped. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DrawRecord } from '@core/schemas/lottery';
import { http } from '@/api/client';
import { LOTTERY_KEY } from './keys';

export function useGiveAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, addressId }: { id: number; addressId: number }) => http.post<DrawRecord>(`/api/draw/record/${id}/address`, { address_id: addressId }),
    onSuccess: () => client.invalidateQueries({ queryKey: [...LOTTERY_KEY, 'records'] }),
  });
}
