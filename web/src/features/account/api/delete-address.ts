/** DELETE /api/address/{id}: the next address becomes the default when the default goes. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddressDeleted } from '@core/schemas/trade';
import { http } from '@/api/client';
import { ADDRESS_KEY } from '@/lib/address/get-addresses';

export function useDeleteAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete<AddressDeleted>(`/api/address/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: ADDRESS_KEY }),
  });
}
