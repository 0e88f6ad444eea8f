/**
 * The buyer's messages: GET /api/chat/messages (the latest page, the page before `before_id`, or what came after
 * `after_id`), POST /api/chat/messages (sending while the socket is down) and POST /api/chat/read. The window shows
 * failures itself.
 */
import type { z } from 'zod';
import type { ChatHistory, chatHistoryQuery, ChatMessage, chatSendBody, ChatState } from '@core/schemas/chat';
import { http } from '@/api/client';

export const getChatMessages = (query: Partial<z.input<typeof chatHistoryQuery>>) =>
  http.get<ChatHistory>('/api/chat/messages', query, { silent: true, cancellable: false });

export const postChatMessage = (body: z.input<typeof chatSendBody>) => http.post<ChatMessage>('/api/chat/messages', body, { silent: true, cancellable: false });

export const postChatRead = () => http.post<ChatState>('/api/chat/read', undefined, { silent: true });
