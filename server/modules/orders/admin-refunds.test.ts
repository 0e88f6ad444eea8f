/** Refunding paid orders back where the money came from, and returns and after-sales, in the console. */
import { describe, it, expect, beforeAll } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { creditBills, ledger } from '../../db/schema/index.js';
import { dbLabel } from '../../testing.js';
import {
  t,
  demo,
  demoId,
  finance,
  warehouse,
  fen,
  yuan,
  stockOf,
  wallet,
  orderRow,
  couponRow,
  Placed,
  placeOrder,
  pay,
  shippedOrder,
  buyerOrder,
  auditOf,
  messagesAbout,
  expectLedgerConsistent,
  refused,
  invalidOn,
  openOrderConsole,
} from './admin.fixture.js';

openOrderConsole();

describe(`refunding a paid order on ${dbLabel}`, () => {
  it('gives a balance payment back to the balance once for two clicks at once, with the reason in the ledger, and the stock, coupon and red packet', async () => {
    const w0 = await wallet();
    const o = await placeOrder({ yuan: 600, discounts: true, brand: '石药' });
    await pay(o, 'balance');
    const stock = await stockOf(o.goodsId);
    expect((await wallet()).balance).toBe(w0.balance - o.payAmount);

    const results = await Promise.all(Array.from({ length: 2 }, () => finance.post(`/api/admin/orders/${o.id}/refund`, { reason: '缺货无法发货' })));
    for (const r of results) expect(r.body.code, r.body.message).toBe(10000);
    expect(results[0].body.data).toMatchObject({ status: 4, amounts: { refunded_amount: yuan(o.payAmount) }, refunded_at: expect.any(Number) });

    const w1 = await wallet();
    expect(w1.balance).toBe(w0.balance);
    expect(w1.redPacket).toBe(w0.redPacket);
    expect(await stockOf(o.goodsId)).toBe(stock + o.number);
    expect(await couponRow(o.couponId!)).toMatchObject({ status: 0, orderId: null });
    const back = await t.db
      .select()
      .from(ledger)
      .where(and(eq(ledger.userId, demoId), eq(ledger.instrument, 'balance'), eq(ledger.kind, 'refund'), eq(ledger.refType, 'order'), eq(ledger.refId, o.id)));
    expect(back).toHaveLength(1);
    expect(back[0].amount).toBe(o.payAmount);
    expect(back[0].memo).toContain(o.orderNo);
    expect(back[0].memo).toContain('缺货无法发货');
    expect(back[0].memo).toContain('陈静');
    const log = (await demo.get('/api/user/user_money_log')).body.data.data as { memo?: string; remark?: string }[];
    expect(JSON.stringify(log)).toContain('缺货无法发货');
    await expectLedgerConsistent(demoId);

    const seen = await buyerOrder(o.id);
    expect(seen).toMatchObject({ status: 4, status_text: '已取消', cancel_reason: '退款：缺货无法发货' });
    expect(await messagesAbout(o.orderNo, '订单已退款')).toHaveLength(1);
    const rows = await auditOf('order.refund', 'order', o.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      permission: 'order:refund',
      before: { status: 1, refunded_amount: 0 },
      after: { status: 4, refunded_amount: o.payAmount },
    });
    // A refunded order is refunded no more.
    expect((await finance.post(`/api/admin/orders/${o.id}/refund`, { reason: '再退一次' })).body.code).toBe(10000);
    expect((await wallet()).balance).toBe(w0.balance);
  });

  it('forgives the credit bill of an order paid on credit: the credit is available again', async () => {
    const credit0 = (await demo.get('/api/user/user_credit')).body.data;
    const o = await placeOrder({ yuan: 800, brand: '华北制药' });
    await pay(o, 'credit');
    const used = (await demo.get('/api/user/user_credit')).body.data;
    expect(fen(used.credit_available)).toBe(fen(credit0.credit_available) - o.payAmount);
    const balance = (await wallet()).balance;

    const res = await finance.post(`/api/admin/orders/${o.id}/refund`, { reason: '客户取消采购' });
    expect(res.body.code, res.body.message).toBe(10000);
    expect(res.body.data.credit_bill).toMatchObject({ amount: '0.00', status: 1 });
    const after = (await demo.get('/api/user/user_credit')).body.data;
    expect(after.credit_available).toBe(credit0.credit_available);
    expect(after.credit_used).toBe(credit0.credit_used);
    expect((await wallet()).balance).toBe(balance);
    const [bill] = await t.db.select().from(creditBills).where(eq(creditBills.orderId, o.id));
    expect(bill).toMatchObject({ amount: 0, status: 1 });
    expect((await buyerOrder(o.id)).credit_bill).toMatchObject({ status: 1 });
    const unpaid = (await demo.get('/api/user/user_credit_list?type=1')).body.data.data as { order_id: number }[];
    expect(unpaid.map((b) => b.order_id)).not.toContain(o.id);
    const forgiven = await t.db
      .select()
      .from(ledger)
      .where(and(eq(ledger.instrument, 'credit'), eq(ledger.kind, 'refund'), eq(ledger.refId, o.id)));
    expect(forgiven.map((r) => r.amount)).toEqual([-o.payAmount]);
    expect(forgiven[0].memo).toContain('客户取消采购');
    await expectLedgerConsistent(demoId);
  });

  it('gives an online payment and a confirmed transfer back to the balance', async () => {
    for (const method of ['online', 'transfer'] as const) {
      const o = await placeOrder({ brand: '修正' });
      await pay(o, method);
      // Paid (待发货) once finance confirms a transfer; online, once the gateway confirmed it in pay().
      const status =
        method === 'transfer'
          ? (await finance.post(`/api/admin/orders/${o.id}/confirm_transfer`, { bank_ref: 'CCB2026000001' })).body.data.status
          : (await orderRow(o.id)).status;
      expect(status, method).toBe(1);
      expect((await orderRow(o.id)).payMethod).toBe(method);
      const before = (await wallet()).balance;
      // The longest reason still fits the ledger's memo, with the operator's name kept.
      const reason = method === 'transfer' ? '药品批号不符'.padEnd(90, '，') : '药品批号不符';
      const res = await finance.post(`/api/admin/orders/${o.id}/refund`, { reason });
      expect(res.body.code, res.body.message).toBe(10000);
      expect((await wallet()).balance, method).toBe(before + o.payAmount);
      const [row] = await t.db
        .select()
        .from(ledger)
        .where(and(eq(ledger.kind, 'refund'), eq(ledger.instrument, 'balance'), eq(ledger.refType, 'order'), eq(ledger.refId, o.id)));
      expect(row.memo).toMatch(/^订单 \d+ 退款：药品批号不符.*（经办：陈静）$/);
      expect((await buyerOrder(o.id)).cancel_reason).toBe(`退款：${reason}`);
      const seen = (await demo.get('/api/user/user_money')).body.data;
      expect(fen(seen.balance)).toBe(before + o.payAmount);
      await expectLedgerConsistent(demoId);
    }
  });

  it('refuses an unpaid order (cancel it) and a shipped one (a return instead)', async () => {
    const unpaid = await placeOrder();
    refused(await finance.post(`/api/admin/orders/${unpaid.id}/refund`, { reason: '客户要求' }), '未付款的订单请直接取消');
    const shipped = await shippedOrder();
    const balance = (await wallet()).balance;
    refused(await finance.post(`/api/admin/orders/${shipped.id}/refund`, { reason: '客户要求' }), '已发货的订单请通过退货退款处理');
    expect((await wallet()).balance).toBe(balance);
    expect(await auditOf('order.refund', 'order', shipped.id)).toHaveLength(0);
    invalidOn(await finance.post(`/api/admin/orders/${shipped.id}/refund`, { reason: '' }), 'reason', '请输入原因');
  });
});

