/**
 * 财务 › 电子发票 (finance:invoice): GET /api/admin/invoices, the paid orders with no invoice in force, 立即开票 of a
 * paid order by its number, 红冲 of an issued blue invoice, the PDF's address, and 开票设置 (seller and rates).
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { Code } from '@core/codes';
import type { AdminInvoice, adminIssueBody, adminReverseBody, InvoiceSettings, invoiceSettingsBody, UninvoicedOrder } from '@core/schemas/invoices';
import { adminHttp } from '@/lib/admin/http';
import { ADMIN_KEY, AUDIT_KEY } from '@/lib/admin/keys';
import type { ListPage, ListQuery } from '@/lib/admin/list';

export const INVOICES_KEY = [...ADMIN_KEY, 'invoices'] as const;
export const INVOICE_FILTERS = ['order_no', 'buyer', 'status', 'kind', 'date_from', 'date_to'] as const;

export const getInvoices = ({ page, filters }: ListQuery, signal?: AbortSignal) =>
  adminHttp.get<ListPage<AdminInvoice>>('/api/admin/invoices', { page, ...filters }, { signal });

/** Paid orders with no invoice in force (completed first) whose number or buyer holds `keyword`. */
export const useUninvoiced = (keyword: string, enabled: boolean) =>
  useQuery({
    queryKey: [...INVOICES_KEY, 'uninvoiced', keyword],
    queryFn: ({ signal }) => adminHttp.get<UninvoicedOrder[]>('/api/admin/invoices/uninvoiced', { keyword }, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });

/** The PDF downloads from this address with the console's cookie. */
export const adminPdfUrl = (id: number) => `/api/admin/invoices/${id}/pdf`;

function useRefresh() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: INVOICES_KEY }), client.invalidateQueries({ queryKey: AUDIT_KEY })]);
}

export function useIssueInvoice() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: z.input<typeof adminIssueBody>) => adminHttp.post<AdminInvoice>('/api/admin/invoices/issue', body, { quiet: [Code.invalid] }),
    onSuccess: refresh,
  });
}

export function useReverseInvoice() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: z.input<typeof adminReverseBody> }) =>
      adminHttp.post<AdminInvoice>(`/api/admin/invoices/${id}/reverse`, body, { quiet: [Code.invalid] }),
    onSuccess: refresh,
  });
}

const SETTINGS_KEY = [...INVOICES_KEY, 'settings'] as const;

/** 开票设置: the seller invoices name and each goods class's rate, as stored now. */
export const useInvoiceSettings = (enabled: boolean) =>
  useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: ({ signal }) => adminHttp.get<InvoiceSettings>('/api/admin/invoices/settings', undefined, { signal }),
    enabled,
    // Read again each time the form opens, never while it is open.
    refetchOnWindowFocus: false,
  });

export function useSaveInvoiceSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof invoiceSettingsBody>) => adminHttp.post<InvoiceSettings>('/api/admin/invoices/settings', body, { quiet: [Code.invalid] }),
    onSuccess: (saved) => {
      client.setQueryData(SETTINGS_KEY, saved);
      return client.invalidateQueries({ queryKey: AUDIT_KEY });
    },
  });
}
