/** Step 6: the account red packet pays a share of what is left, within its balance. */
import { describe, expect, it } from 'vitest';
import { HOUR, NOW, plain, price } from './fixtures.js';

describe('red packet', () => {
  it('pays 10% of ¥99.99 as ¥9.99, rounded down', () => {
    const cart = price({ lines: [plain(1, 9999)], red_packet: { balance: 50_000, share_percent: 10, use: true } });
    expect(cart.red_packet).toEqual({ balance: 50_000, share_percent: 10, max: 999, amount: 999 });
    expect(cart.lines[0]).toMatchObject({ red_packet_amount: 999, pay_amount: 9000 });
  });

  it('pays no more than its balance', () => {
    const cart = price({ lines: [plain(1, 9999)], red_packet: { balance: 300, share_percent: 10, use: true } });
    expect(cart.red_packet_amount).toBe(300);
  });

  it('takes its share of what is left after the coupon', () => {
    const cart = price({
      lines: [plain(1, 10_000)],
      coupons: [{ id: 1, type: 'manjian', threshold: 0, amount: 1000, scope: { kind: 'all' }, starts_at: NOW - HOUR, ends_at: NOW + HOUR }],
      coupon_id: 1,
      red_packet: { balance: 50_000, share_percent: 10, use: true },
    });
    expect(cart.red_packet_amount).toBe(900);
    expect(cart.lines[0].pay_amount).toBe(8100);
  });

  it('shows what could be used without using it until the buyer chooses to', () => {
    const cart = price({ lines: [plain(1, 10_000)], red_packet: { balance: 50_000, share_percent: 10, use: false } });
    expect(cart.red_packet).toMatchObject({ max: 1000, amount: 0 });
    expect(cart.red_packet_amount).toBe(0);
  });

  it('spreads over the lines in proportion to what is left of them', () => {
    const cart = price({ lines: [plain(1, 3000), plain(2, 7000)], red_packet: { balance: 50_000, share_percent: 10, use: true } });
    expect(cart.lines.map((l) => l.red_packet_amount)).toEqual([300, 700]);
  });
});
