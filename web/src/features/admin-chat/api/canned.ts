/** 快捷回复: GET /api/admin/chat/canned (own, then shared), adding one (POST) and removing one (DELETE …/{id}). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { Code } from '@core/codes';
import type { CannedReply, cannedReplyBody } from '@core/schemas/chat';
import { adminHttp } from '@/lib/admin/http';
import { AUDIT_KEY } from '@/lib/admin/keys';
import { CHAT_KEY } from './chat';

const CANNED_KEY = [...CHAT_KEY, 'canned'] as const;

export const useCanned = () =>
  useQuery({
    queryKey: CANNED_KEY,
    queryFn: ({ signal }) => adminHttp.get<CannedReply[]>('/api/admin/chat/canned', undefined, { signal }),
    staleTime: 60_000,
  });

export function useSaveCanned() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof cannedReplyBody>) => adminHttp.post<CannedReply>('/api/admin/chat/canned', body, { quiet: [Code.invalid] }),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: CANNED_KEY }), client.invalidateQueries({ queryKey: AUDIT_KEY })]),
  });
}

export function useDeleteCanned() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => adminHttp.delete<null>(`/api/admin/chat/canned/${id}`),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: CANNED_KEY }), client.invalidateQueries({ queryKey: AUDIT_KEY })]),
  });
}
