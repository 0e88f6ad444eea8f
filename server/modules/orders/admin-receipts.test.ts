/** Ephedrine receipts, missing ids, the audit trail of every order write, and the buyer's uploads opened by the operators who review them. */
import { describe, it, expect } from 'vitest';
import { and, asc, eq, like, sql } from 'drizzle-orm';
import { auditLog, operators, orders } from '../../db/schema/index.js';
import { dbLabel, loginAs } from '../../testing.js';
import {
  t,
  demo,
  finance,
  warehouse,
  qa,
  ops,
  admin,
  yuan,
  operatorLogin,
  orderRow,
  placeOrder,
  pay,
  shippedOrder,
  auditCount,
  messagesAbout,
  PNG,
  upload,
  refused,
  invalidOn,
  openOrderConsole,
} from './admin.fixture.js';

openOrderConsole();

describe(`ephedrine receipts on ${dbLabel}`, () => {
  it('lets quality ask for the receipt again with the reason, takes the new upload as waiting, and accepts it', async () => {
    const o = await placeOrder({ ephedrine: true });
    refused(await demo.post('/api/pay/order', { order_id: o.id, method: 'balance' }), '含麻黄碱类复方制剂订单仅支持对公转账');
    await pay(o, 'transfer');
    expect((await finance.post(`/api/admin/orders/${o.id}/confirm_transfer`, { bank_ref: 'ABC2026000001', amount: yuan(o.payAmount) })).body.data.status).toBe(
      1,
    );
    refused(await qa.post(`/api/admin/orders/${o.id}/receipt`, { accept: 1 }), '该订单没有待审核的签收单');
    await warehouse.post(`/api/admin/orders/${o.id}/ship`, { carrier: '医药冷链专送', tracking_no: 'YY2026000001' });

    const first = await upload(demo);
    expect((await demo.post(`/api/order/${o.id}/receipt`, { image: first })).body.data).toMatchObject({ receipt_image: first, actions: { receipt: 0 } });
    const waiting = (await qa.get(`/api/admin/orders/${o.id}`)).body.data;
    expect(waiting).toMatchObject({ is_ephedrine: 1, has_receipt: 1, receipt_image: first, receipt_status: 0, actions: { check_receipt: 1 } });
    expect((await qa.get('/api/admin/orders?ephedrine=1')).body.data.data.map((r: { id: number }) => r.id)).toContain(o.id);

    invalidOn(await qa.post(`/api/admin/orders/${o.id}/receipt`, { accept: 0 }), 'remark', '退回时请说明原因');
    invalidOn(await qa.post(`/api/admin/orders/${o.id}/receipt`, { accept: 'yes' }), 'accept', '请选择通过或退回');
    const back = await qa.post(`/api/admin/orders/${o.id}/receipt`, { accept: 0, remark: '签收单未加盖公章' });
    expect(back.body.data).toMatchObject({ receipt_status: 2, receipt_remark: '签收单未加盖公章', receipt_image: '', actions: { check_receipt: 0 } });
    const hm = (await demo.get('/api/order/hmdd')).body.data.data.find((r: { id: number }) => r.id === o.id);
    expect(hm).toMatchObject({ receipt_image: '', actions: { receipt: 1 } });
    expect((await messagesAbout(o.orderNo, '请重新上传签收单'))[0].content).toContain('签收单未加盖公章');

    // The new upload waits for the check again, and may be asked for again.
    const second = await upload(demo);
    await demo.post(`/api/order/${o.id}/receipt`, { image: second });
    expect((await qa.get(`/api/admin/orders/${o.id}`)).body.data).toMatchObject({ receipt_image: second, receipt_status: 0, actions: { check_receipt: 1 } });
    const again = await qa.post(`/api/admin/orders/${o.id}/receipt`, { accept: 0, remark: '签字不清晰' });
    expect(again.body.data).toMatchObject({ receipt_status: 2, receipt_remark: '签字不清晰', receipt_image: '' });
    expect(await messagesAbout(o.orderNo, '请重新上传签收单')).toHaveLength(2);

    const third = await upload(demo);
    await demo.post(`/api/order/${o.id}/receipt`, { image: third });
    const accepted = await Promise.all([1, 2].map(() => qa.post(`/api/admin/orders/${o.id}/receipt`, { accept: 1, remark: '已核对' })));
    expect(accepted.map((a) => a.body.code)).toEqual([10000, 10000]);
    expect(accepted[0].body.data).toMatchObject({ receipt_status: 1, receipt_image: third, actions: { check_receipt: 0 } });
    expect(await messagesAbout(o.orderNo, '签收单已审核')).toHaveLength(1);
    // An accepted receipt stays as it was checked.
    refused(await demo.post(`/api/order/${o.id}/receipt`, { image: await upload(demo) }), '签收单已审核通过');
    expect((await orderRow(o.id)).receiptImage).toBe(third);

    const trail = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'order'), eq(auditLog.targetId, String(o.id)), like(auditLog.action, 'order.receipt%')))
      .orderBy(asc(auditLog.id));
    expect(trail.map((r) => r.action)).toEqual(['order.receipt_reject', 'order.receipt_reject', 'order.receipt_accept']);
    expect(trail[0]).toMatchObject({ operatorName: '王强（qa）', permission: 'receipt:check', before: { receipt_status: 0 }, after: { receipt_status: 2 } });
    expect(trail[2]).toMatchObject({ before: { receipt_status: 0 }, after: { receipt_status: 1 } });
  });

  it('refuses a receipt check of an order without goods containing ephedrine', async () => {
    const o = await shippedOrder();
    refused(await qa.post(`/api/admin/orders/${o.id}/receipt`, { accept: 1 }), '该订单没有待审核的签收单');
    refused(await demo.post(`/api/order/${o.id}/receipt`, { image: await upload(demo) }), '该订单不含麻黄碱类商品，无需回传签收单');
  });
});

