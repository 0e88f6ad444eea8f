/**
 * Who is connected to the chat, and getting a pushed event to them wherever they are connected. Each process holds
 * its own sockets; with REDIS_URL an event is also published on a Redis channel that every process of the site
 * subscribes to, and each delivers it to the sockets it holds.
 * Operators' presence is kept in a Redis sorted set (one member per process and operator, refreshed every 15 s and
 * gone 45 s after its process stopped refreshing it), or in this process alone without Redis.
 */
import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { WebSocket } from 'ws';
import type { ChatServerEvent } from '../../../core/schemas/chat.js';

export type Audience = { user: number } | { operators: true } | { buyers: true };
type Wire = { from: string; to: Audience; event: ChatServerEvent };

const PRESENCE_TTL_MS = 45_000;
const PRESENCE_BEAT_MS = 15_000;
const OPEN = 1;

const send = (socket: WebSocket, text: string) => {
  if (socket.readyState === OPEN) socket.send(text);
};

export class ChatHub {
  readonly id = crypto.randomUUID();
  private readonly users = new Map<number, Set<WebSocket>>();
  private readonly operators = new Map<number, Set<WebSocket>>();
  private beat: NodeJS.Timeout | null = null;
  private closed = false;
  private readonly channel: string;
  private readonly presenceKey: string;

  private constructor(
    private readonly redis: { pub: Redis; sub: Redis } | null,
    namespace: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.channel = `yct:chat:${namespace}:events`;
    this.presenceKey = `yct:chat:${namespace}:presence`;
  }

