/** POST /api/address/{id}/default: answers with the addresses, the new default first. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Address } from '@core/schemas/trade';
import { http } from '@/api/client';
import { ADDRESS_KEY, ADDRESS_LIST_KEY } from '@/lib/address/get-addresses';

export function useSetDefaultAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.post<Address[]>(`/api/address/${id}/default`),
    onSuccess: (list) => {
      client.setQueryData(ADDRESS_LIST_KEY, list);
      // Other screens that show addresses (the confirm page) read them again.
      return client.invalidateQueries({ queryKey: ADDRESS_KEY, predicate: (q) => q.queryKey[1] !== ADDRESS_LIST_KEY[1] });
    },
  });
}
