/** GET /api/invoice/title: the account's invoice titles, the default first. */
import { useQuery } from '@tanstack/react-query';
import type { InvoiceTitle } from '@core/schemas/invoices';
import { http } from '@/api/client';
import { INVOICES_KEY } from './get-invoices';

export const TITLES_KEY = [...INVOICES_KEY, 'titles'] as const;

export const useTitles = (enabled = true) =>
  useQuery({
    queryKey: TITLES_KEY,
    queryFn: ({ signal }) => http.get<InvoiceTitle[]>('/api/invoice/title', undefined, { signal }),
    enabled,
  });
