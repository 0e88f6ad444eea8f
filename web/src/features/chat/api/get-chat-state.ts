/**
 * GET /api/chat/state: the buyer's conversation in brief: the service's messages not yet read (the 在线客服 badge),
 * who answers and whether anyone is connected. The open chat window keeps this entry up to date from its socket.
 */
import { useQuery } from '@tanstack/react-query';
import type { ChatState } from '@core/schemas/chat';
import { http } from '@/api/client';

export const chatStateKey = (userId: number) => ['chat', 'state', userId] as const;

export const useChatState = (userId: number, enabled: boolean) =>
  useQuery({
    queryKey: chatStateKey(userId),
    queryFn: ({ signal }) => http.get<ChatState>('/api/chat/state', undefined, { signal, silent: true }),
    enabled,
    staleTime: 30_000,
    refetchOnWindowFocus: true,
  });
