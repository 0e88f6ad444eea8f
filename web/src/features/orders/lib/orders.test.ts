import { describe, expect, it } from 'vitest';
import type { OrderActions } from '@core/schemas/trade';
import {
  afterSaleSteps,
  amountRows,
  composeReason,
  creditBillState,
  currentStep,
  formatTime,
  lineDiscounts,
  lineKind,
  listSearch,
  newestFirst,
  orderSteps,
  payPath,
  pointsFor,
  readListParams,
  refundPreview,
  returnableNumbers,
  visibleActions,
} from './orders';

const none: OrderActions = { pay: 0, cancel: 0, receive: 0, buy_again: 0, return: 0, after_sale: 0, receipt: 0 };
const times = { created_at: 1000, paid_at: 2000, shipped_at: 3000, received_at: 4000, cancelled_at: null };

describe('the actions an order shows', () => {
  it('offers 去支付 before 取消订单 on an unpaid order', () => {
    expect(visibleActions({ ...none, pay: 1, cancel: 1 })).toEqual(['pay', 'cancel']);
  });

  it('puts 确认收货 first on a shipped order, then 再次购买, 申请退货 and 申请售后', () => {
    expect(visibleActions({ ...none, receive: 1, buy_again: 1, return: 1, after_sale: 1 })).toEqual(['receive', 'buy_again', 'return', 'after_sale']);
  });

  it('shows 上传签收单 only when the server asks for the receipt', () => {
    expect(visibleActions({ ...none, buy_again: 1, receipt: 1 })).toEqual(['receipt', 'buy_again']);
    expect(visibleActions(none)).toEqual([]);
  });

  it('sends an ephedrine order to /cart/hm and any other to step 3', () => {
    expect(payPath({ id: 7, is_ephedrine: 1 })).toBe('/cart/hm?id=7');
    expect(payPath({ id: 7, is_ephedrine: 0 })).toBe('/cart/step3/7');
  });

  it('promises a point per whole yuan paid', () => {
    expect(pointsFor('1014.64')).toBe(1014);
    expect(pointsFor('0.99')).toBe(0);
  });
});

describe('the step bar of an order', () => {
  const titles = (steps: ReturnType<typeof orderSteps>) => steps.map((s) => `${s.title}:${s.status}`);

  it('waits at 付款 while unpaid', () => {
    const steps = orderSteps({ ...times, status: 0, pay_status: 0, paid_at: null, shipped_at: null, received_at: null });
    expect(titles(steps)).toEqual(['提交订单:finish', '付款:process', '发货:wait', '完成:wait']);
    expect(currentStep(steps)).toBe(1);
    expect(steps[0].time).toBe(1000);
    expect(steps[1].time).toBeNull();
  });

  it('says the transfer waits for confirmation', () => {
    const steps = orderSteps({ ...times, status: 0, pay_status: 2, paid_at: null, shipped_at: null, received_at: null });
    expect(steps[1].title).toBe('付款（待确认转账）');
  });

  it('waits at 完成 once shipped, with the payment and shipping times', () => {
    const steps = orderSteps({ ...times, status: 2, pay_status: 1, received_at: null });
    expect(titles(steps)).toEqual(['提交订单:finish', '付款:finish', '发货:finish', '完成:process']);
    expect(steps.map((s) => s.time)).toEqual([1000, 2000, 3000, null]);
  });

  it('finishes every step of a completed order', () => {
    const steps = orderSteps({ ...times, status: 3, pay_status: 1 });
    expect(steps.every((s) => s.status === 'finish')).toBe(true);
    expect(currentStep(steps)).toBe(3);
  });

  it('ends a cancelled unpaid order at 已取消', () => {
    const steps = orderSteps({ ...times, status: 4, pay_status: 0, paid_at: null, shipped_at: null, received_at: null, cancelled_at: 5000 });
    expect(titles(steps)).toEqual(['提交订单:finish', '已取消:error']);
    expect(steps[1].time).toBe(5000);
    expect(currentStep(steps)).toBe(1);
  });
});

describe('the order list in the URL', () => {
  it('reads status, page and keywords, ignoring what is not valid', () => {
    expect(readListParams(new URLSearchParams('status=2&page=3&keywords=%20阿莫西林%20'))).toEqual({ status: 2, page: 3, keywords: '阿莫西林' });
    expect(readListParams(new URLSearchParams('status=9&page=-1'))).toEqual({ status: undefined, page: 1, keywords: '' });
    expect(readListParams(new URLSearchParams('status=&page=abc'))).toEqual({ status: undefined, page: 1, keywords: '' });
  });

  it('writes only what differs from 全部, page 1 and no keywords', () => {
    expect(listSearch({})).toBe('');
    expect(listSearch({ status: 0, page: 1 })).toBe('?status=0');
    expect(listSearch({ status: undefined, keywords: '2026', page: 2 })).toBe('?keywords=2026&page=2');
  });
});

