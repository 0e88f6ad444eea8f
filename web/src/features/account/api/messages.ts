/** GET /api/message?page&type (ten a page, with the unread count) and POST /api/message/read {ids[] | all}. */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessagePage, MessagesRead } from '@core/schemas/member';
import type { UserBase } from '@core/schemas/user';
import { http } from '@/api/client';
import { USER_BASE_KEY } from '@/lib/session/get-user-base';

const MESSAGES_KEY = ['message'] as const;

const messagesQuery = (page: number, type: 'all' | 'unread') =>
  queryOptions({
    queryKey: [...MESSAGES_KEY, type, page],
    queryFn: ({ signal }) => http.get<MessagePage>('/api/message', { page, type }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useMessages = (page: number, type: 'all' | 'unread') => useQuery(messagesQuery(page, type));

export function useReadMessages() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { ids: number[] } | { all: 1 }) => http.post<MessagesRead>('/api/message/read', input),
    onSuccess: ({ unread }) => {
      // The badges of the header and the toolbar follow at once.
      client.setQueryData<UserBase>(USER_BASE_KEY, (user) => (user ? { ...user, message_count: unread } : user));
      void client.invalidateQueries({ queryKey: MESSAGES_KEY });
    },
  });
}
