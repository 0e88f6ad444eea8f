/**
 * 意见反馈: GET /api/user/feedback (the account's feedback with the replies, 10 a page) and POST /api/user/feedback
 * (files one; the same form posted twice gives back the first). Filing refreshes the list.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Code } from '@core/codes';
import type { FeedbackInput, FeedbackPage, FeedbackSaved } from '@core/schemas/self-service';
import { http } from '@/api/client';

const FEEDBACK_KEY = ['self-service', 'feedback'] as const;

export const useFeedbackList = (page: number) =>
  useQuery({
    queryKey: [...FEEDBACK_KEY, page],
    queryFn: ({ signal }) => http.get<FeedbackPage>('/api/user/feedback', { page }, { signal }),
    placeholderData: keepPreviousData,
  });

export function useFileFeedback() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: FeedbackInput) => http.post<FeedbackSaved>('/api/user/feedback', body, { silent: [Code.invalid], cancellable: false }),
    onSuccess: () => client.invalidateQueries({ queryKey: FEEDBACK_KEY }),
  });
}
