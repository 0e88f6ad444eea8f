/**
 * The console's end of the chat: the shared conversation logic (lib/chat/use-chat-threads.ts) over the operator's
 * socket (`/api/chat/ws?role=operator`, the operator's session) for the page, with the conversations opened so far
 * and who is connected. Every (re)connection refreshes the inbox and fetches what the open conversation missed;
 * pushed conversation changes keep the inbox and the open conversation's detail current.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { AdminChatConversation, AdminChatDetail } from '@core/schemas/chat';
import { errorText } from '@/lib/admin/http';
import { useChatThreads, type ChatEnd } from '@/lib/chat/use-chat-threads';
import { detailKey, getMessages, INBOX_KEY, OPERATORS_CHAT_KEY, postMessage, postRead, uploadPicture } from '../api/chat';

const PAGE = 30;

export function useConsoleChat(openId: number | null) {
  const client = useQueryClient();
  const [online, setOnline] = useState<number[]>([]);

  const patchConversation = useCallback(
    (c: AdminChatConversation) => {
      client.setQueryData<AdminChatDetail>(detailKey(c.id), (d) => (d ? { ...d, conversation: c } : d));
      void client.invalidateQueries({ queryKey: INBOX_KEY });
    },
    [client],
  );

  const end: ChatEnd = {
    role: 'operator',
    page: PAGE,
    getMessages,
    postMessage,
    uploadPicture,
    errorText,
    threadOf: (m) => m.conversation_id,
    onEvent: (event, threads) => {
      switch (event.type) {
        case 'ready': {
          setOnline(event.online);
          void client.invalidateQueries({ queryKey: INBOX_KEY });
          void client.invalidateQueries({ queryKey: OPERATORS_CHAT_KEY });
          // What other conversations missed is fetched when they are opened again.
          const open = threads.openId();
          threads.keepOnly(open);
          if (open) void threads.catchUp(open);
          return;
        }
        case 'message':
          if (event.conversation) patchConversation(event.conversation);
          return;
        case 'conversation':
          patchConversation(event.conversation);
          return;
        case 'presence':
          setOnline(event.online);
          void client.invalidateQueries({ queryKey: OPERATORS_CHAT_KEY });
          return;
        default:
      }
    },
  };
  const { sendEvent, ...chat } = useChatThreads(end, openId);

  const read = useCallback(
    (id: number) => {
      if (sendEvent({ type: 'read', conversation_id: id })) return;
      void postRead(id).then(patchConversation, () => {});
    },
    [patchConversation, sendEvent],
  );

  return { ...chat, online, read };
}
