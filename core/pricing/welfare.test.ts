/** Step 2: store-wide 94% off. */
import { describe, expect, it } from 'vitest';
import { line, offer, plain, price } from './fixtures.js';
import { welfareDiscount } from './welfare.js';

const welfare = { id: 5, name: '全场94折', rate: 94, goods_ids: [1] };

describe('94% off store-wide', () => {
  it('takes ¥1.20 off ¥19.99, the price paid rounded down to the fen', () => {
    expect(welfareDiscount(1999, 94)).toBe(120);
  });

  it('charges 94% of a line of the activity’s goods and records the discount on the line', () => {
    const cart = price({ lines: [plain(1, 1999, 3), plain(2, 1999, 3)], welfare });
    // 3 × ¥19.99 = ¥59.97; 94% of it is ¥56.3718, paid as ¥56.37.
    expect(cart.lines[0]).toMatchObject({ amount: 5997, welfare_amount: 360, pay_amount: 5637 });
    expect(cart.lines[1]).toMatchObject({ amount: 5997, welfare_amount: 0, pay_amount: 5997 });
    expect(cart.welfare_amount).toBe(360);
  });

  it('leaves the flash-sale units at their price and takes 94% off the rest', () => {
    const cart = price({
      lines: [line({ type: 1, number: 5 })],
      spikes: [offer({ limit_per_user: 2 })],
      welfare,
    });
    // 2 × ¥7.00 at the flash-sale price, 3 × ¥10.00 at 94%: ¥28.20.
    expect(cart.lines[0]).toMatchObject({ amount: 4400, welfare_amount: 180, pay_amount: 4220 });
  });

  it('gives nothing off a line that is not selected', () => {
    const cart = price({ lines: [line({ number: 3, is_selected: false })], welfare });
    expect(cart.lines[0]).toMatchObject({ welfare_amount: 0, pay_amount: 0 });
  });
});
