/**
 * The buyer's conversation in the browser: the shared conversation logic (lib/chat/use-chat-threads.ts) over the
 * buyer's socket (`/api/chat/ws` with the session cookie) and calls, with the one conversation a buyer has; the
 * service's state pushed into the toolbar's cache entry (unread count, who answers, whether anyone is connected);
 * and reading while the window is open and in view.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { ChatKindName, ChatState } from '@core/schemas/chat';
import { isApiError } from '@/api/client';
import type { Pending } from '@/lib/chat/thread';
import { useChatThreads, type ChatEnd } from '@/lib/chat/use-chat-threads';
import { uploadFile } from '@/lib/upload';
import { getChatMessages, postChatMessage, postChatRead } from '../api/chat-messages';
import { chatStateKey, useChatState } from '../api/get-chat-state';

const PAGE = 20;
/** A buyer has one conversation: this is its number among the threads held. */
const ONLY = 0;

/** The words a failed call shows: the server's refusal, else a network line. */
function failureText(e: unknown): string {
  if (!isApiError(e) || e.kind !== 'response') return '网络异常，请检查网络后重试';
  return Object.values(e.fieldErrors)[0]?.[0] || e.message || '发送失败，请稍后重试';
}

/** Whether the page is in view: the service's messages are read only while the buyer can see them. */
function useVisible() {
  const [visible, setVisible] = useState(() => document.visibilityState === 'visible');
  useEffect(() => {
    const onChange = () => setVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);
  return visible;
}

export function useBuyerChat(userId: number, open: boolean) {
  const client = useQueryClient();
  const key = useMemo(() => chatStateKey(userId), [userId]);
  const setState = useCallback((s: ChatState) => client.setQueryData(key, s), [client, key]);

  const end: ChatEnd = {
    page: PAGE,
    getMessages: (_, query) => getChatMessages(query),
    postMessage: (_, body) => postChatMessage(body),
    uploadPicture: (_, file) => uploadFile(file, file.name),
    errorText: failureText,
    threadOf: () => ONLY,
    onEvent: (event, threads) => {
      switch (event.type) {
        case 'ready':
          if (event.state) setState(event.state);
          if (threads.held(ONLY)?.loaded || threads.openId() !== null) void threads.catchUp(ONLY);
          return;
        case 'message':
          if (event.state) setState(event.state);
          return;
        case 'state':
          setState(event.state);
          return;
        case 'service':
          client.setQueryData<ChatState>(key, (s) => (s ? { ...s, online: event.online } : s));
          return;
        default:
      }
    },
  };
  const chat = useChatThreads(end, open ? ONLY : null);

  // Reading: while the window is open and in view, the service's new messages are read at once.
  const state = useChatState(userId, true).data;
  const unread = state?.unread ?? 0;
  const visible = useVisible();
  const { sendEvent } = chat;
  const count = chat.thread.messages.length;
  useEffect(() => {
    if (!open || !visible || !unread) return;
    if (!sendEvent({ type: 'read' })) void postChatRead().then(setState, () => {});
  }, [open, visible, unread, count, sendEvent, setState]);

  return {
    state,
    thread: chat.thread,
    link: chat.link,
    notice: chat.notice,
    setNotice: chat.setNotice,
    loadingOlder: chat.loadingOlder,
    loadFailed: chat.loadFailed,
    retryLoad: chat.retryLoad,
    send: (kind: ChatKindName, content: string, preview: string) => chat.send(ONLY, kind, content, preview),
    sendPicture: (file: File) => chat.sendPicture(ONLY, file),
    retry: (p: Pending) => chat.retry(ONLY, p),
    loadOlder: () => chat.loadOlder(ONLY),
  };
}
