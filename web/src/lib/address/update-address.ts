/** POST /api/address/{id}: changes an address; ticking 设为默认 makes it the default. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Address } from '@core/schemas/trade';
import { http } from '@/api/client';
import type { AddressInput } from './create-address';
import { ADDRESS_KEY } from './get-addresses';

export function useUpdateAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: AddressInput }) => http.post<Address>(`/api/address/${id}`, input),
    onSuccess: () => client.invalidateQueries({ queryKey: ADDRESS_KEY }),
  });
}
