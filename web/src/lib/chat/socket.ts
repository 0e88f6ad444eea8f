/**
 * The browser's end of the chat's WebSocket `/api/chat/ws` (core/schemas/chat.ts): one JSON event a frame. It
 * reconnects by itself with a growing, jittered delay (1 s doubling up to 30 s) and at once when the network or the
 * tab comes back, checks the line with a ping every 30 s, and stops for good when the server says the session is
 * over. Whoever uses it fetches what was missed on every `ready`.
 */
import { CHAT_CLOSE, type ChatClientEvent, type ChatServerEvent } from '@core/schemas/chat';

export type ChatLink = 'connecting' | 'open' | 'retrying' | 'ended';

type Options = {
  /** `operator` for the console's connection (the operator's session), the buyer's otherwise. */
  role?: 'operator';
  onEvent: (event: ChatServerEvent) => void;
  onLink: (link: ChatLink) => void;
};

const FIRST_DELAY_MS = 1000;
const MAX_DELAY_MS = 30_000;
const PING_MS = 30_000;
const PONG_WAIT_MS = 10_000;

function chatSocketUrl(role?: 'operator'): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}/api/chat/ws${role ? `?role=${role}` : ''}`;
}

export class ChatSocket {
  private socket: WebSocket | null = null;
  private retries = 0;
  private retryTimer: number | undefined;
  private pingTimer: number | undefined;
  private pongTimer: number | undefined;
  private stopped = false;

  constructor(private readonly options: Options) {}

  start() {
    this.stopped = false;
    window.addEventListener('online', this.soon);
    document.addEventListener('visibilitychange', this.onVisible);
    this.connect();
  }

  stop() {
    this.stopped = true;
    window.removeEventListener('online', this.soon);
    document.removeEventListener('visibilitychange', this.onVisible);
    this.clearTimers();
    const s = this.socket;
    this.socket = null;
    s?.close(1000);
  }

  get isOpen() {
    return this.socket?.readyState === WebSocket.OPEN;
  }

  /** Sends an event; false when the line is down (the caller falls back to HTTP or waits). */
  send(event: ChatClientEvent): boolean {
    if (!this.isOpen) return false;
    this.socket!.send(JSON.stringify(event));
    return true;
  }

  private connect() {
    if (this.stopped) return;
    this.clearTimers();
    this.options.onLink(this.retries ? 'retrying' : 'connecting');
    const socket = new WebSocket(chatSocketUrl(this.options.role));
    this.socket = socket;
    socket.onmessage = (e) => {
      let event: ChatServerEvent;
      try {
        event = JSON.parse(String(e.data)) as ChatServerEvent;
      } catch {
        return;
      }
      if (event.type === 'pong') {
        window.clearTimeout(this.pongTimer);
        return;
      }
      if (event.type === 'ready') {
        this.retries = 0;
        this.options.onLink('open');
        this.schedulePing();
      }
      this.options.onEvent(event);
    };
    socket.onclose = (e) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.clearTimers();
      if (this.stopped) return;
      if (e.code === CHAT_CLOSE.unauthenticated) {
        this.options.onLink('ended');
        return;
      }
      // The server renews long connections: come straight back.
      const delay = e.code === CHAT_CLOSE.renew ? 0 : Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** this.retries) * (0.75 + Math.random() * 0.5);
      this.retries += 1;
      this.options.onLink('retrying');
      this.retryTimer = window.setTimeout(() => this.connect(), delay);
    };
  }

  /** Reconnects now rather than at the end of the current wait. */
  private soon = () => {
    if (this.stopped || this.socket) return;
    this.connect();
  };

  private onVisible = () => {
    if (document.visibilityState === 'visible') this.soon();
  };

  private schedulePing() {
    window.clearInterval(this.pingTimer);
    this.pingTimer = window.setInterval(() => {
      if (!this.send({ type: 'ping' })) return;
      window.clearTimeout(this.pongTimer);
      // No answer: the line is dead without having said so; drop it and reconnect.
      this.pongTimer = window.setTimeout(() => this.socket?.close(), PONG_WAIT_MS);
    }, PING_MS);
  }

  private clearTimers() {
    window.clearTimeout(this.retryTimer);
    window.clearInterval(this.pingTimer);
    window.clearTimeout(this.pongTimer);
  }
}
