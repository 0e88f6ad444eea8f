/**
 * 客服 › 在线客服 (chat:reply): the inbox (GET /api/admin/chat/conversations), a conversation with the buyer beside it
 * (GET /api/admin/chat/conversations/{id}), its messages (GET …/{id}/messages), sending over HTTP while the socket
 * is down (POST …/{id}/messages), reading (POST …/{id}/read), pictures (POST …/{id}/picture), transfer
 * (POST …/{id}/transfer) and the operators who answer the chat (GET /api/admin/chat/operators).
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { Code } from '@core/codes';
import type {
  AdminChatConversation,
  AdminChatDetail,
  AdminChatInbox,
  ChatHistory,
  chatHistoryQuery,
  ChatMessage,
  ChatOperator,
  ChatScope,
  chatSendBody,
} from '@core/schemas/chat';
import type { Uploaded } from '@core/schemas/user';
import { adminHttp } from '@/lib/admin/http';
import { ADMIN_KEY, AUDIT_KEY } from '@/lib/admin/keys';

export const CHAT_KEY = [...ADMIN_KEY, 'chat'] as const;
export const INBOX_KEY = [...CHAT_KEY, 'inbox'] as const;
export const detailKey = (id: number) => [...CHAT_KEY, 'conversation', id] as const;
export const OPERATORS_CHAT_KEY = [...CHAT_KEY, 'operators'] as const;

export type InboxQuery = { scope: ChatScope; keyword: string; page: number };

export const useInbox = (q: InboxQuery) =>
  useQuery({
    queryKey: [...INBOX_KEY, q],
    queryFn: ({ signal }) => adminHttp.get<AdminChatInbox>('/api/admin/chat/conversations', { ...q, keyword: q.keyword || undefined }, { signal }),
    placeholderData: keepPreviousData,
  });

export const useConversation = (id: number | null) =>
  useQuery({
    queryKey: detailKey(id ?? 0),
    queryFn: ({ signal }) => adminHttp.get<AdminChatDetail>(`/api/admin/chat/conversations/${id}`, undefined, { signal }),
    enabled: Boolean(id),
  });

export const useChatOperators = (enabled: boolean) =>
  useQuery({
    queryKey: OPERATORS_CHAT_KEY,
    queryFn: ({ signal }) => adminHttp.get<ChatOperator[]>('/api/admin/chat/operators', undefined, { signal }),
    enabled,
  });

export const getMessages = (id: number, q: Partial<z.input<typeof chatHistoryQuery>>) =>
  adminHttp.get<ChatHistory>(`/api/admin/chat/conversations/${id}/messages`, q, { cancellable: false });

/** Sends without the socket; the caller shows a refusal beside the message. */
export const postMessage = (id: number, body: z.input<typeof chatSendBody>) =>
  adminHttp.post<ChatMessage>(`/api/admin/chat/conversations/${id}/messages`, body, {
    quiet: [Code.refused, Code.forbidden, Code.notFound, Code.invalid, Code.tooMany],
  });

export const postRead = (id: number) =>
  adminHttp.post<AdminChatConversation>(`/api/admin/chat/conversations/${id}/read`, undefined, { quiet: [Code.notFound] });

export function uploadPicture(id: number, file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return adminHttp.post<Uploaded>(`/api/admin/chat/conversations/${id}/picture`, form, { quiet: [Code.invalid] });
}

export function useTransfer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, operatorId }: { id: number; operatorId: number }) =>
      adminHttp.post<AdminChatConversation>(`/api/admin/chat/conversations/${id}/transfer`, { operator_id: operatorId }),
    onSuccess: (_, { id }) =>
      Promise.all([
        client.invalidateQueries({ queryKey: INBOX_KEY }),
        client.invalidateQueries({ queryKey: detailKey(id) }),
        client.invalidateQueries({ queryKey: OPERATORS_CHAT_KEY }),
        client.invalidateQueries({ queryKey: AUDIT_KEY }),
      ]),
  });
}
