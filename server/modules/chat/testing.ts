/** Test helpers of the chat: a WebSocket client that keeps the events it receives and reads them in order. */
import { WebSocket } from 'ws';
import { chatServerEvent, type ChatServerEvent } from '../../../core/schemas/chat.js';

/** A socket with the events it received, read in order. */
class Peer {
  private readonly events: ChatServerEvent[] = [];
  private waiters: (() => void)[] = [];
  private cursor = 0;
  ws!: WebSocket;
  /** Listens from the first frame on: the server speaks as soon as the connection opens. */
  attach = (ws: WebSocket) => {
    this.ws = ws;
    ws.on('message', (data) => {
      // Every event the server pushes must be what core's schema says it sends.
      this.events.push(chatServerEvent.parse(JSON.parse(String(data))));
      for (const w of this.waiters.splice(0)) w();
    });
  };
  send(event: unknown) {
    this.ws.send(typeof event === 'string' ? event : JSON.stringify(event));
  }
  /** The next event of this type (those before it are passed over), waiting for it up to 5 s. */
  async next<T extends ChatServerEvent['type']>(type: T, match: (e: Extract<ChatServerEvent, { type: T }>) => boolean = () => true) {
    const deadline = Date.now() + 5000;
    for (;;) {
      while (this.cursor < this.events.length) {
        const e = this.events[this.cursor++];
        if (e.type === type && match(e as Extract<ChatServerEvent, { type: T }>)) return e as Extract<ChatServerEvent, { type: T }>;
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no ${type} event within 5 s; got ${JSON.stringify(this.events.slice(-5))}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }
  async close() {
    if (this.ws.readyState === this.ws.CLOSED) return;
    const closed = new Promise((r) => this.ws.once('close', r));
    this.ws.close();
    await closed;
  }
}

/** Opens a socket (`ws://.../api/chat/ws`); rejects with the handshake's refusal (`Unexpected server response: 401`). */
export async function openSocket(url: string, headers: Record<string, string>) {
  const peer = new Peer();
  const ws = new WebSocket(url, { headers });
  peer.attach(ws);
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return peer;
}
