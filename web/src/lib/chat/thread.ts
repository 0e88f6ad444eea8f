/**
 * One conversation as a chat window holds it: the stored messages in order of id, and the ones being sent
 * (optimistic, matched to the server's answer by `client_id`). Pure functions over plain objects, shared by the
 * buyer's window and the console.
 */
import type { ChatKindName, ChatMessage } from '@core/schemas/chat';

export type Pending = {
  client_id: string;
  kind: ChatKindName;
  /** What was sent: the text, the picture's address, the goods or order id. */
  content: string;
  /** What the bubble shows meanwhile: the text, a picture, or a line for a card. */
  preview: string;
  status: 'sending' | 'failed';
  error?: string;
  at: number;
};

export type Thread = {
  messages: ChatMessage[];
  pending: Pending[];
  /** Older messages are left on the server. */
  hasMore: boolean;
  /** The first page has arrived. */
  loaded: boolean;
};

export const emptyThread: Thread = { messages: [], pending: [], hasMore: false, loaded: false };

export const lastId = (t: Thread) => t.messages[t.messages.length - 1]?.id ?? 0;

/** Adds messages, each once, in order of id. */
export function withMessages(t: Thread, list: ChatMessage[]): Thread {
  if (!list.length) return t;
  const byId = new Map(t.messages.map((m) => [m.id, m]));
  for (const m of list) byId.set(m.id, m);
  return { ...t, messages: [...byId.values()].sort((a, b) => a.id - b.id) };
}

/** The latest page, replacing what was held (a first load, or too much missed to catch up). */
export const withLatest = (t: Thread, list: ChatMessage[], hasMore: boolean): Thread => ({ ...t, messages: [...list], hasMore, loaded: true });

/** An older page, put before what is held. */
export const withOlder = (t: Thread, list: ChatMessage[], hasMore: boolean): Thread => ({ ...withMessages(t, list), hasMore });

export const withPending = (t: Thread, p: Pending): Thread => ({ ...t, pending: [...t.pending.filter((x) => x.client_id !== p.client_id), p] });

/** The server stored a message sent from here: the stored one takes the pending one's place. */
export const acked = (t: Thread, clientId: string | null, message: ChatMessage): Thread => {
  const next = withMessages(t, [message]);
  return { ...next, pending: next.pending.filter((p) => p.client_id !== clientId) };
};

export const failed = (t: Thread, clientId: string, error: string): Thread => ({
  ...t,
  pending: t.pending.map((p) => (p.client_id === clientId ? { ...p, status: 'failed', error } : p)),
});

export const dropPending = (t: Thread, clientId: string): Thread => ({ ...t, pending: t.pending.filter((p) => p.client_id !== clientId) });

let counter = 0;
/** A `client_id` no other message of this page has (the server takes [A-Za-z0-9_-]{1,40}). */
export const newClientId = () => `c${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** How long a message may wait for the server's answer before it shows 发送失败. */
export const ACK_WAIT_MS = 15_000;
