/**
 * 品种求购: GET /api/user/buy (the account's requests by state, with the count of each), GET /api/user/buy/{id}
 * (one, with its reply and goods) and POST /api/user/buy (files one; the same form posted twice gives back the
 * first). Filing refreshes the lists.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Code } from '@core/codes';
import type { BuyRequest, BuyRequestInput, BuyRequestPage, BuyRequestSaved } from '@core/schemas/self-service';
import { http } from '@/api/client';

const BUY_KEY = ['self-service', 'buy'] as const;

export const useBuyRequests = (status: number | undefined, page: number) =>
  useQuery({
    queryKey: [...BUY_KEY, 'list', status ?? 'all', page],
    queryFn: ({ signal }) => http.get<BuyRequestPage>('/api/user/buy', { status, page }, { signal }),
    placeholderData: keepPreviousData,
  });

export const useBuyRequest = (id: number | null) =>
  useQuery({
    queryKey: [...BUY_KEY, 'one', id],
    // A request that is not the account's (or not there) is shown by the page itself.
    queryFn: ({ signal }) => http.get<BuyRequest>(`/api/user/buy/${id}`, undefined, { signal, silent: [Code.notFound] }),
    enabled: id !== null,
    retry: false,
  });

export function useFileBuyRequest() {
  const client = useQueryClient();
  return useMutation({
    // The form puts 422 messages under its fields itself.
    mutationFn: (body: BuyRequestInput) => http.post<BuyRequestSaved>('/api/user/buy', body, { silent: [Code.invalid], cancellable: false }),
    onSuccess: () => client.invalidateQueries({ queryKey: BUY_KEY }),
  });
}
