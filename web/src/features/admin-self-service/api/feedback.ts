/**
 * 客服与求购 › 意见反馈 (service:reply): GET /api/admin/feedback, replying (POST /api/admin/feedback/{id}/reply) and
 * closing (POST /api/admin/feedback/{id}/close).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { Code } from '@core/codes';
import type { AdminFeedback, feedbackCloseBody, feedbackReplyBody } from '@core/schemas/self-service';
import { adminHttp } from '@/lib/admin/http';
import { ADMIN_KEY, AUDIT_KEY } from '@/lib/admin/keys';
import type { ListPage, ListQuery } from '@/lib/admin/list';

export const FEEDBACK_KEY = [...ADMIN_KEY, 'feedback'] as const;
export const FEEDBACK_FILTERS = ['keyword', 'status', 'type'] as const;

export const getFeedback = ({ page, filters }: ListQuery, signal?: AbortSignal) =>
  adminHttp.get<ListPage<AdminFeedback>>('/api/admin/feedback', { page, ...filters }, { signal });

export type FeedbackAction = 'reply' | 'close';

export function useAnswerFeedback() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, body }: { id: number; action: FeedbackAction; body: z.input<typeof feedbackReplyBody> | z.input<typeof feedbackCloseBody> }) =>
      adminHttp.post<AdminFeedback>(`/api/admin/feedback/${id}/${action}`, body, { quiet: [Code.invalid] }),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: FEEDBACK_KEY }), client.invalidateQueries({ queryKey: AUDIT_KEY })]),
  });
}
