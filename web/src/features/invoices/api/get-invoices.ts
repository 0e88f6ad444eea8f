/** GET /api/invoice (the account's invoices by status and order) and GET /api/invoice/{id} (one, with its lines). */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { InvoiceDetail, InvoicePage } from '@core/schemas/invoices';
import { http } from '@/api/client';

/** Every query of invoices and titles starts with this key: a write drops them all. */
export const INVOICES_KEY = ['invoices'] as const;

export type InvoiceFilter = { status?: number; order_id?: number; page: number };

export const useInvoices = (filter: InvoiceFilter, enabled = true) =>
  useQuery({
    queryKey: [...INVOICES_KEY, 'list', filter],
    queryFn: ({ signal }) => http.get<InvoicePage>('/api/invoice', filter, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });

export const useInvoice = (id: number | null) =>
  useQuery({
    queryKey: [...INVOICES_KEY, 'detail', id],
    queryFn: ({ signal }) => http.get<InvoiceDetail>(`/api/invoice/${id}`, undefined, { signal }),
    enabled: id !== null,
  });

/** The PDF downloads from this address with the session's cookie (the server names the file). */
export const pdfUrl = (id: number) => `/api/invoice/${id}/pdf`;
