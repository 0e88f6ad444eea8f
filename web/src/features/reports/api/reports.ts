/** GET /api/reports (质检报告查询 by goods name or pinyin and batch number) and where a batch's stamped report is read. */
import { useQuery } from '@tanstack/react-query';
import type { ReportBatch } from '@core/schemas/quality';
import { http } from '@/api/client';

export type ReportQuery = { keyword: string; batch_no: string };

export const useReportSearch = (q: ReportQuery | null) =>
  useQuery({
    queryKey: ['reports', 'search', q],
    queryFn: ({ signal }) => http.get<ReportBatch[]>('/api/reports', q ?? undefined, { signal, silent: true }),
    enabled: q !== null,
    retry: false,
  });

/** The report, a PDF with the site's 质量管理专用章, opened with the session's cookie. */
export const reportUrl = (b: Pick<ReportBatch, 'goods_id' | 'batch_no'>) => `/api/reports/${b.goods_id}/${encodeURIComponent(b.batch_no)}`;
