/** POST /api/invoice/title/{id}/default: the title new invoices are issued with. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InvoiceTitle } from '@core/schemas/invoices';
import { http } from '@/api/client';
import { TITLES_KEY } from './get-titles';

export function useSetDefaultTitle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.post<InvoiceTitle[]>(`/api/invoice/title/${id}/default`),
    onSuccess: (titles) => client.setQueryData(TITLES_KEY, titles),
  });
}
