/**
 * The conversation logic both ends of the chat share (the buyer's window and the console): one socket for the
 * page, the conversations held with their messages, the first page when one is opened and older pages by
 * `before_id`, catching up with `after_id` whenever the end asks (on every (re)connection), pushed messages merged
 * in, and sending with an optimistic bubble matched to the server's `ack` by `client_id` (over HTTP while the
 * socket is down), a picture uploaded first. Each end says how it reaches the server and handles its own events.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { z } from 'zod';
import type { ChatClientEvent, ChatHistory, chatHistoryQuery, ChatKindName, ChatMessage, chatSendBody, ChatServerEvent } from '@core/schemas/chat';
import { ChatSocket, type ChatLink } from './socket';
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
} from './thread';

/** Missed messages fetched at once on reconnecting; more, and the latest page replaces what was held. */
const CATCH_UP = 50;
const NOTICE_MS = 6000;

type SendBody = z.input<typeof chatSendBody>;

/** What an end's own event handling may do with the conversations held. */
export type ChatThreads = {
  /** The conversation open in the window, if any. */
  openId: () => number | null;
  held: (id: number) => Thread | undefined;
  /** The first page of a conversation, or what it missed since its last message. */
  catchUp: (id: number) => Promise<void>;
  /** Drops every conversation held but this one. */
  keepOnly: (id: number | null) => void;
};

/** How one end of the chat reaches the server. */
export type ChatEnd = {
  /** `operator` for the console's socket, whose sends name their conversation. */
  role?: 'operator';
  /** Messages a page. */
  page: number;
  getMessages: (id: number, query: Partial<z.input<typeof chatHistoryQuery>>) => Promise<ChatHistory>;
  postMessage: (id: number, body: SendBody) => Promise<ChatMessage>;
  uploadPicture: (id: number, file: File) => Promise<{ url: string }>;
  /** The words a failed call shows. */
  errorText: (e: unknown) => string;
  /** The conversation a message belongs to, as this end numbers them. */
  threadOf: (message: ChatMessage) => number;
  /** Every event, once its message, `ack` or `error` has reached its conversation. */
  onEvent: (event: ChatServerEvent, threads: ChatThreads) => void;
};

type Update = (id: number, change: (t: Thread) => Thread) => void;

/** A line over the messages that goes away by itself. */
function useNotice() {
  const [notice, setText] = useState<string | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const setNotice = useCallback((text: string | null) => {
    window.clearTimeout(timer.current);
    setText(text);
    if (text) timer.current = window.setTimeout(() => setText(null), NOTICE_MS);
  }, []);
  return [notice, setNotice] as const;
}

