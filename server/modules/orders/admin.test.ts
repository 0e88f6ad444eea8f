/** The console's order calls as operators and buyers meet them: who may do what, confirming transfers, shipping and cancelling. */
import { describe, it, expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { goods, users } from '../../db/schema/index.js';
import { CONTROL_CHAR_MESSAGE } from '../../http/input-guard.js';
import { agent, dbLabel } from '../../testing.js';
import {
  t,
  demo,
  demoId,
  finance,
  warehouse,
  qa,
  ops,
  yuan,
  Operator,
  stockOf,
  wallet,
  orderRow,
  couponRow,
  placeOrder,
  pay,
  buyerOrder,
  auditOf,
  auditCount,
  messagesAbout,
  expectLedgerConsistent,
  refused,
  invalidOn,
  openOrderConsole,
} from './admin.fixture.js';

openOrderConsole();

describe(`who may use the console's order calls on ${dbLabel}`, () => {
  /** Every order call with a body it would accept, and with none. */
  const calls = (orderId: number, afterSaleId: number) =>
    [
      ['GET', `/api/admin/orders`],
      ['GET', `/api/admin/orders/${orderId}`],
      ['POST', `/api/admin/orders/${orderId}/confirm_transfer`, { bank_ref: 'ICBC20260001' }],
      ['POST', `/api/admin/orders/${orderId}/ship`, { carrier: '顺丰速运', tracking_no: 'SF1000000001' }],
      ['POST', `/api/admin/orders/${orderId}/cancel`, { reason: '客户要求' }],
      ['POST', `/api/admin/orders/${orderId}/refund`, { reason: '客户要求' }],
      ['POST', `/api/admin/orders/${orderId}/receipt`, { accept: 1 }],
      ['GET', `/api/admin/after_sales`],
      ['POST', `/api/admin/after_sales/${afterSaleId}/decide`, { decision: 'approve' }],
      ['POST', `/api/admin/after_sales/${afterSaleId}/receive`, {}],
      ['POST', `/api/admin/after_sales/${afterSaleId}/refund`, { amount: '1.00' }],
    ] as const;

  it('answers a buyer session and a guest 401 on every call, whatever the body', async () => {
    const o = await placeOrder();
    await pay(o, 'transfer');
    const guest = agent(t.app);
    for (const who of [demo, guest]) {
      for (const [method, url, body] of calls(o.id, 1)) {
        for (const sent of method === 'GET' ? [undefined] : [body, {}, { reason: 'a\u0000b' }]) {
          const res = method === 'GET' ? await who.get(url) : await who.postJson(url, sent);
          expect(res.status, `${method} ${url} ${JSON.stringify(sent)}`).toBe(401);
          expect(res.body).toEqual({ code: 10001, message: '未登录', data: null });
        }
      }
    }
    expect((await orderRow(o.id)).status).toBe(0);
    expect(await auditCount('order', o.id)).toBe(0);
  });

  it('refuses each role what it lacks with 403 无权限, before looking at the body, and changes nothing', async () => {
    const o = await placeOrder();
    await pay(o, 'transfer');
    const forbidden = async (who: Operator, url: string, body: unknown) => {
      for (const sent of [body, {}]) {
        const res = await who.post(url, sent);
        expect(res.status, `${url} ${JSON.stringify(sent)}`).toBe(403);
        expect(res.body).toEqual({ code: 403, message: '无权限', data: null });
      }
    };
    // The warehouse ships, and may neither confirm transfers nor refund.
    await forbidden(warehouse, `/api/admin/orders/${o.id}/confirm_transfer`, { bank_ref: 'ICBC20260002', amount: yuan(o.payAmount) });
    await forbidden(warehouse, `/api/admin/orders/${o.id}/refund`, { reason: '客户要求' });
    await forbidden(warehouse, `/api/admin/orders/${o.id}/cancel`, { reason: '客户要求' });
    await forbidden(warehouse, '/api/admin/after_sales/1/refund', { amount: '1.00' });
    // Finance confirms and refunds, and does not ship.
    await forbidden(finance, `/api/admin/orders/${o.id}/ship`, { carrier: '顺丰速运', tracking_no: 'SF1000000002' });
    // Quality checks receipts, and neither refunds, ships nor confirms.
    await forbidden(qa, `/api/admin/orders/${o.id}/refund`, { reason: '客户要求' });
    await forbidden(qa, '/api/admin/after_sales/1/refund', { amount: '1.00' });
    await forbidden(qa, `/api/admin/orders/${o.id}/ship`, { carrier: '顺丰速运', tracking_no: 'SF1000000003' });
    await forbidden(qa, `/api/admin/orders/${o.id}/confirm_transfer`, { bank_ref: 'ICBC20260003' });
    await forbidden(qa, '/api/admin/after_sales/1/decide', { decision: 'approve' });
    // Operations read orders, and check no receipt.
    await forbidden(ops, `/api/admin/orders/${o.id}/receipt`, { accept: 1 });
    await forbidden(ops, `/api/admin/orders/${o.id}/cancel`, { reason: '客户要求' });
    expect(await orderRow(o.id)).toMatchObject({ status: 0, payStatus: 2, bankRef: '' });
    expect(await auditCount('order', o.id)).toBe(0);
    // Each of them may read the orders.
    for (const who of [warehouse, finance, qa, ops]) {
      const res = await who.get(`/api/admin/orders/${o.id}`);
      expect(res.body.data).toMatchObject({ id: o.id, status: 0, status_text: '待确认转账', actions: { confirm_transfer: 1, ship: 0, cancel: 1, refund: 0 } });
    }
  });
});

describe(`confirming a bank transfer on ${dbLabel}`, () => {
  it('marks the order paid once for fifty confirmations at once; the buyer sees it paid', async () => {
    const o = await placeOrder();
    const bank = await pay(o, 'transfer');
    expect(bank).toMatchObject({ waiting: 1 });
    expect((await buyerOrder(o.id)).status_text).toBe('待确认转账');
    const waiting = (await finance.get('/api/admin/orders?status=transfer')).body.data.data as { id: number }[];
    expect(waiting.map((r) => r.id)).toContain(o.id);
    // Finance finds it by the buyer's company, as the bank statement names it, and not by another buyer's.
    const [buyer] = await t.db.select({ company: users.company }).from(users).where(eq(users.id, demoId));
    const [other] = await t.db.select({ company: users.company }).from(users).where(eq(users.username, 'chain'));
    const byCompany = (company: string) => finance.get(`/api/admin/orders?status=transfer&keyword=${encodeURIComponent(company.slice(0, 6))}`);
    expect((await byCompany(buyer.company)).body.data.data.map((r: { id: number }) => r.id)).toContain(o.id);
    expect((await byCompany(other.company)).body.data.data.map((r: { id: number }) => r.id)).not.toContain(o.id);

    const body = { bank_ref: 'ICBC202604010001', amount: yuan(o.payAmount) };
    const results = await Promise.all(Array.from({ length: 50 }, () => finance.post(`/api/admin/orders/${o.id}/confirm_transfer`, body)));
    for (const r of results) expect(r.body.code, r.body.message).toBe(10000);
    expect(results[0].body.data).toMatchObject({
      status: 1,
      pay_status: 1,
      pay_method: 'transfer',
      bank_ref: 'ICBC202604010001',
      actions: { confirm_transfer: 0, ship: 1, refund: 1 },
    });

    const seen = await buyerOrder(o.id);
    expect(seen).toMatchObject({ status: 1, status_text: '待发货', pay_method: 'transfer', actions: { pay: 0, cancel: 0 } });
    expect(seen.paid_at).toEqual(expect.any(Number));
    expect(seen.timeline.map((e: { text: string }) => e.text)).toContain('转账已确认，仓库正在备货');
    expect((await demo.get(`/api/pay/status/${o.id}`)).body.data).toMatchObject({ paid: 1, pay_method: 'transfer' });

    const rows = await auditOf('order.confirm_transfer', 'order', o.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      operatorName: '陈静（finance）',
      permission: 'finance:confirm',
      ip: '127.0.0.1',
      before: { status: 0, pay_status: 2, bank_ref: '' },
      after: { status: 1, pay_status: 1, bank_ref: 'ICBC202604010001' },
    });
    expect(await messagesAbout(o.orderNo, '转账已确认')).toHaveLength(1);
    // The same confirmation later changes nothing either.
    expect((await finance.post(`/api/admin/orders/${o.id}/confirm_transfer`, { bank_ref: 'ICBC202604010009' })).body.data.bank_ref).toBe('ICBC202604010001');
    expect(await auditOf('order.confirm_transfer', 'order', o.id)).toHaveLength(1);
  });

  it('answers 422 on amount when the money received is not what the order asks, and writes nothing', async () => {
    const o = await placeOrder();
    await pay(o, 'transfer');
    for (const amount of [yuan(o.payAmount - 1), yuan(o.payAmount + 100)]) {
      const res = await finance.post(`/api/admin/orders/${o.id}/confirm_transfer`, { bank_ref: 'ICBC202604010002', amount });
      invalidOn(res, 'amount', `到账金额与订单应付金额¥${yuan(o.payAmount)}不符`);
    }
    invalidOn(
      await finance.post(`/api/admin/orders/${o.id}/confirm_transfer`, { bank_ref: 'ICBC202604010002', amount: '12.345' }),
      'amount',
      '到账金额须为金额，最多两位小数',
    );
    invalidOn(await finance.post(`/api/admin/orders/${o.id}/confirm_transfer`, { amount: yuan(o.payAmount) }), 'bank_ref', '请输入银行流水号');
    invalidOn(await finance.post(`/api/admin/orders/${o.id}/confirm_transfer`, { bank_ref: 'x'.repeat(65) }), 'bank_ref', '银行流水号不能超过64个字符');
    invalidOn(await finance.post(`/api/admin/orders/${o.id}/confirm_transfer`, { bank_ref: 'ICBC\u00002026' }), 'bank_ref', CONTROL_CHAR_MESSAGE);
    expect(await orderRow(o.id)).toMatchObject({ status: 0, payStatus: 2, bankRef: '', paidAt: null });
    expect(await auditCount('order', o.id)).toBe(0);
    expect(await messagesAbout(o.orderNo, '转账已确认')).toHaveLength(0);
  });

  it('refuses (code 400) an order that is not waiting for a transfer: unpaid otherwise, paid from the balance, cancelled', async () => {
    const unchosen = await placeOrder();
    const byBalance = await placeOrder();
    await pay(byBalance, 'balance');
    const cancelled = await placeOrder();
    await pay(cancelled, 'transfer');
    await demo.post(`/api/order/${cancelled.id}/cancel`, { reason: '不要了' });
    for (const o of [unchosen, byBalance, cancelled]) {
      const before = await orderRow(o.id);
      const res = await finance.post(`/api/admin/orders/${o.id}/confirm_transfer`, { bank_ref: 'ICBC202604010003' });
      refused(res, '该订单未选择对公转账或已关闭，不能确认到账');
      expect(await orderRow(o.id)).toEqual(before);
      expect(await auditCount('order', o.id)).toBe(0);
    }
  });
});

