/** Step 4: gifts (赠) and add-on purchases (换购). */
import { describe, expect, it } from 'vitest';
import { goods, plain, price } from './fixtures.js';
import type { GiftActivity, HuangouActivity } from './types.js';

const buyTenGetOne: GiftActivity = {
  id: 11,
  name: '买10赠1',
  goods_ids: [1, 2],
  per: 'line',
  by: 'number',
  threshold: 10,
  type: 1,
  gift: { goods_id: 50, name: '医用口罩', number: 1 },
};

describe('gifts', () => {
  it('gives one gift for every ten boxes of a line', () => {
    const cart = price({ lines: [plain(1, 1000, 25)], gifts: [buyTenGetOne] });
    expect(cart.lines[0].gift_data).toEqual({ total: 2, type: 1 });
  });

  it('gives the gift from exactly ten boxes and not at nine', () => {
    const cart = price({ lines: [plain(1, 1000, 10), plain(2, 1000, 9)], gifts: [buyTenGetOne] });
    expect(cart.lines.map((l) => l.gift_data)).toEqual([
      { total: 1, type: 1 },
      { total: 0, type: 1 },
    ]);
  });

  it('gives a once-only gift once however much is bought', () => {
    const cart = price({ lines: [plain(1, 1000, 25)], gifts: [{ ...buyTenGetOne, type: 2 }] });
    expect(cart.lines[0].gift_data).toEqual({ total: 1, type: 2 });
  });

  it('adds no money for a gift', () => {
    const cart = price({ lines: [plain(1, 1000, 25)], gifts: [buyTenGetOne] });
    expect(cart.pay_amount).toBe(25_000 + 1000);
    expect(cart.lines[0].pay_amount).toBe(25_000);
  });

  it('counts an activity’s lines together towards a gift by amount, and says how much more earns the next', () => {
    const perOrder: GiftActivity = { ...buyTenGetOne, per: 'activity', by: 'amount', threshold: 50_000, gift: { goods_id: 50, name: '体温计', number: 1 } };
    const cart = price({ lines: [plain(1, 60_000), plain(2, 60_000)], gifts: [perOrder] });
    expect(cart.gifts[0]).toMatchObject({ measure: 120_000, total: 2, need: 30_000 });
    expect(cart.lines[0].gift_data).toBeNull();
    expect(cart.next_hints).toContainEqual({ kind: 'gift', activity_id: 11, need: 30_000, message: '再购¥300.00，可获赠体温计' });
  });

  it('gives no more gifts than are left, to the lines in cart order', () => {
    const cart = price({ lines: [plain(1, 1000, 10), plain(2, 1000, 10)], gifts: [{ ...buyTenGetOne, gift: { goods_id: 50, number: 1, stock: 1 } }] });
    expect(cart.lines.map((l) => l.gift_data?.total)).toEqual([1, 0]);
  });
});

const huangou: HuangouActivity = {
  id: 21,
  name: '满200元换购',
  goods_ids: [1],
  threshold: 20_000,
  offers: [{ goods: goods({ id: 60, base_price: 1500 }), price: 100, limit: 2 }],
};

describe('add-on purchases', () => {
  it('adds the chosen add-on at its special price once the threshold is reached', () => {
    const cart = price({ lines: [plain(1, 20_000)], huangous: [huangou], addons: [{ activity_id: 21, goods_id: 60, number: 2 }] });
    expect(cart.lines[1]).toMatchObject({ id: null, source: 'huangou', goods_id: 60, unit_price: 100, amount: 200, pay_amount: 200, huangou_activity_id: 21 });
    expect(cart.huangous[0]).toMatchObject({ reached: true, need: 0, offers: [{ goods_id: 60, taken: 2 }] });
    expect(cart.goods_amount).toBe(20_200);
  });

  it('refuses an add-on when the threshold is missed by one fen, and says by how much', () => {
    const cart = price({ lines: [plain(1, 19_999)], huangous: [huangou], addons: [{ activity_id: 21, goods_id: 60, number: 1 }] });
    expect(cart.lines).toHaveLength(1);
    expect(cart.addon_rejected).toEqual([{ activity_id: 21, goods_id: 60, number: 1, reason: '未达到换购门槛，还差¥0.01' }]);
    expect(cart.next_hints).toContainEqual({ kind: 'huangou', activity_id: 21, need: 1, message: '再购¥0.01，即可换购' });
  });

  it('refuses more add-ons than the activity allows per order', () => {
    const cart = price({
      lines: [plain(1, 20_000)],
      huangous: [huangou],
      addons: [
        { activity_id: 21, goods_id: 60, number: 2 },
        { activity_id: 21, goods_id: 60, number: 1 },
      ],
    });
    expect(cart.lines).toHaveLength(2);
    expect(cart.addon_rejected[0].reason).toBe('超出换购限量（每单限2件）');
  });

  it('refuses an add-on of an activity that is over', () => {
    const cart = price({ lines: [plain(1, 20_000)], addons: [{ activity_id: 21, goods_id: 60, number: 1 }] });
    expect(cart.addon_rejected[0].reason).toBe('换购活动已结束');
  });
});
