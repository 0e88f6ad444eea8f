/** GET /api/draw?id: one draw (a GET by the specification; the client sends X-Requested-With as for every call). */
import { useMutation } from '@tanstack/react-query';
import type { DrawResult } from '@core/schemas/lottery';
import { http } from '@/api/client';

export const useDraw = () =>
  useMutation({
    // Never cancelled by a second identical request: each click is a draw of its own.
    mutationFn: (id: number) => http.get<DrawResult>('/api/draw', { id }, { cancellable: false }),
  });