describe(`shipping on ${dbLabel}`, () => {
  it('ships a paid order once for two clicks at once; the buyer sees 已发货 with carrier and tracking number', async () => {
    const o = await placeOrder();
    await pay(o, 'balance');
    const body = { carrier: '顺丰速运', tracking_no: 'SF1234567890' };
    const results = await Promise.all(Array.from({ length: 10 }, () => warehouse.post(`/api/admin/orders/${o.id}/ship`, body)));
    for (const r of results) expect(r.body.code, r.body.message).toBe(10000);
    expect(results[0].body.data).toMatchObject({
      status: 2,
      status_text: '已发货',
      carrier: '顺丰速运',
      tracking_no: 'SF1234567890',
      actions: { ship: 0, refund: 0 },
    });

    const seen = await buyerOrder(o.id);
    expect(seen).toMatchObject({ status: 2, status_text: '已发货', carrier: '顺丰速运', tracking_no: 'SF1234567890', actions: { receive: 1, return: 1 } });
    expect(seen.timeline.map((e: { text: string }) => e.text)).toContain('已发货：顺丰速运 运单号 SF1234567890');
    const rows = await auditOf('order.ship', 'order', o.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      operatorName: '赵磊（warehouse）',
      permission: 'order:ship',
      ip: '127.0.0.1',
      before: { status: 1, carrier: '', tracking_no: '' },
      after: { status: 2, carrier: '顺丰速运', tracking_no: 'SF1234567890' },
    });
    expect(await messagesAbout(o.orderNo, '订单已发货')).toHaveLength(1);
  });

  it("gives the warehouse each line's approval number (批准文号) for the delivery note", async () => {
    const o = await placeOrder({ units: 2 });
    const detail = (await warehouse.get(`/api/admin/orders/${o.id}`)).body.data;
    const [row] = await t.db.select({ pzwh: goods.pzwh }).from(goods).where(eq(goods.id, o.goodsId));
    expect(row.pzwh).not.toBe('');
    expect(detail.items[0]).toMatchObject({ goods_id: o.goodsId, pzwh: row.pzwh });
  });

  it('ships with one tracking number when two are sent at once, and refuses the other', async () => {
    const o = await placeOrder();
    await pay(o, 'balance');
    const [a, b] = await Promise.all([
      warehouse.post(`/api/admin/orders/${o.id}/ship`, { carrier: '中通快递', tracking_no: 'ZT2026000001' }),
      warehouse.post(`/api/admin/orders/${o.id}/ship`, { carrier: '圆通速递', tracking_no: 'YT2026000002' }),
    ]);
    expect([a.body.code, b.body.code].sort((x, y) => x - y)).toEqual([400, 10000]);
    const won = a.body.code === 10000 ? 'ZT2026000001' : 'YT2026000002';
    expect((await buyerOrder(o.id)).tracking_no).toBe(won);
    expect(await auditOf('order.ship', 'order', o.id)).toHaveLength(1);
  });

  it('refuses to ship an unpaid or a cancelled order', async () => {
    const unpaid = await placeOrder();
    refused(await warehouse.post(`/api/admin/orders/${unpaid.id}/ship`, { carrier: '顺丰速运', tracking_no: 'SF2026000001' }), '只有待发货的订单可以发货');
    await pay(unpaid, 'transfer');
    refused(await warehouse.post(`/api/admin/orders/${unpaid.id}/ship`, { carrier: '顺丰速运', tracking_no: 'SF2026000001' }), '只有待发货的订单可以发货');
    await demo.post(`/api/order/${unpaid.id}/cancel`);
    refused(await warehouse.post(`/api/admin/orders/${unpaid.id}/ship`, { carrier: '顺丰速运', tracking_no: 'SF2026000001' }), '只有待发货的订单可以发货');
    expect(await orderRow(unpaid.id)).toMatchObject({ status: 4, carrier: '', trackingNo: '', shippedAt: null });
    expect(await auditCount('order', unpaid.id)).toBe(0);
  });

  it('answers 422 with the field for an empty carrier, an over-long or odd tracking number and a NUL byte, and ships nothing', async () => {
    const o = await placeOrder();
    await pay(o, 'balance');
    const url = `/api/admin/orders/${o.id}/ship`;
    invalidOn(await warehouse.post(url, { carrier: '', tracking_no: 'SF2026000003' }), 'carrier', '请输入物流公司');
    invalidOn(await warehouse.post(url, { carrier: '   ', tracking_no: 'SF2026000003' }), 'carrier', '请输入物流公司');
    invalidOn(await warehouse.post(url, { tracking_no: 'SF2026000003' }), 'carrier', '请输入物流公司');
    invalidOn(await warehouse.post(url, { carrier: '顺丰速运', tracking_no: 'S'.repeat(41) }), 'tracking_no', '运单号不能超过40个字符');
    invalidOn(await warehouse.post(url, { carrier: '顺丰速运', tracking_no: 'SF 2026' }), 'tracking_no', '运单号为6-40位字母、数字或横线');
    invalidOn(await warehouse.post(url, { carrier: '顺丰\u0000速运', tracking_no: 'SF2026000003' }), 'carrier', CONTROL_CHAR_MESSAGE);
    invalidOn(await warehouse.post(url, { carrier: '<b>顺丰</b>', tracking_no: 'SF2026000003' }), 'carrier');
    invalidOn(await warehouse.post(url, { carrier: 'x'.repeat(33), tracking_no: 'SF2026000003' }), 'carrier', '物流公司不能超过32个字符');
    expect(await orderRow(o.id)).toMatchObject({ status: 1, carrier: '', trackingNo: '', shippedAt: null });
    expect(await auditCount('order', o.id)).toBe(0);
    expect(await messagesAbout(o.orderNo, '订单已发货')).toHaveLength(0);
  });
});

