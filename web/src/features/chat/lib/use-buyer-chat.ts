/**
 * The buyer's conversation in the browser: the socket (`/api/chat/ws` with the session cookie), the messages,
 * sending with an optimistic bubble matched to the server's `ack` by `client_id` (over HTTP while the socket is
 * down), catching up on every (re)connection with GET /api/chat/messages?after_id, older pages on demand, reading
 * while the window is open, and the unread count kept in the toolbar's cache entry.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ChatKindName, ChatServerEvent, ChatState } from '@core/schemas/chat';
import { isApiError } from '@/api/client';
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
import { uploadFile } from '@/lib/upload';
import { getChatMessages, postChatMessage, postChatRead } from '../api/chat-messages';
import { chatStateKey, useChatState } from '../api/get-chat-state';

const PAGE = 20;
/** Missed messages fetched at once on reconnecting; more, and the latest page replaces what was held. */
const CATCH_UP = 50;
const NOTICE_MS = 6000;

/** The words a failed call shows: the server's refusal, else a network line. */
function failureText(e: unknown): string {
  if (!isApiError(e) || e.kind !== 'response') return '网络异常，请检查网络后重试';
  return Object.values(e.fieldErrors)[0]?.[0] || e.message || '发送失败，请稍后重试';
}

export function useBuyerChat(userId: number, open: boolean) {
  const client = useQueryClient();
  const [thread, setThread] = useState<Thread>(emptyThread);
  const [link, setLink] = useState<ChatLink>('connecting');
  const [notice, setNoticeText] = useState<string | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);
  const socket = useRef<ChatSocket | null>(null);
  const threadRef = useRef(thread);
  threadRef.current = thread;
  const openRef = useRef(open);
  openRef.current = open;
  const ackTimers = useRef(new Map<string, number>());
  const files = useRef(new Map<string, File>());
  const noticeTimer = useRef<number | undefined>(undefined);
  const key = useMemo(() => chatStateKey(userId), [userId]);

  const setNotice = useCallback((text: string | null) => {
    window.clearTimeout(noticeTimer.current);
    setNoticeText(text);
    if (text) noticeTimer.current = window.setTimeout(() => setNoticeText(null), NOTICE_MS);
  }, []);

  const setState = useCallback((s: ChatState) => client.setQueryData(key, s), [client, key]);

  const catchUp = useCallback(async () => {
    const t = threadRef.current;
    try {
      if (!t.loaded) {
        const h = await getChatMessages({ limit: PAGE });
        setThread((x) => withLatest(x, h.list, h.has_more === 1));
      } else {
        const h = await getChatMessages({ after_id: lastId(t), limit: CATCH_UP });
        if (h.has_more) {
          const latest = await getChatMessages({ limit: PAGE });
          setThread((x) => withLatest(x, latest.list, latest.has_more === 1));
        } else setThread((x) => withMessages(x, h.list));
      }
      setLoadFailed(false);
    } catch {
      setLoadFailed(true);
    }
  }, []);

  const settle = useCallback((clientId: string | null) => {
    if (!clientId) return;
    window.clearTimeout(ackTimers.current.get(clientId));
    ackTimers.current.delete(clientId);
  }, []);

  const onEvent = useCallback(
    (event: ChatServerEvent) => {
      switch (event.type) {
        case 'ready':
          if (event.state) setState(event.state);
          if (threadRef.current.loaded || openRef.current) void catchUp();
          return;
        case 'message':
          setThread((t) => (t.loaded ? withMessages(t, [event.message]) : t));
          if (event.state) setState(event.state);
          return;
        case 'state':
          setState(event.state);
          return;
        case 'service':
          client.setQueryData<ChatState>(key, (s) => (s ? { ...s, online: event.online } : s));
          return;
        case 'ack':
          settle(event.client_id);
          if (event.client_id) files.current.delete(event.client_id);
          setThread((t) => acked(t, event.client_id, event.message));
          return;
        case 'error':
          settle(event.client_id);
          if (event.client_id) {
            const id = event.client_id;
            setThread((t) => failed(t, id, event.message));
          }
          setNotice(event.message);
          return;
        default:
      }
    },
    [catchUp, client, key, setNotice, setState, settle],
  );

  // One socket for the hook's life: events go to the latest handler.
  const handler = useRef(onEvent);
  handler.current = onEvent;
  useEffect(() => {
    const s = new ChatSocket({ onEvent: (e) => handler.current(e), onLink: setLink });
    socket.current = s;
    s.start();
    const timers = ackTimers.current;
    return () => {
      s.stop();
      socket.current = null;
      for (const t of timers.values()) window.clearTimeout(t);
    };
  }, []);

  // The first page when the window first opens (the socket's `ready` may have come before).
  useEffect(() => {
    if (open && !thread.loaded && !loadFailed) void catchUp();
  }, [open, thread.loaded, loadFailed, catchUp]);

  const deliver = useCallback(
    (p: Pending) => {
      const message = { type: p.kind, content: p.content, client_id: p.client_id };
      if (socket.current?.send({ type: 'send', message })) {
        ackTimers.current.set(
          p.client_id,
          window.setTimeout(() => setThread((t) => failed(t, p.client_id, '发送超时')), ACK_WAIT_MS),
        );
        return;
      }
      postChatMessage(message)
        .then((m) => {
          files.current.delete(p.client_id);
          setThread((t) => acked(t, p.client_id, m));
        })
        .catch((e: unknown) => {
          const text = failureText(e);
          setThread((t) => failed(t, p.client_id, text));
          setNotice(text);
        });
    },
    [setNotice],
  );

  /** Uploads a picture (POST /api/upload), then sends its address. */
  const upload = useCallback(
    (p: Pending, file: File) => {
      uploadFile(file, file.name)
        .then((u) => {
          const ready = { ...p, content: u.url };
          setThread((t) => ({ ...t, pending: t.pending.map((x) => (x.client_id === p.client_id ? ready : x)) }));
          deliver(ready);
        })
        .catch((e: unknown) => {
          const text = failureText(e);
          setThread((t) => failed(t, p.client_id, text));
          setNotice(text);
        });
    },
    [deliver, setNotice],
  );

  const send = useCallback(
    (kind: ChatKindName, content: string, preview: string) => {
      const p: Pending = { client_id: newClientId(), kind, content, preview, status: 'sending', at: Date.now() };
      setThread((t) => withPending(t, p));
      deliver(p);
    },
    [deliver],
  );

  const sendPicture = useCallback(
    (file: File) => {
      const p: Pending = { client_id: newClientId(), kind: 'image', content: '', preview: URL.createObjectURL(file), status: 'sending', at: Date.now() };
      files.current.set(p.client_id, file);
      setThread((t) => withPending(t, p));
      upload(p, file);
    },
    [upload],
  );

  const retry = useCallback(
    (p: Pending) => {
      const again: Pending = { ...p, status: 'sending', error: undefined };
      setThread((t) => withPending(dropPending(t, p.client_id), again));
      const file = files.current.get(p.client_id);
      if (p.kind === 'image' && !p.content && file) upload(again, file);
      else deliver(again);
    },
    [deliver, upload],
  );

  const loadOlder = useCallback(async () => {
    const first = threadRef.current.messages[0];
    if (!first) return;
    setLoadingOlder(true);
    try {
      const h = await getChatMessages({ before_id: first.id, limit: PAGE });
      setThread((t) => withOlder(t, h.list, h.has_more === 1));
    } catch (e) {
      setNotice(failureText(e));
    } finally {
      setLoadingOlder(false);
    }
  }, [setNotice]);

  // Reading: while the window is open and in view, the service's new messages are read at once.
  const state = useChatState(userId, true).data;
  const unread = state?.unread ?? 0;
  const [visible, setVisible] = useState(() => document.visibilityState === 'visible');
  useEffect(() => {
    const onChange = () => setVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);
  useEffect(() => {
    if (!open || !visible || !unread) return;
    if (!socket.current?.send({ type: 'read' })) void postChatRead().then(setState, () => {});
  }, [open, visible, unread, thread.messages.length, setState]);

  return { state, thread, link, notice, setNotice, loadingOlder, loadFailed, retryLoad: catchUp, send, sendPicture, retry, loadOlder };
}
