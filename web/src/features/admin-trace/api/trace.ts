/**
 * The console's calls of the outbound check (出库复核): the order's lines and codes (order:read), scanned codes
 * posted in batches and a code taken back (order:ship), and the 随货同行单 (order:read).
 */
import { queryOptions } from '@tanstack/react-query';
import { Code } from '@core/codes';
import type { z } from 'zod';
import type { AdminOrderPage } from '@core/schemas/admin-orders';
import type { DeliveryNote, TraceOrder, TraceScanResult } from '@core/schemas/trace';
import { adminHttp } from '@/lib/admin/http';

const TRACE_KEY = ['admin', 'trace'] as const;

export const traceOrderQuery = (id: number) =>
  queryOptions({
    queryKey: [...TRACE_KEY, 'order', id],
    queryFn: ({ signal }) => adminHttp.get<TraceOrder>(`/api/admin/trace/orders/${id}`, undefined, { signal }),
  });

export const deliveryNoteQuery = (id: number) =>
  queryOptions({
    queryKey: [...TRACE_KEY, 'note', id],
    queryFn: ({ signal }) => adminHttp.get<DeliveryNote>(`/api/admin/trace/orders/${id}/delivery-note`, undefined, { signal }),
  });

/** Codes as the scanner typed them; the page shows each code's answer itself (a 422 names each refused code). */
export const postCodes = (id: number, codes: string[]) =>
  adminHttp.post<TraceScanResult>(`/api/admin/trace/orders/${id}/codes`, { codes }, { quiet: [Code.invalid], timeout: 20_000 });

export const removeCode = (id: number, code: string) => adminHttp.delete<TraceOrder>(`/api/admin/trace/orders/${id}/codes/${code}`);

/** The 待发货 orders a warehouse picks from, newest first. */
export const toShipQuery = (keyword: string) =>
  queryOptions({
    queryKey: [...TRACE_KEY, 'to-ship', keyword],
    queryFn: ({ signal }) =>
      adminHttp.get<z.infer<typeof AdminOrderPage>>('/api/admin/orders', { status: 1, page: 1, ...(keyword ? { keyword } : {}) }, { signal }),
  });

export const noteUrl = (id: number) => `/api/admin/trace/orders/${id}/delivery-note.pdf`;
export const codesUrl = (id: number, format: 'xlsx' | 'csv') => `/api/admin/trace/orders/${id}/codes?format=${format}`;
export const SEAL_URL = '/api/admin/trace/seal';