describe(`cancelling an unpaid order on ${dbLabel}`, () => {
  it('gives back the stock, coupon and red packet it took, tells the buyer why, and is audited', async () => {
    const o = await placeOrder({ yuan: 600, discounts: true, brand: '石药' });
    const stock = await stockOf(o.goodsId);
    const red = (await wallet()).redPacket;
    const res = await finance.post(`/api/admin/orders/${o.id}/cancel`, { reason: '客户电话要求取消' });
    expect(res.body.data).toMatchObject({ status: 4, status_text: '已取消', cancel_reason: '客服取消：客户电话要求取消', actions: { cancel: 0, refund: 0 } });
    expect(await stockOf(o.goodsId)).toBe(stock + o.number);
    expect((await wallet()).redPacket).toBe(red + o.redPacket);
    expect(await couponRow(o.couponId!)).toMatchObject({ status: 0, orderId: null, orderNo: '' });
    const seen = await buyerOrder(o.id);
    expect(seen).toMatchObject({ status: 4, status_text: '已取消', cancel_reason: '客服取消：客户电话要求取消' });
    expect(seen.timeline.at(-1).text).toBe('订单已取消：客服取消：客户电话要求取消');
    expect(await messagesAbout(o.orderNo, '订单已取消')).toHaveLength(1);
    const rows = await auditOf('order.cancel', 'order', o.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      permission: 'order:cancel',
      before: { status: 0, cancel_reason: '' },
      after: { status: 4, cancel_reason: '客服取消：客户电话要求取消' },
    });
    // Twice gives back nothing more.
    expect((await finance.post(`/api/admin/orders/${o.id}/cancel`, { reason: '客户电话要求取消' })).body.code).toBe(10000);
    expect(await stockOf(o.goodsId)).toBe(stock + o.number);
    expect(await auditOf('order.cancel', 'order', o.id)).toHaveLength(1);
    await expectLedgerConsistent(demoId);
  });

  it('refuses a paid order (refund it instead) and a reason that is missing or holds a NUL byte', async () => {
    const o = await placeOrder();
    invalidOn(await finance.post(`/api/admin/orders/${o.id}/cancel`, {}), 'reason', '请输入原因');
    invalidOn(await finance.post(`/api/admin/orders/${o.id}/cancel`, { reason: '客户\u0000要求' }), 'reason', CONTROL_CHAR_MESSAGE);
    invalidOn(await finance.post(`/api/admin/orders/${o.id}/cancel`, { reason: '长'.repeat(91) }), 'reason', '原因不能超过90个字符');
    expect((await orderRow(o.id)).status).toBe(0);
    await pay(o, 'balance');
    refused(await finance.post(`/api/admin/orders/${o.id}/cancel`, { reason: '客户要求' }), '只有待付款的订单可以取消；已付款的订单请退款');
    expect((await orderRow(o.id)).status).toBe(1);
    expect(await auditCount('order', o.id)).toBe(0);
  });
});

describe(`the longest reason on ${dbLabel}`, () => {
  it('keeps a cancel reason of 90 characters whole on the order the buyer sees', async () => {
    const o = await placeOrder();
    const reason = '客户要求取消'.padEnd(90, '。');
    expect((await finance.post(`/api/admin/orders/${o.id}/cancel`, { reason })).body.code).toBe(10000);
    expect((await buyerOrder(o.id)).cancel_reason).toBe(`客服取消：${reason}`);
  });
});
