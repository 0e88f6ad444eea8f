/**
 * POST /api/user/buy (品种求购) for a line of the list that no goods matches: its name, spec, maker, quantity and
 * unit, with the account's contact and phone. The lists of 品种求购 are loaded again when next shown.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BuyRequestInput, BuyRequestSaved } from '@core/schemas/self-service';
import { postJson } from './json';

/** The key every 品种求购 query starts with (features/self-service/api/buy-requests.ts). */
const BUY_KEY = ['self-service', 'buy'] as const;

export function useFileBuyRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BuyRequestInput) => postJson<BuyRequestSaved>('/api/user/buy', body),
    onSuccess: () => client.invalidateQueries({ queryKey: BUY_KEY }),
  });
}
