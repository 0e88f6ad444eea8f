import { describe, expect, it } from 'vitest';
import { admit, nextBatch, refusals, settle, type Scan } from './scan-feed';

const code = (n: number) => `8123456${String(n).padStart(13, '0')}`;

describe('the scanning feed', () => {
  it('refuses a malformed code and a repeat at once, and queues the rest', () => {
    const feed: Scan[] = [];
    feed.push(admit(feed, '12345', 1));
    feed.push(admit(feed, code(1), 2));
    feed.push(admit(feed, code(1), 3));
    expect(feed.map((s) => [s.state, s.message])).toEqual([
      ['refused', '追溯码应为20位数字'],
      ['waiting', ''],
      ['refused', '同一追溯码重复扫描'],
    ]);
    expect(nextBatch(feed).map((s) => s.seq)).toEqual([2]);
  });

  it('sends at most 200 codes a post and lays each answer over its code', () => {
    const feed = Array.from({ length: 250 }, (_, i) => admit([], code(i), i + 1));
    const sent = nextBatch(feed);
    expect(sent).toHaveLength(200);
    const answers = new Map(sent.map((_, i) => [i, i === 3 ? { key: null, message: '该追溯码已用于其他订单' } : { key: '1-2', message: '' }]));
    const after = settle(feed, sent, answers);
    expect(after.filter((s) => s.state === 'taken')).toHaveLength(199);
    expect(after[3]).toMatchObject({ state: 'refused', message: '该追溯码已用于其他订单' });
    expect(nextBatch(after)).toHaveLength(50);
    expect(admit(after, code(0), 999).message).toBe('该追溯码已在本订单扫描');
  });

  it('reads a 422 as each code’s reason', () => {
    const r = refusals({ 'codes.0': [`${code(1)}：药品标识码8123456不属于本订单的商品`] }, 2);
    expect(r.get(0)?.message).toBe('药品标识码8123456不属于本订单的商品');
    expect(r.get(1)?.message).toBe('未能计入');
  });
});
