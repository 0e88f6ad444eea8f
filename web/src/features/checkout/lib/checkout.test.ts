import { describe, expect, it } from 'vitest';
import { afterContract, covers, lineDiscounts, minus, money, parseOrderId, payStage, readPayState, splitOrderErrors } from './checkout';

const line = { welfare_amount: '0.00', goods_manjian_amount: '0.00', coupon_amount: '0.00', red_packet_amount: '0.00' };

describe('checkout amounts', () => {
  it('writes money with the yuan sign and thousands separators', () => {
    expect(money('50000.00')).toBe('¥50,000.00');
    expect(money('0.5')).toBe('¥0.50');
  });

  it('shows a discount as a minus amount and no discount as ¥0.00', () => {
    expect(minus('50.00')).toBe('-¥50.00');
    expect(minus('0.00')).toBe('¥0.00');
  });

  it('lists only the discounts a line received, 94折 before 满减, 优惠券 and 红包', () => {
    expect(lineDiscounts(line)).toEqual([]);
    expect(
      lineDiscounts({ ...line, goods_manjian_amount: '50.00', red_packet_amount: '3.20', welfare_amount: '1.00' }).map((d) => [d.label, d.amount]),
    ).toEqual([
      ['94折', '1.00'],
      ['满减', '50.00'],
      ['红包', '3.20'],
    ]);
  });
});

describe('order errors', () => {
  it('puts invoice messages under their fields and keeps the rest apart', () => {
    const { invoice, other } = splitOrderErrors({
      'invoice.title': ['请填写发票抬头'],
      'invoice.tax_no': ['增值税专用发票须填写税号', 'second'],
      coupon_id: ['该优惠券不可用'],
    });
    expect(invoice).toEqual({ title: '请填写发票抬头', tax_no: '增值税专用发票须填写税号' });
    expect(other).toEqual({ coupon_id: '该优惠券不可用' });
  });
});

describe('after signing the contract', () => {
  it('goes back to the page the buyer came from', () => {
    expect(afterContract('/cart/step2?coupon=1')).toBe('/cart/step2?coupon=1');
    expect(afterContract('/order')).toBe('/order');
  });

  it('goes to step 2 when there is no redirect, another site or the contract page itself', () => {
    expect(afterContract(null)).toBe('/cart/step2');
    expect(afterContract('')).toBe('/cart/step2');
    expect(afterContract('https://evil.example/')).toBe('/cart/step2');
    expect(afterContract('//evil.example/')).toBe('/cart/step2');
    expect(afterContract('/\\evil.example')).toBe('/cart/step2');
    expect(afterContract('/dzht')).toBe('/cart/step2');
    expect(afterContract('/dzht?redirect=/dzht')).toBe('/cart/step2');
    expect(afterContract('/dzhtx')).toBe('/dzhtx');
  });
});

describe('the pay page', () => {
  it('shows paid, cancelled, ephedrine, waiting transfer and unpaid orders each their own way', () => {
    expect(payStage({ status: 1, pay_status: 1, is_ephedrine: 0 })).toBe('paid');
    expect(payStage({ status: 3, pay_status: 1, is_ephedrine: 1 })).toBe('paid');
    expect(payStage({ status: 4, pay_status: 0, is_ephedrine: 0 })).toBe('cancelled');
    expect(payStage({ status: 0, pay_status: 0, is_ephedrine: 1 })).toBe('ephedrine');
    expect(payStage({ status: 0, pay_status: 2, is_ephedrine: 0 })).toBe('transfer');
    expect(payStage({ status: 0, pay_status: 0, is_ephedrine: 0 })).toBe('unpaid');
  });

  it('knows whether the balance covers the order only when step 2 handed the figure over', () => {
    expect(covers('50000.00', '1164.80')).toBe(true);
    expect(covers('1164.79', '1164.80')).toBe(false);
    expect(covers('1164.80', '1164.80')).toBe(true);
    expect(covers(undefined, '1.00')).toBeNull();
  });

  it('reads the wallet from the navigation state and ignores anything else', () => {
    expect(readPayState(null)).toEqual({});
    expect(readPayState({ wallet: { balance: 1 } })).toEqual({ wallet: undefined, orders: undefined });
    expect(readPayState({ wallet: { balance: '1.00', credit_available: '2.00' } }).wallet).toEqual({ balance: '1.00', credit_available: '2.00' });
  });
});

describe('order ids in the address bar', () => {
  it('takes a positive whole number and nothing else', () => {
    expect(parseOrderId('42')).toBe(42);
    expect(parseOrderId('0')).toBe(0);
    expect(parseOrderId('-1')).toBe(0);
    expect(parseOrderId('1e3')).toBe(0);
    expect(parseOrderId('abc')).toBe(0);
    expect(parseOrderId(null)).toBe(0);
  });
});
