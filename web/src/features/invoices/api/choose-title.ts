/** POST /api/invoice/{id}/title: a waiting invoice (待开票) issued with one of the account's titles. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Code } from '@core/codes';
import type { InvoiceDetail } from '@core/schemas/invoices';
import { http } from '@/api/client';
import { INVOICES_KEY } from './get-invoices';

export function useChooseTitle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, titleId }: { id: number; titleId: number }) =>
      http.post<InvoiceDetail>(`/api/invoice/${id}/title`, { title_id: titleId }, { silent: [Code.invalid] }),
    onSuccess: () => client.invalidateQueries({ queryKey: INVOICES_KEY }),
  });
}
