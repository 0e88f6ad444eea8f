/** POST /api/invoice/title (a new title) and POST /api/invoice/title/{id} (a changed one); 422 messages go under the form's fields. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { Code } from '@core/codes';
import type { InvoiceTitle, invoiceTitleBody } from '@core/schemas/invoices';
import { http } from '@/api/client';
import { TITLES_KEY } from './get-titles';

export type TitleInput = z.input<typeof invoiceTitleBody>;

export function useSaveTitle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: TitleInput }) =>
      http.post<InvoiceTitle>(id ? `/api/invoice/title/${id}` : '/api/invoice/title', input, { silent: [Code.invalid] }),
    onSuccess: () => client.invalidateQueries({ queryKey: TITLES_KEY }),
  });
}