describe('the detail page', () => {
  it('lists the trace newest first, keeping events of one second in reverse order', () => {
    const events = [
      { time: 1, text: 'a' },
      { time: 1, text: 'b' },
      { time: 5, text: 'c' },
    ];
    expect(newestFirst(events).map((e) => e.text)).toEqual(['c', 'b', 'a']);
    expect(events[0].text).toBe('a');
  });

  it('marks gifts, add-ons and combinations', () => {
    expect(lineKind(8)?.label).toBe('赠品');
    expect(lineKind(9)?.label).toBe('换购');
    expect(lineKind(3)?.label).toBe('组合');
    expect(lineKind(0)).toBeNull();
  });

  it('shows only the discounts a line received', () => {
    expect(lineDiscounts({ welfare_amount: '12.36', manjian_amount: '9.09', coupon_amount: '0.00', red_packet_amount: '0.00' }).map((d) => d.label)).toEqual([
      '94折',
      '满减',
    ]);
  });

  it('shows the amounts as the server gives them, discounts as minus, only those the order received', () => {
    const rows = amountRows({
      goods_amount: '1077.00',
      welfare_amount: '12.36',
      manjian_amount: '50.00',
      coupon_amount: '0.00',
      red_packet_amount: '0.00',
      shipping_amount: '0.00',
      pay_amount: '1014.64',
      cashback_amount: '30.00',
    });
    expect(rows.map((r) => `${r.label} ${r.value}`)).toEqual(['商品金额 ¥1,077.00', '94折优惠 -¥12.36', '满减优惠 -¥50.00', '运费 免运费']);
    const charged = amountRows({
      goods_amount: '100.00',
      welfare_amount: '0.00',
      manjian_amount: '0.00',
      coupon_amount: '5.00',
      red_packet_amount: '0.00',
      shipping_amount: '10.00',
      pay_amount: '105.00',
      cashback_amount: '0.00',
    });
    expect(charged.map((r) => `${r.label} ${r.value}`)).toEqual(['商品金额 ¥100.00', '优惠券 -¥5.00', '运费 +¥10.00']);
  });

  it('calls a credit bill overdue after its due date', () => {
    expect(creditBillState({ status: 0, due_date: '2026-12-23' }, '2026-12-01').text).toBe('待还款');
    expect(creditBillState({ status: 0, due_date: '2026-12-23' }, '2026-12-24').text).toBe('已逾期');
    expect(creditBillState({ status: 1, due_date: '2026-12-23' }, '2026-12-24').text).toBe('已还款');
  });

  it('writes times in China time', () => {
    expect(formatTime(0)).toBe('');
    expect(formatTime(1_700_000_000)).toBe('2023-11-15 06:13:20');
  });
});

describe('returns and after-sales', () => {
  const items = [
    { id: 1, number: 20, returned_number: 2, pay_amount: '112.00' },
    { id: 2, number: 10, returned_number: 0, pay_amount: '100.00' },
  ];

  it('leaves out units already returned or asked for by an open return', () => {
    const left = returnableNumbers(items, [
      { kind: 'return', status: 0, lines: [{ item_id: 1, number: 5 }] },
      { kind: 'return', status: 2, lines: [{ item_id: 1, number: 10 }] },
      { kind: 'after_sale', status: 0, lines: [{ item_id: 2, number: 10 }] },
    ]);
    expect(left.get(1)).toBe(13);
    expect(left.get(2)).toBe(10);
  });

  it('previews the refund as the lines’ share of what was paid, rounded down to the fen', () => {
    expect(refundPreview(items, [{ item_id: 1, number: 1 }])).toBe('¥5.60');
    expect(refundPreview([{ id: 3, number: 3, pay_amount: '10.00' }], [{ item_id: 3, number: 1 }])).toBe('¥3.33');
  });

  it('steps a request from 提交申请 through 平台审核, or ends it at 已拒绝', () => {
    expect(afterSaleSteps(0, 'return').map((s) => s.status)).toEqual(['finish', 'process', 'wait', 'wait']);
    expect(afterSaleSteps(3, 'return').at(-1)).toMatchObject({ title: '退款完成', status: 'finish' });
    expect(afterSaleSteps(2, 'after_sale').at(-1)).toMatchObject({ title: '已拒绝', status: 'error' });
  });

  it('joins the chosen reason and what the buyer wrote', () => {
    expect(composeReason('质量问题', '  批号 2401 有破损 ')).toBe('质量问题：批号 2401 有破损');
    expect(composeReason('重复下单', '')).toBe('重复下单');
  });
});
