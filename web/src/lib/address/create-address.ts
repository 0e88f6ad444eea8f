/** POST /api/address: a new receiving address (the first one becomes the default; at most 20). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Address, addressBody } from '@core/schemas/trade';
import { http } from '@/api/client';
import { ADDRESS_KEY } from './get-addresses';

export type AddressInput = z.input<typeof addressBody>;

export function useCreateAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AddressInput) => http.post<Address>('/api/address', input),
    onSuccess: () => client.invalidateQueries({ queryKey: ADDRESS_KEY }),
  });
}
