/**
 * Paying an order (DESIGN.md section 7): from the balance, on credit (账期, with a bill due after the site's
 * credit days), online through the payment gateway, or by bank transfer that waits for an operator. Each
 * payment is one transaction that locks the order, moves the money through the wallet's ledger and marks the
 * order paid, so paying twice - or twenty times at once - charges once.
 */
import { and, eq } from 'drizzle-orm';
import { fenToYuan } from '../../../core/money.js';
import type { PayResult, PayState } from '../../../core/schemas/trade.js';
import { isPaidStatus, OrderStatus, PayStatus } from '../../../core/status.js';
import type { Db, Tx } from '../../db/client.js';
import { orders } from '../../db/schema/orders.js';
import type { SessionUser } from '../../http/auth.js';
import { refuse } from '../../http/envelope.js';
import { checkPayPassword } from '../accounts/index.js';
import { closeWaiting, openPayment, type PaymentKind } from '../pay/index.js';
import { siteSettings } from '../settings/index.js';
import { chargeCredit, move } from '../wallet/index.js';
import { TRANSFER_DAYS } from './checkout.js';
import { ownOrder, type OrderRow } from './rows.js';

const DAY_MS = 86_400_000;
/** The `ref_type` of the gateway's payments of orders. */
export const ORDER_PAYMENT = 'order';

type Method = 'balance' | 'credit' | 'online' | 'transfer';

/** Who must give the payment password (the person logged in: a headquarters acting for a store), and what was given. */
export type PayAuth = { payerId: number; password: string | undefined };

const paidAlready = (o: OrderRow) => isPaidStatus(o.status);

/** Marks the locked, unpaid order paid; the money has already moved in `tx`. */
async function markPaid(tx: Tx, orderId: number, method: string, now: number) {
  await tx
    .update(orders)
    .set({ status: OrderStatus.toShip, payStatus: PayStatus.paid, payMethod: method, paidAt: new Date(now) })
    .where(eq(orders.id, orderId));
}

/**
 * `POST /api/pay/order`: idempotent per order - an order already paid answers as paid, charging nothing. The
 * balance and the credit line pay only with the payment password, checked before any money moves.
 */
export async function payOrder(db: Db, user: SessionUser, orderId: number, method: Method, auth: PayAuth, sandbox: boolean): Promise<PayResult> {
  const site = await siteSettings(db);
  const order = await ownOrder(db, user.id, orderId);
  if (order.status === OrderStatus.cancelled) throw refuse('订单已取消，请重新下单');
  if (order.isEphedrine && method !== 'transfer') throw refuse('含麻黄碱类复方制剂订单仅支持对公转账');
  const done = `/cart/step4?id=${orderId}`;
  if (paidAlready(order)) return { method: method === 'credit' ? 'credit' : 'balance', paid: 1, already: 1, order_id: orderId, next: done };
  if (order.status === OrderStatus.unpaid && order.payStatus === PayStatus.transferWaiting && method !== 'transfer') {
    throw refuse('该订单已选择对公转账，正在等待财务确认');
  }
  const now = Date.now();

  if (method === 'balance' || method === 'credit') {
    await checkPayPassword(db, auth.payerId, auth.password);
    const already = await db.transaction(async (tx) => {
      const o = await ownOrder(tx, user.id, orderId, true);
      if (paidAlready(o)) return true;
      if (o.status !== OrderStatus.unpaid) throw refuse('订单已取消，请重新下单');
      if (method === 'balance') {
        await move(tx, {
          userId: user.id,
          instrument: 'balance',
          amount: -o.payAmount,
          kind: 'pay',
          refType: 'order',
          refId: o.id,
          memo: `支付订单 ${o.orderNo}`,
        });
      } else {
        await chargeCredit(tx, { userId: user.id, orderId: o.id, orderNo: o.orderNo, amount: o.payAmount, now, site });
      }
      await markPaid(tx, o.id, method, now);
      await closeWaiting(tx, ORDER_PAYMENT, o.id);
      return false;
    });
    return { method, paid: 1, already: already ? 1 : 0, order_id: orderId, next: done };
  }

  if (method === 'transfer') {
    if (order.payStatus !== PayStatus.transferWaiting) {
      await db
        .update(orders)
        .set({
          payStatus: PayStatus.transferWaiting,
          payMethod: 'transfer',
          expiresAt: new Date(Math.max(order.expiresAt.getTime(), now + TRANSFER_DAYS * DAY_MS)),
        })
        .where(and(eq(orders.id, orderId), eq(orders.status, OrderStatus.unpaid)));
    }
    return {
      method: 'transfer',
      paid: 0,
      waiting: 1,
      order_id: orderId,
      bank: {
        bank_name: site.bank_name ?? '',
        account_name: site.bank_account_name ?? '',
        account_no: site.bank_account_no ?? '',
        memo: `请在转账备注中填写订单号 ${order.orderNo}`,
      },
    };
  }

  if (!sandbox) throw refuse('在线支付暂未开通，请选择余额、账期或对公转账');
  const online = await openPayment(db, { refType: ORDER_PAYMENT, refId: orderId, userId: user.id, amount: order.payAmount, serial: order.orderNo });
  return { method: 'online', paid: 0, ...online, order_id: orderId };
}

/** `GET /api/pay/status/{order_id}`: what step 3 polls while the buyer scans. */
export async function payStatus(db: Db, user: SessionUser, orderId: number): Promise<PayState> {
  const o = await ownOrder(db, user.id, orderId);
  return {
    order_id: o.id,
    status: o.status,
    pay_status: o.payStatus,
    pay_method: o.payMethod,
    paid: paidAlready(o) ? 1 : 0,
    pay_amount: fenToYuan(o.payAmount),
  };
}

/**
 * What the gateway's payment of an order does once paid: the order is marked paid once; a payment that arrives
 * for an order cancelled (or paid another way) meanwhile goes to the buyer's balance.
 */
export const orderPayments: PaymentKind = {
  async settle(tx, payment, now) {
    const [order] = await tx.select().from(orders).where(eq(orders.id, payment.refId)).for('update');
    if (order && order.status === OrderStatus.unpaid) {
      await markPaid(tx, order.id, 'online', now);
      await closeWaiting(tx, ORDER_PAYMENT, order.id);
    } else if (order) {
      await move(tx, {
        userId: payment.userId,
        instrument: 'balance',
        amount: payment.amount,
        kind: 'refund',
        refType: 'payment',
        refId: payment.id,
        memo: `订单 ${order.orderNo} 已关闭，在线支付款退回余额`,
      });
    }
  },
  async title(conn, payment) {
    const [order] = await conn.select({ orderNo: orders.orderNo }).from(orders).where(eq(orders.id, payment.refId));
    return order ? `订单号 ${order.orderNo}` : null;
  },
};
