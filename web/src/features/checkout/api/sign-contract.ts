/** POST /api/contract/sign: signs the e-contract; orders may be placed from then on. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Contract } from '@core/schemas/trade';
import { http } from '@/api/client';
import { CONFIRM_KEY } from './get-confirm';
import { CONTRACT_KEY } from './get-contract';

export function useSignContract() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => http.post<Contract>('/api/contract/sign'),
    onSuccess: (data) => {
      client.setQueryData(CONTRACT_KEY, data);
      void client.invalidateQueries({ queryKey: CONFIRM_KEY });
    },
  });
}