  /**
   * The hub of one app. `namespace` keeps sites that share a Redis apart (the processes of one site share their
   * database, and the namespace is made from it). Resolves once the subscription is active, or Redis has failed to
   * answer (then it subscribes when Redis answers).
   */
  static async open(redisUrl: string | undefined, namespace: string, log: FastifyBaseLogger): Promise<ChatHub> {
    if (!redisUrl) return new ChatHub(null, namespace, log);
    // Commands fail at once while Redis is away (no queue to wait in): presence, limits and events fall back to this
    // process without holding up a socket. The subscriber keeps its queue: its one command waits for Redis.
    const sub = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
    const pub = new Redis(redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
    for (const [name, conn] of [
      ['publisher', pub],
      ['subscriber', sub],
    ] as const) {
      // Said once when Redis goes away, not at every attempt to reconnect, and again when it is back.
      let down = false;
      conn.on('error', (err) => {
        if (!down) log.warn({ err }, `chat: Redis ${name}`);
        down = true;
      });
      conn.on('ready', () => {
        if (down) log.warn(`chat: Redis ${name} answers again`);
        down = false;
      });
    }
    const hub = new ChatHub({ pub, sub }, namespace, log);
    sub.on('message', (channel: string, text: string) => {
      if (channel !== hub.channel) return;
      try {
        const wire = JSON.parse(text) as Wire;
        if (wire.from !== hub.id) hub.deliver(wire.to, wire.event);
      } catch (err) {
        log.warn({ err }, 'chat: unreadable event from Redis');
      }
    });
    // Subscribed once Redis answers: a server starts, sells and chats within its own process while Redis is down
    // (its events then reach only its own sockets), and subscribes when Redis is back (ioredis keeps the
    // subscription across later reconnections).
    let subscribed = false;
    const subscribe = () =>
      sub.subscribe(hub.channel).then(
        () => void (subscribed = true),
        (err: unknown) => log.warn({ err }, 'chat: Redis subscriber: not subscribed yet, events reach this process only'),
      );
    sub.on('ready', () => void (subscribed || subscribe()));
    await subscribe();
    hub.beat = setInterval(() => void hub.refreshPresence(), PRESENCE_BEAT_MS);
    hub.beat.unref();
    return hub;
  }

  /** The Redis connection commands go through (the send limits share it), or null without Redis. */
  get commands(): Redis | null {
    return this.redis?.pub ?? null;
  }

  /** Delivers to the sockets this process holds. */
  private deliver(to: Audience, event: ChatServerEvent) {
    const text = JSON.stringify(event);
    if ('user' in to) for (const s of this.users.get(to.user) ?? []) send(s, text);
    else if ('operators' in to) for (const set of this.operators.values()) for (const s of set) send(s, text);
    else for (const set of this.users.values()) for (const s of set) send(s, text);
  }

  /** Pushes an event to its audience in every process. A Redis failure is logged: the event is stored already, and a reconnecting client fetches it. */
  async push(to: Audience, event: ChatServerEvent) {
    this.deliver(to, event);
    if (!this.redis) return;
    const wire: Wire = { from: this.id, to, event };
    await this.redis.pub.publish(this.channel, JSON.stringify(wire)).catch((err: unknown) => this.log.warn({ err }, 'chat: could not publish'));
  }

  toUser = (userId: number, event: ChatServerEvent) => this.push({ user: userId }, event);
  toOperators = (event: ChatServerEvent) => this.push({ operators: true }, event);

  /** Sends to one socket only (an answer to what it asked). */
  reply(socket: WebSocket, event: ChatServerEvent) {
    send(socket, JSON.stringify(event));
  }

  /** Registers a buyer's socket; answers what unregisters it. */
  joinUser(userId: number, socket: WebSocket) {
    const set = this.users.get(userId) ?? new Set();
    this.users.set(userId, set);
    set.add(socket);
    return () => {
      set.delete(socket);
      if (!set.size) this.users.delete(userId);
    };
  }

  /**
   * Registers an operator's socket. The first socket of an operator makes them present, the last one gone absent;
   * everyone hears of it (`presence` for the console, `service` for the buyers). Answers what unregisters it.
   */
  async joinOperator(operatorId: number, socket: WebSocket) {
    const set = this.operators.get(operatorId) ?? new Set();
    this.operators.set(operatorId, set);
    set.add(socket);
    if (set.size === 1) {
      await this.redis?.pub
        .zadd(this.presenceKey, Date.now() + PRESENCE_TTL_MS, this.member(operatorId))
        .catch((err: unknown) => this.log.warn({ err }, 'chat: presence'));
      await this.announcePresence();
    }
    return async () => {
      set.delete(socket);
      if (this.closed || set.size || this.operators.get(operatorId) !== set) return;
      this.operators.delete(operatorId);
      await this.redis?.pub.zrem(this.presenceKey, this.member(operatorId)).catch((err: unknown) => this.log.warn({ err }, 'chat: presence'));
      await this.announcePresence();
    };
  }

  private member = (operatorId: number) => `${this.id}:${operatorId}`;

  private async refreshPresence() {
    if (!this.redis) return;
    const expires = Date.now() + PRESENCE_TTL_MS;
    const pipeline = this.redis.pub.pipeline().zremrangebyscore(this.presenceKey, '-inf', Date.now());
    for (const operatorId of this.operators.keys()) pipeline.zadd(this.presenceKey, expires, this.member(operatorId));
    await pipeline.exec().catch((err: unknown) => this.log.warn({ err }, 'chat: presence'));
  }

  /** The operators connected now, in any process, by id. */
  async online(): Promise<number[]> {
    if (!this.redis) return [...this.operators.keys()].sort((a, b) => a - b);
    try {
      const members = await this.redis.pub.zrangebyscore(this.presenceKey, Date.now(), '+inf');
      return [...new Set(members.map((m) => Number(m.slice(m.lastIndexOf(':') + 1))))].sort((a, b) => a - b);
    } catch (err) {
      // Without Redis no process can say who else is there: this process's own operators are the best answer.
      this.log.warn({ err }, 'chat: presence');
      return [...this.operators.keys()].sort((a, b) => a - b);
    }
  }

  private async announcePresence() {
    const online = await this.online();
    await this.toOperators({ type: 'presence', online });
    await this.push({ buyers: true }, { type: 'service', online: online.length ? 1 : 0 });
  }

  async close() {
    this.closed = true;
    if (this.beat) clearInterval(this.beat);
    for (const set of [...this.users.values(), ...this.operators.values()]) for (const s of set) s.close();
    if (!this.redis) return;
    const mine = [...this.operators.keys()].map(this.member);
    if (mine.length) await this.redis.pub.zrem(this.presenceKey, ...mine).catch(() => {});
    this.redis.sub.disconnect();
    this.redis.pub.disconnect();
  }
}
