/**
 * How fast one person may send chat messages: a few in ten seconds and a few more in a minute, counted per buyer
 * account and per operator, in Redis when the site runs several processes, in this process otherwise. A window
 * opens with the first message and lasts its length. Over the limit the message is refused politely and nothing is stored.
 */
import type { Redis } from 'ioredis';
import { Code } from '../../../core/codes.js';
import { refuse } from '../../http/envelope.js';

export const CHAT_TOO_FAST = '您发送消息太快了，请稍等几秒再发送';

type Role = 'user' | 'operator';
/** Messages allowed per window; operators answer several buyers and paste canned replies. */
const WINDOWS: { ms: number; user: number; operator: number }[] = [
  { ms: 10_000, user: 5, operator: 20 },
  { ms: 60_000, user: 20, operator: 120 },
];

export class ChatLimiter {
  private readonly counts = new Map<string, { n: number; until: number }>();

  constructor(
    private readonly redis: Redis | null,
    private readonly namespace: string,
    private readonly factor = 1,
  ) {}

  private async count(key: string, ms: number): Promise<number> {
    if (this.redis) {
      const k = `yct:chat:${this.namespace}:rl:${key}`;
      try {
        const result = await this.redis.multi().set(k, '0', 'PX', ms, 'NX').incr(k).exec();
        return Number(result?.[1]?.[1] ?? 0);
      } catch {
        // Redis is down (the hub logs it): this process counts alone until it is back, rather than refuse to chat.
      }
    }
    const now = Date.now();
    const entry = this.counts.get(key);
    if (!entry || entry.until <= now) {
      if (this.counts.size > 50_000) for (const [k, e] of this.counts) if (e.until <= now) this.counts.delete(k);
      this.counts.set(key, { n: 1, until: now + ms });
      return 1;
    }
    return ++entry.n;
  }

  /** Counts one message of `role` `id`; refuses (code 429, HTTP 200) past a window's limit. */
  async take(role: Role, id: number) {
    for (const w of WINDOWS) {
      const n = await this.count(`${role}:${id}:${w.ms}`, w.ms);
      if (n > w[role] * this.factor) throw refuse(CHAT_TOO_FAST, Code.tooMany);
    }
  }
}
