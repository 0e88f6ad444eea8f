/** GET /api/reports/order/{id}: the batches an order's lines came from, each with whether its inspection report is there. */
import { useQuery } from '@tanstack/react-query';
import type { ReportBatch } from '@core/schemas/quality';
import { http } from '@/api/client';

export const useOrderReports = (orderId: number) =>
  useQuery({
    queryKey: ['orders', 'reports', orderId],
    queryFn: ({ signal }) => http.get<ReportBatch[]>(`/api/reports/order/${orderId}`, undefined, { signal }),
  });

/** A batch's report, a PDF with the site's 质量管理专用章, opened with the session's cookie. */
export const reportUrl = (b: Pick<ReportBatch, 'goods_id' | 'batch_no'>) => `/api/reports/${b.goods_id}/${encodeURIComponent(b.batch_no)}`;