/** The messages on their way: over the socket while it is up (failing when no `ack` comes), else over HTTP. */
function useOutbox(end: RefObject<ChatEnd>, socket: RefObject<ChatSocket | null>, update: Update, setNotice: (text: string | null) => void) {
  /** Which conversation each message on its way belongs to. */
  const sending = useRef(new Map<string, number>());
  const ackTimers = useRef(new Map<string, number>());
  const files = useRef(new Map<string, File>());

  useEffect(() => {
    const timers = ackTimers.current;
    return () => {
      for (const t of timers.values()) window.clearTimeout(t);
    };
  }, []);

  /** The server answered for a message: forget it, and say which conversation it was sent to. */
  const settle = useCallback((clientId: string | null) => {
    if (!clientId) return undefined;
    window.clearTimeout(ackTimers.current.get(clientId));
    ackTimers.current.delete(clientId);
    const id = sending.current.get(clientId);
    sending.current.delete(clientId);
    files.current.delete(clientId);
    return id;
  }, []);

  const fail = useCallback(
    (id: number, clientId: string, e: unknown) => {
      const text = end.current.errorText(e);
      update(id, (t) => failed(t, clientId, text));
      setNotice(text);
    },
    [end, setNotice, update],
  );

  const deliver = useCallback(
    (id: number, p: Pending) => {
      const message = { type: p.kind, content: p.content, client_id: p.client_id };
      sending.current.set(p.client_id, id);
      const to = end.current.role === 'operator' ? { conversation_id: id } : {};
      if (socket.current?.send({ type: 'send', ...to, message })) {
        ackTimers.current.set(
          p.client_id,
          window.setTimeout(() => update(id, (t) => failed(t, p.client_id, '发送超时')), ACK_WAIT_MS),
        );
        return;
      }
      end.current
        .postMessage(id, message)
        .then((m) => {
          settle(p.client_id);
          update(id, (t) => acked(t, p.client_id, m));
        })
        .catch((e: unknown) => fail(id, p.client_id, e));
    },
    [end, fail, settle, socket, update],
  );

  /** Uploads a picture, then sends its address. */
  const upload = useCallback(
    (id: number, p: Pending, file: File) => {
      end.current
        .uploadPicture(id, file)
        .then((u) => {
          const ready = { ...p, content: u.url };
          update(id, (t) => ({ ...t, pending: t.pending.map((x) => (x.client_id === p.client_id ? ready : x)) }));
          deliver(id, ready);
        })
        .catch((e: unknown) => fail(id, p.client_id, e));
    },
    [deliver, end, fail, update],
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

  return { settle, send, sendPicture, retry };
}

/** The conversations of one end of the chat; `openId` is the one its window shows (null: none). */
export function useChatThreads(end: ChatEnd, openId: number | null) {
  const endRef = useRef(end);
  endRef.current = end;
  const [threads, setThreads] = useState<Record<number, Thread>>({});
  const [link, setLink] = useState<ChatLink>('connecting');
  const [notice, setNotice] = useNotice();
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [loadFailed, setLoadFailed] = useState<number | null>(null);
  const socket = useRef<ChatSocket | null>(null);
  const threadsRef = useRef(threads);
  threadsRef.current = threads;
  const openRef = useRef(openId);
  openRef.current = openId;

  const update = useCallback<Update>((id, change) => setThreads((all) => ({ ...all, [id]: change(all[id] ?? emptyThread) })), []);
  const outbox = useOutbox(endRef, socket, update, setNotice);

  const catchUp = useCallback(
    async (id: number) => {
      const { getMessages, page } = endRef.current;
      const t = threadsRef.current[id];
      try {
        if (!t?.loaded) {
          const h = await getMessages(id, { limit: page });
          update(id, (x) => withLatest(x, h.list, h.has_more === 1));
        } else {
          const h = await getMessages(id, { after_id: lastId(t), limit: CATCH_UP });
          if (h.has_more) {
            const latest = await getMessages(id, { limit: page });
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

  const controls = useMemo<ChatThreads>(
    () => ({
      openId: () => openRef.current,
      held: (id) => threadsRef.current[id],
      catchUp,
      keepOnly: (id) => setThreads((all) => (id !== null && all[id] ? { [id]: all[id] } : {})),
    }),
    [catchUp],
  );

  const onEvent = (event: ChatServerEvent) => {
    const own = endRef.current;
    if (event.type === 'message') update(own.threadOf(event.message), (t) => (t.loaded ? withMessages(t, [event.message]) : t));
    else if (event.type === 'ack') {
      const id = outbox.settle(event.client_id) ?? own.threadOf(event.message);
      update(id, (t) => acked(t, event.client_id, event.message));
    } else if (event.type === 'error') {
      const id = outbox.settle(event.client_id);
      const clientId = event.client_id;
      if (id !== undefined && clientId) update(id, (t) => failed(t, clientId, event.message));
      setNotice(event.message);
    }
    own.onEvent(event, controls);
  };

  // One socket for the hook's life: events go to the latest handler.
  const handler = useRef(onEvent);
  handler.current = onEvent;
  useEffect(() => {
    const s = new ChatSocket({ role: endRef.current.role, onEvent: (e) => handler.current(e), onLink: setLink });
    socket.current = s;
    s.start();
    return () => {
      s.stop();
      socket.current = null;
    };
  }, []);

  // A conversation's first page when it is opened (the socket's `ready` may have come before).
  const openThread = openId !== null ? threads[openId] : undefined;
  useEffect(() => {
    if (openId !== null && !openThread?.loaded && loadFailed !== openId) void catchUp(openId);
  }, [openId, openThread?.loaded, loadFailed, catchUp]);

  const loadOlder = useCallback(
    async (id: number) => {
      const first = threadsRef.current[id]?.messages[0];
      if (!first) return;
      setLoadingOlder(true);
      try {
        const h = await endRef.current.getMessages(id, { before_id: first.id, limit: endRef.current.page });
        update(id, (t) => withOlder(t, h.list, h.has_more === 1));
      } catch (e) {
        setNotice(endRef.current.errorText(e));
      } finally {
        setLoadingOlder(false);
      }
    },
    [setNotice, update],
  );

  /** Sends an event over the socket; false while it is down. */
  const sendEvent = useCallback((event: ChatClientEvent) => socket.current?.send(event) ?? false, []);

  return {
    thread: openThread ?? emptyThread,
    loadFailed: loadFailed !== null && loadFailed === openId,
    retryLoad: () => {
      if (openId !== null) void catchUp(openId);
    },
    link,
    notice,
    setNotice,
    loadingOlder,
    loadOlder,
    send: outbox.send,
    sendPicture: outbox.sendPicture,
    retry: outbox.retry,
    sendEvent,
  };
}