describe(`returns and after-sales on ${dbLabel}`, () => {
  let o: Placed;
  let item: { id: number; number: number; pay_amount: string };
  const returnOf = async (number: number, kind: 'return' | 'after_sale' = 'return', reason = '包装破损') => {
    const res = await demo.post(`/api/order/${o.id}/${kind}`, { lines: [{ item_id: item.id, number }], reason });
    expect(res.body.code, res.body.message).toBe(10000);
    return res.body.data as { id: number; refund_amount: string };
  };
  const request = async (id: number) => (await demo.get(`/api/order/after_sale/${id}`)).body.data;

  beforeAll(async () => {
    o = await shippedOrder({ units: 4, brand: '同仁堂' });
    item = (await buyerOrder(o.id)).items[0];
  });

  it('rejects with the reason the buyer reads, once', async () => {
    const r = await returnOf(1);
    expect((await finance.get('/api/admin/after_sales?status=0')).body.data.data.map((a: { id: number }) => a.id)).toContain(r.id);
    invalidOn(await finance.post(`/api/admin/after_sales/${r.id}/decide`, { decision: 'reject' }), 'reply', '拒绝时请填写原因');
    invalidOn(await finance.post(`/api/admin/after_sales/${r.id}/decide`, { decision: 'maybe' }), 'decision', '请选择同意或拒绝');
    expect((await request(r.id)).status).toBe(0);
    const res = await finance.post(`/api/admin/after_sales/${r.id}/decide`, { decision: 'reject', reply: '外包装完好，不符合退货条件' });
    expect(res.body.code).toBe(10000);
    expect(await request(r.id)).toMatchObject({ status: 2, status_text: '已拒绝', reply: '外包装完好，不符合退货条件' });
    expect((await buyerOrder(o.id)).after_sales.find((a: { id: number }) => a.id === r.id)).toMatchObject({ status: 2, reply: '外包装完好，不符合退货条件' });
    const [told] = await messagesAbout(o.orderNo, '退货申请未通过');
    expect(told.content).toContain('外包装完好，不符合退货条件');
    refused(await finance.post(`/api/admin/after_sales/${r.id}/decide`, { decision: 'approve' }), '该申请已处理');
    const rows = await auditOf('after_sale.reject', 'after_sale', r.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      permission: 'after_sale:decide',
      before: { status: 0, reply: '' },
      after: { status: 2, reply: '外包装完好，不符合退货条件' },
    });
  });

  it('approves, receives the goods back to be inspected, and refunds part of a return once for two clicks, never more than its lines paid', async () => {
    const r = await returnOf(2);
    const share = fen(r.refund_amount);
    expect(share).toBe(Math.floor((fen(item.pay_amount) * 2) / item.number));
    const approved = await Promise.all([1, 2].map(() => finance.post(`/api/admin/after_sales/${r.id}/decide`, { decision: 'approve' })));
    expect(approved.map((a) => a.body.code)).toEqual([10000, 10000]);
    expect(await request(r.id)).toMatchObject({ status: 1, status_text: '已同意' });
    const listed = async () => (await finance.get('/api/admin/after_sales?status=1')).body.data.data.find((a: { id: number }) => a.id === r.id);
    expect(await listed()).toMatchObject({ refund_amount: yuan(share), refundable: yuan(share) });
    expect((await messagesAbout(o.orderNo, '退货申请已同意'))[0].content).toContain('请将商品寄回');
    expect(await auditOf('after_sale.approve', 'after_sale', r.id)).toHaveLength(1);

    const balance = (await wallet()).balance;
    refused(await finance.post(`/api/admin/after_sales/${r.id}/refund`, { amount: yuan(share) }), '请先确认收到退回的商品');
    const stock = await stockOf(o.goodsId);
    const received = await Promise.all([1, 2].map(() => finance.post(`/api/admin/after_sales/${r.id}/receive`)));
    expect(received.map((a) => a.body.code)).toEqual([10000, 10000]);
    // Returned units wait for qa's inspection (退货待验): none of them is for sale yet.
    expect(await stockOf(o.goodsId)).toBe(stock);
    expect((await buyerOrder(o.id)).items[0].returned_number).toBe(2);
    const admin1 = (await finance.get(`/api/admin/orders/${o.id}`)).body.data;
    expect(admin1.after_sales.find((a: { id: number }) => a.id === r.id).received_at).toEqual(expect.any(Number));
    expect(await auditOf('after_sale.receive', 'after_sale', r.id)).toHaveLength(1);

    invalidOn(await finance.post(`/api/admin/after_sales/${r.id}/refund`, { amount: yuan(share + 1) }), 'amount', `退款金额不能超过¥${yuan(share)}`);
    invalidOn(await finance.post(`/api/admin/after_sales/${r.id}/refund`, { amount: '0' }), 'amount', '退款金额须大于0');
    invalidOn(await finance.post(`/api/admin/after_sales/${r.id}/refund`, { amount: '-1' }), 'amount', '退款金额须为金额，最多两位小数');
    invalidOn(await finance.post(`/api/admin/after_sales/${r.id}/refund`, {}), 'amount', '请输入退款金额');
    expect((await wallet()).balance).toBe(balance);

    const part = Math.floor(share / 2);
    const refunds = await Promise.all([1, 2].map(() => finance.post(`/api/admin/after_sales/${r.id}/refund`, { amount: yuan(part), reply: '按一半退款' })));
    expect(refunds.map((a) => a.body.code)).toEqual([10000, 10000]);
    expect((await wallet()).balance).toBe(balance + part);
    const rows = await t.db
      .select()
      .from(ledger)
      .where(and(eq(ledger.userId, demoId), eq(ledger.kind, 'refund'), eq(ledger.refType, 'after_sale'), eq(ledger.refId, r.id)));
    expect(rows.map((x) => x.amount)).toEqual([part]);
    expect(rows[0].memo).toContain('按一半退款');
    expect(await request(r.id)).toMatchObject({ status: 3, status_text: '已完成', refund_amount: yuan(part), reply: '按一半退款' });
    expect((await finance.get(`/api/admin/orders/${o.id}`)).body.data.after_sales.find((a: { id: number }) => a.id === r.id)).toMatchObject({
      refund_amount: yuan(part),
      refundable: '0.00',
    });
    expect((await messagesAbout(o.orderNo, '退款已到账'))[0].content).toContain(`¥${yuan(part)}`);
    const audit = await auditOf('after_sale.refund', 'after_sale', r.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      permission: 'order:refund',
      before: { status: 1, refunded: false },
      after: { status: 3, refunded: true, refund_amount: part },
    });
    // A request refunded is not refunded again with another amount.
    refused(await finance.post(`/api/admin/after_sales/${r.id}/refund`, { amount: yuan(share) }), `该申请已退款¥${yuan(part)}`);
    expect((await wallet()).balance).toBe(balance + part);
    expect((await finance.get(`/api/admin/orders/${o.id}`)).body.data.amounts.refunded_amount).toBe(yuan(part));
    await expectLedgerConsistent(demoId);
  });

  it('refunds the rest of the order through an after-sales request, and never more than was paid', async () => {
    const paidLeft = async () => {
      const d = (await finance.get(`/api/admin/orders/${o.id}`)).body.data;
      return fen(d.amounts.pay_amount) - fen(d.amounts.refunded_amount);
    };
    const rest = await paidLeft();
    expect(rest).toBeGreaterThan(0);
    const r = await returnOf(1, 'after_sale', '部分药品效期过短，协商补偿');
    expect((await finance.post(`/api/admin/after_sales/${r.id}/decide`, { decision: 'approve', reply: '同意补偿' })).body.code).toBe(10000);
    refused(await finance.post(`/api/admin/after_sales/${r.id}/receive`), '只有已同意的退货申请可以确认收货');
    // An after-sales request may give back what the order has left.
    expect((await finance.get(`/api/admin/orders/${o.id}`)).body.data.after_sales.find((a: { id: number }) => a.id === r.id)).toMatchObject({
      refund_amount: '0.00',
      refundable: yuan(rest),
    });
    const balance = (await wallet()).balance;
    invalidOn(await finance.post(`/api/admin/after_sales/${r.id}/refund`, { amount: yuan(rest + 1) }), 'amount', `退款金额不能超过¥${yuan(rest)}`);
    expect((await finance.post(`/api/admin/after_sales/${r.id}/refund`, { amount: yuan(rest) })).body.code).toBe(10000);
    expect((await wallet()).balance).toBe(balance + rest);
    expect(await paidLeft()).toBe(0);
    expect(await request(r.id)).toMatchObject({ status: 3, refund_amount: yuan(rest) });

    // Nothing is left to give: neither another after-sales request nor a return of the units still held.
    const more = await returnOf(1, 'after_sale', '再要一点补偿');
    await finance.post(`/api/admin/after_sales/${more.id}/decide`, { decision: 'approve' });
    invalidOn(await finance.post(`/api/admin/after_sales/${more.id}/refund`, { amount: '0.01' }), 'amount', '退款金额不能超过¥0.00');
    const ret = await returnOf(1);
    expect(fen(ret.refund_amount)).toBeGreaterThan(0);
    await finance.post(`/api/admin/after_sales/${ret.id}/decide`, { decision: 'approve' });
    await finance.post(`/api/admin/after_sales/${ret.id}/receive`);
    invalidOn(await finance.post(`/api/admin/after_sales/${ret.id}/refund`, { amount: ret.refund_amount }), 'amount', '退款金额不能超过¥0.00');
    expect((await wallet()).balance).toBe(balance + rest);
    const o2 = await orderRow(o.id);
    expect(o2.refundedAmount).toBe(o2.payAmount);
    await expectLedgerConsistent(demoId);
  });

  it('gives a return of an order paid on credit back to its bill first', async () => {
    const c = await placeOrder({ units: 2, brand: '华北制药' });
    await pay(c, 'credit');
    await warehouse.post(`/api/admin/orders/${c.id}/ship`, { carrier: '京东物流', tracking_no: 'JD2026000001' });
    const line = (await buyerOrder(c.id)).items[0];
    const r = (await demo.post(`/api/order/${c.id}/return`, { lines: [{ item_id: line.id, number: 1 }], reason: '发错规格' })).body.data;
    await finance.post(`/api/admin/after_sales/${r.id}/decide`, { decision: 'approve' });
    await finance.post(`/api/admin/after_sales/${r.id}/receive`);
    const used = (await wallet()).creditUsed;
    expect((await finance.post(`/api/admin/after_sales/${r.id}/refund`, { amount: r.refund_amount })).body.code).toBe(10000);
    expect((await wallet()).creditUsed).toBe(used - fen(r.refund_amount));
    expect((await buyerOrder(c.id)).credit_bill).toMatchObject({ amount: yuan(c.payAmount - fen(r.refund_amount)), status: 0 });
    await expectLedgerConsistent(demoId);
  });
});