describe(`missing ids and ids of another kind on ${dbLabel}`, () => {
  it('answers 404 for an order or request that does not exist, and for an order id on the request calls', async () => {
    const [{ max }] = await t.db.select({ max: sql<number>`coalesce(max(${orders.id}), 0)::int` }).from(orders);
    const missing = Number(max) + 1000;
    const orderCalls: [string, unknown][] = [
      [`/api/admin/orders/${missing}/confirm_transfer`, { bank_ref: 'ICBC2026' }],
      [`/api/admin/orders/${missing}/ship`, { carrier: '顺丰速运', tracking_no: 'SF2026000009' }],
      [`/api/admin/orders/${missing}/cancel`, { reason: '客户要求' }],
      [`/api/admin/orders/${missing}/refund`, { reason: '客户要求' }],
      [`/api/admin/orders/${missing}/receipt`, { accept: 1 }],
    ];
    const detail = await admin.get(`/api/admin/orders/${missing}`);
    expect(detail.status).toBe(404);
    expect(detail.body).toEqual({ code: 404, message: '订单不存在', data: null });
    for (const [url, body] of orderCalls) {
      const res = await admin.post(url, body);
      expect(res.status, url).toBe(404);
      expect(res.body.message).toBe('订单不存在');
    }
    // An order is not an after-sales request: an order id past every request answers 404 there.
    const o = await placeOrder();
    const [{ top }] = await t.db.select({ top: sql<number>`coalesce(max(id), 0)::int` }).from(sql`after_sales`);
    const notRequest = Math.max(o.id, Number(top) + 1);
    for (const id of [notRequest, missing]) {
      for (const [url, body] of [
        [`/api/admin/after_sales/${id}/decide`, { decision: 'approve' }],
        [`/api/admin/after_sales/${id}/receive`, {}],
        [`/api/admin/after_sales/${id}/refund`, { amount: '1.00' }],
      ] as const) {
        const res = await admin.post(url, body);
        expect(res.status, url).toBe(404);
        expect(res.body.message).toBe('售后申请不存在');
      }
    }
    expect(await auditCount('order', missing)).toBe(0);
    expect(await auditCount('after_sale', notRequest)).toBe(0);
    // An id that is no number at all is refused as input.
    invalidOn(await admin.get('/api/admin/orders/abc'), 'id', '订单ID格式不正确');
    invalidOn(await admin.post('/api/admin/after_sales/0/receive'), 'id', '售后申请ID格式不正确');
  });
});

describe(`the audit trail on ${dbLabel}`, () => {
  it('shows an order’s every console write with operator, permission, before and after, and address', async () => {
    const o = await placeOrder();
    await pay(o, 'transfer');
    await finance.post(`/api/admin/orders/${o.id}/confirm_transfer`, { bank_ref: 'BOC2026000001' });
    await warehouse.post(`/api/admin/orders/${o.id}/ship`, { carrier: '德邦快递', tracking_no: 'DB2026000001' });
    const log = (await admin.get(`/api/admin/audit?target=order:${o.id}`)).body.data.data as {
      action: string;
      operator_name: string;
      permission: string;
      before: Record<string, unknown>;
      after: Record<string, unknown>;
      ip: string;
    }[];
    expect(log.map((e) => e.action)).toEqual(['order.ship', 'order.confirm_transfer']);
    expect(log[0]).toMatchObject({
      operator_name: '赵磊（warehouse）',
      permission: 'order:ship',
      ip: '127.0.0.1',
      before: { status: 1 },
      after: { status: 2, tracking_no: 'DB2026000001' },
    });
    expect(log[1]).toMatchObject({
      operator_name: '陈静（finance）',
      permission: 'finance:confirm',
      before: { status: 0 },
      after: { status: 1, bank_ref: 'BOC2026000001' },
    });
    // Only the fields that changed are kept.
    expect(Object.keys(log[0].after).sort()).toEqual(['carrier', 'status', 'tracking_no']);
  });
});

describe(`the buyer's uploads in the console on ${dbLabel}`, () => {
  const open = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  it('opens a buyer’s receipt or licence file to operators who read orders or customers, and to nobody else', async () => {
    const url = await upload(demo, '营业执照.png');
    expect((await open(url, demo.cookie)).statusCode).toBe(200);
    for (const who of [qa, warehouse, finance, ops]) {
      const res = await open(url, who.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(PNG)).toBe(true);
      expect(res.headers['cache-control']).toBe('private, max-age=3600');
    }
    // A guest, another buyer, and an operator who may read neither orders nor customers see nothing.
    const chain = await loginAs(t.app, 'chain');
    const [template] = await t.db.select().from(operators).where(eq(operators.username, 'ops'));
    await t.db.insert(operators).values({ username: 'content1', name: '钱多', passwordHash: template.passwordHash, roles: [] });
    const bare = await operatorLogin('content1');
    for (const cookie of ['', chain.cookie, bare.cookie, 'yct_admin=forged-token']) {
      const res = await open(url, cookie);
      expect(res.statusCode, cookie).toBe(404);
      expect(res.json()).toMatchObject({ code: 404 });
    }
    // An operator's session that is over opens nothing.
    const gone = await operatorLogin('warehouse');
    await t.app.inject({ method: 'DELETE', url: '/api/admin/logout', headers: { cookie: gone.cookie, 'x-requested-with': 'XMLHttpRequest' } });
    expect((await open(url, gone.cookie)).statusCode).toBe(404);
  });
});
