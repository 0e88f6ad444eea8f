/** POST /api/contract/sign: signs the e-contract; orders may be placed from then on. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/api/client';
import { CONFIRM_KEY } from './get-confirm';
import { CONTRACT_KEY } from './get-contract';
import type { Contract } from './types';

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
