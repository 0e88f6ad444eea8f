/**
 * The console's end of the chat: one socket (`/api/chat/ws?role=operator`, the operator's session) for the page,
 * the conversations opened so far with their messages, who is connected, and sending with an optimistic bubble
 * matched to the server's `ack`. Every (re)connection refreshes the inbox and fetches what the open conversation
 * missed (`after_id`); pushed messages and conversation changes keep the inbox and the open conversation current.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AdminChatConversation, AdminChatDetail, ChatKindName, ChatServerEvent } from '@core/schemas/chat';
import { errorText } from '@/lib/admin/http';
import { ChatSocket, type ChatLink } from '@/lib/chat/socket';
import {
  ACK_WAIT_MS,
  acked,
  dropPending,
  emptyThread,
  failed,
  lastId,
  newClientId,
  withLatest,
  withMessages,
  withOlder,
  withPending,
  type Pending,
  type Thread,
} from '@/lib/chat/thread';
import { detailKey, getMessages, INBOX_KEY, OPERATORS_CHAT_KEY, postMessage, postRead, uploadPicture } from '../api/chat';

const PAGE = 30;
const CATCH_UP = 50;
const NOTICE_MS = 6000;

export function useConsoleChat(openId: number | null) {
  const client = useQueryClient();
  const [threads, setThreads] = useState<Record<number, Thread>>({});
  const [link, setLink] = useState<ChatLink>('connecting');
  const [online, setOnline] = useState<number[]>([]);
  const [notice, setNoticeText] = useState<string | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [loadFailed, setLoadFailed] = useState<number | null>(null);
  const socket = useRef<ChatSocket | null>(null);
  const threadsRef = useRef(threads);
  threadsRef.current = threads;
  const openRef = useRef(openId);
  openRef.current = openId;
  /** Which conversation each message on its way belongs to. */
  const sending = useRef(new Map<string, number>());
  const ackTimers = useRef(new Map<string, number>());
  const files = useRef(new Map<string, File>());
  const noticeTimer = useRef<number | undefined>(undefined);

  const setNotice = useCallback((text: string | null) => {
    window.clearTimeout(noticeTimer.current);
    setNoticeText(text);
    if (text) noticeTimer.current = window.setTimeout(() => setNoticeText(null), NOTICE_MS);
  }, []);

  const update = useCallback((id: number, change: (t: Thread) => Thread) => setThreads((all) => ({ ...all, [id]: change(all[id] ?? emptyThread) })), []);

  const patchConversation = useCallback(
    (c: AdminChatConversation) => {
      client.setQueryData<AdminChatDetail>(detailKey(c.id), (d) => (d ? { ...d, conversation: c } : d));
      void client.invalidateQueries({ queryKey: INBOX_KEY });
    },
    [client],
  );

  const catchUp = useCallback(
    async (id: number) => {
      const t = threadsRef.current[id];
      try {
        if (!t?.loaded) {
          const h = await getMessages(id, { limit: PAGE });
          update(id, (x) => withLatest(x, h.list, h.has_more === 1));
        } else {
          const h = await getMessages(id, { after_id: lastId(t), limit: CATCH_UP });
          if (h.has_more) {
            const latest = await getMessages(id, { limit: PAGE });
            update(id, (x) => withLatest(x, latest.list, latest.has_more === 1));
          } else update(id, (x) => withMessages(x, h.list));
        }
        setLoadFailed((f) => (f === id ? null : f));
      } catch {
        setLoadFailed(id);
      }
    },
    [update],
  );

  const settle = useCallback((clientId: string | null) => {
    if (!clientId) return undefined;
    window.clearTimeout(ackTimers.current.get(clientId));
    ackTimers.current.delete(clientId);
    const id = sending.current.get(clientId);
    sending.current.delete(clientId);
    files.current.delete(clientId);
    return id;
  }, []);

  const onEvent = useCallback(
    (event: ChatServerEvent) => {
      switch (event.type) {
        case 'ready': {
          setOnline(event.online);
          void client.invalidateQueries({ queryKey: INBOX_KEY });
          void client.invalidateQueries({ queryKey: OPERATORS_CHAT_KEY });
          // What other conversations missed is fetched when they are opened again.
          const open = openRef.current;
          setThreads((all) => (open && all[open] ? { [open]: all[open] } : {}));
          if (open) void catchUp(open);
          return;
        }
        case 'message':
          update(event.message.conversation_id, (t) => (t.loaded ? withMessages(t, [event.message]) : t));
          if (event.conversation) patchConversation(event.conversation);
          return;
        case 'conversation':
          patchConversation(event.conversation);
          return;
        case 'presence':
          setOnline(event.online);
          void client.invalidateQueries({ queryKey: OPERATORS_CHAT_KEY });
          return;
        case 'ack': {
          const id = settle(event.client_id) ?? event.message.conversation_id;
          update(id, (t) => acked(t, event.client_id, event.message));
          return;
        }
        case 'error': {
          const id = settle(event.client_id);
          if (id && event.client_id) {
            const clientId = event.client_id;
            update(id, (t) => failed(t, clientId, event.message));
          }
          setNotice(event.message);
          return;
        }
        default:
      }
    },
    [catchUp, client, patchConversation, setNotice, settle, update],
  );

  // One socket for the hook's life: events go to the latest handler.
  const handler = useRef(onEvent);
  handler.current = onEvent;
  useEffect(() => {
    const s = new ChatSocket({ role: 'operator', onEvent: (e) => handler.current(e), onLink: setLink });
    socket.current = s;
    s.start();
    const timers = ackTimers.current;
    return () => {
      s.stop();
      socket.current = null;
      for (const t of timers.values()) window.clearTimeout(t);
    };
  }, []);

  // A conversation's first page when it is opened.
  const openThread = openId ? threads[openId] : undefined;
  useEffect(() => {
    if (openId && !openThread?.loaded && loadFailed !== openId) void catchUp(openId);
  }, [openId, openThread?.loaded, loadFailed, catchUp]);

  const deliver = useCallback(
    (id: number, p: Pending) => {
      const message = { type: p.kind, content: p.content, client_id: p.client_id };
      sending.current.set(p.client_id, id);
      if (socket.current?.send({ type: 'send', conversation_id: id, message })) {
        ackTimers.current.set(
          p.client_id,
          window.setTimeout(() => update(id, (t) => failed(t, p.client_id, '发送超时')), ACK_WAIT_MS),
        );
        return;
      }
      postMessage(id, message)
        .then((m) => {
          settle(p.client_id);
          update(id, (t) => acked(t, p.client_id, m));
        })
        .catch((e: unknown) => {
          const text = errorText(e);
          update(id, (t) => failed(t, p.client_id, text));
          setNotice(text);
        });
    },
    [setNotice, settle, update],
  );

  const upload = useCallback(
    (id: number, p: Pending, file: File) => {
      uploadPicture(id, file)
        .then((u) => {
          const ready = { ...p, content: u.url };
          update(id, (t) => ({ ...t, pending: t.pending.map((x) => (x.client_id === p.client_id ? ready : x)) }));
          deliver(id, ready);
        })
        .catch((e: unknown) => {
          const text = errorText(e);
          update(id, (t) => failed(t, p.client_id, text));
          setNotice(text);
        });
    },
    [deliver, setNotice, update],
  );

  const send = useCallback(
    (id: number, kind: ChatKindName, content: string, preview: string) => {
      const p: Pending = { client_id: newClientId(), kind, content, preview, status: 'sending', at: Date.now() };
      update(id, (t) => withPending(t, p));
      deliver(id, p);
    },
    [deliver, update],
  );

  const sendPicture = useCallback(
    (id: number, file: File) => {
      const p: Pending = { client_id: newClientId(), kind: 'image', content: '', preview: URL.createObjectURL(file), status: 'sending', at: Date.now() };
      files.current.set(p.client_id, file);
      update(id, (t) => withPending(t, p));
      upload(id, p, file);
    },
    [update, upload],
  );

  const retry = useCallback(
    (id: number, p: Pending) => {
      const again: Pending = { ...p, status: 'sending', error: undefined };
      update(id, (t) => withPending(dropPending(t, p.client_id), again));
      const file = files.current.get(p.client_id);
      if (p.kind === 'image' && !p.content && file) upload(id, again, file);
      else deliver(id, again);
    },
    [deliver, update, upload],
  );

  const loadOlder = useCallback(
    async (id: number) => {
      const first = threadsRef.current[id]?.messages[0];
      if (!first) return;
      setLoadingOlder(true);
      try {
        const h = await getMessages(id, { before_id: first.id, limit: PAGE });
        update(id, (t) => withOlder(t, h.list, h.has_more === 1));
      } catch (e) {
        setNotice(errorText(e));
      } finally {
        setLoadingOlder(false);
      }
    },
    [setNotice, update],
  );

  const read = useCallback(
    (id: number) => {
      if (socket.current?.send({ type: 'read', conversation_id: id })) return;
      void postRead(id).then(patchConversation, () => {});
    },
    [patchConversation],
  );

  return {
    thread: openThread ?? emptyThread,
    loadFailed: loadFailed !== null && loadFailed === openId,
    retryLoad: () => {
      if (openId) void catchUp(openId);
    },
    link,
    online,
    notice,
    setNotice,
    loadingOlder,
    send,
    sendPicture,
    retry,
    loadOlder,
    read,
  };
}
