/**
 * Paying an order (DESIGN.md section 7): from the balance, on credit (账期, with a bill due in 30 days),
 * online through a payment gateway, or by bank transfer that waits for the operator. Each payment is one
 * transaction that locks the order, writes the ledger and marks the order paid, so paying twice - or twenty
 * times at once - charges once. The built-in gateway is a sandbox: its page plays the buyer's phone and
 * sends the notify signed with HMAC-SHA256; a forged or replayed notify changes nothing.
 */
import crypto from 'node:crypto';
import { and, desc, eq, gt } from 'drizzle-orm';
import { fenToYuan } from '../../../core/money.js';
import type { Db, Tx } from '../../db/client.js';
import { creditBills, orders, paymentNotifies, payments } from '../../db/schema/index.js';
import { AppError, notFound, refuse } from '../../http/envelope.js';
import type { SessionUser } from '../accounts/sessions.js';
import { intSetting, siteSettings } from '../content/settings.js';
import { ownOrder, TRANSFER_DAYS } from '../orders/service.js';
import { move } from '../wallet/ledger.js';
import { paymentTitle, settleWalletPayment } from '../wallet/settle.js';

const DAY_MS = 86_400_000;
/** Days an order paid on credit may stay unpaid, unless the site says otherwise. */
const CREDIT_DAYS = 30;
/** A gateway payment waits this long for the scan. */
export const ONLINE_TTL_MS = 15 * 60_000;
export const SANDBOX_PROVIDER = 'sandbox';

type Method = 'balance' | 'credit' | 'online' | 'transfer';

const paidAlready = (o: typeof orders.$inferSelect) => o.status >= 1 && o.status <= 3;

/** Marks the locked, unpaid order paid; the ledger movement has already been written in `tx`. */
async function markPaid(tx: Tx, orderId: number, method: string, now: number) {
  await tx.update(orders).set({ status: 1, payStatus: 1, payMethod: method, paidAt: new Date(now) }).where(eq(orders.id, orderId));
}

function dueDate(now: number, days: number) {
  return new Date(now + 8 * 3_600_000 + days * DAY_MS).toISOString().slice(0, 10);
}

export type PayResult =
  | { method: 'balance' | 'credit'; paid: 1; already: 0 | 1; order_id: number; next: string }
  | { method: 'online'; paid: 0; payment_id: number; trade_no: string; amount: string; qr_url: string; expires_in: number; order_id: number }
  | { method: 'transfer'; paid: 0; waiting: 1; order_id: number; bank: { bank_name: string; account_name: string; account_no: string; memo: string } };

/** `POST /api/pay/order`: idempotent per order - an order already paid answers as paid, charging nothing. */
export async function payOrder(db: Db, user: SessionUser, orderId: number, method: Method, sandbox: boolean): Promise<PayResult> {
  const site = await siteSettings(db);
  const order = await ownOrder(db, user.id, orderId);
  if (order.status === 4) throw refuse('订单已取消，请重新下单');
  if (order.isEphedrine && method !== 'transfer') throw refuse('含麻黄碱类复方制剂订单仅支持对公转账');
  const done = `/cart/step4?id=${orderId}`;
  if (paidAlready(order)) return { method: method === 'credit' ? 'credit' : 'balance', paid: 1, already: 1, order_id: orderId, next: done };
  if (order.status === 0 && order.payStatus === 2 && method !== 'transfer') throw refuse('该订单已选择对公转账，正在等待财务确认');
  const now = Date.now();

  if (method === 'balance' || method === 'credit') {
    const already = await db.transaction(async (tx) => {
      const o = await ownOrder(tx, user.id, orderId, true);
      if (paidAlready(o)) return true;
      if (o.status !== 0) throw refuse('订单已取消，请重新下单');
      if (method === 'balance') {
        await move(tx, { userId: user.id, instrument: 'balance', amount: -o.payAmount, kind: 'pay', refType: 'order', refId: o.id, memo: `支付订单 ${o.orderNo}` });
      } else {
        await move(tx, { userId: user.id, instrument: 'credit', amount: o.payAmount, kind: 'pay', refType: 'order', refId: o.id, memo: `账期支付订单 ${o.orderNo}` });
        await tx.insert(creditBills).values({ userId: user.id, orderId: o.id, amount: o.payAmount, dueDate: dueDate(now, intSetting(site, 'credit_days', CREDIT_DAYS)) });
      }
      await markPaid(tx, o.id, method, now);
      return false;
    });
    return { method, paid: 1, already: already ? 1 : 0, order_id: orderId, next: done };
  }

  if (method === 'transfer') {
    if (order.payStatus !== 2) {
      await db
        .update(orders)
        .set({ payStatus: 2, payMethod: 'transfer', expiresAt: new Date(Math.max(order.expiresAt.getTime(), now + TRANSFER_DAYS * DAY_MS)) })
        .where(and(eq(orders.id, orderId), eq(orders.status, 0)));
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
  // A waiting payment of this order is reused until it expires, so one order has one QR code at a time.
  const [waiting] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.refType, 'order'), eq(payments.refId, orderId), eq(payments.status, 0), gt(payments.createdAt, new Date(now - ONLINE_TTL_MS))))
    .orderBy(desc(payments.id))
    .limit(1);
  const payment =
    waiting && waiting.amount === order.payAmount
      ? waiting
      : (
          await db
            .insert(payments)
            .values({ refType: 'order', refId: orderId, userId: user.id, provider: SANDBOX_PROVIDER, tradeNo: `SB${order.orderNo}${crypto.randomInt(100, 999)}`, amount: order.payAmount })
            .returning()
        )[0];
  return {
    method: 'online',
    paid: 0,
    payment_id: payment.id,
    trade_no: payment.tradeNo,
    amount: fenToYuan(payment.amount),
    qr_url: `/pay/sandbox/${payment.tradeNo}`,
    expires_in: Math.max(0, Math.floor((payment.createdAt.getTime() + ONLINE_TTL_MS - now) / 1000)),
    order_id: orderId,
  };
}

/** `GET /api/pay/status/{order_id}`: what step 3 polls while the buyer scans. */
export async function payStatus(db: Db, user: SessionUser, orderId: number) {
  const o = await ownOrder(db, user.id, orderId);
  return { order_id: o.id, status: o.status, pay_status: o.payStatus, pay_method: o.payMethod, paid: paidAlready(o) ? 1 : 0, pay_amount: fenToYuan(o.payAmount) };
}

export type Notify = { notify_id: string; trade_no: string; amount: string; paid_at: string; sign: string };

/** The string a notify's signature covers: its fields in a fixed order. */
const signed = (n: Omit<Notify, 'sign'>) => `amount=${n.amount}&notify_id=${n.notify_id}&paid_at=${n.paid_at}&trade_no=${n.trade_no}`;

/** The key the gateway signs notifies with: from the configuration, else derived from the session secret. */
export function notifySecret(config: { PAY_NOTIFY_SECRET?: string; SESSION_SECRET: string }) {
  return config.PAY_NOTIFY_SECRET || crypto.createHmac('sha256', config.SESSION_SECRET).update('pay-notify').digest('hex');
}

export function signNotify(secret: string, n: Omit<Notify, 'sign'>): Notify {
  return { ...n, sign: crypto.createHmac('sha256', secret).update(signed(n)).digest('hex') };
}

function validSignature(secret: string, n: Notify) {
  const want = Buffer.from(crypto.createHmac('sha256', secret).update(signed(n)).digest('hex'));
  const got = Buffer.from(String(n.sign));
  return want.length === got.length && crypto.timingSafeEqual(want, got);
}

/**
 * `POST /api/pay/notify/{provider}`: the gateway says a payment succeeded. Checked: the signature, that this
 * notify was not taken before, the payment and its amount. The order is marked paid once; a payment that
 * arrives for an order cancelled meanwhile goes to the buyer's balance.
 */
export async function takeNotify(db: Db, secret: string, provider: string, n: Notify) {
  if (provider !== SANDBOX_PROVIDER) throw notFound('支付渠道不存在');
  if (!validSignature(secret, n)) throw new AppError(403, '签名校验失败', 403);
  return db.transaction(async (tx) => {
    const fresh = await tx.insert(paymentNotifies).values({ notifyId: n.notify_id, provider, tradeNo: n.trade_no, body: JSON.stringify(n) }).onConflictDoNothing().returning();
    if (!fresh.length) throw refuse('该通知已处理，不能重复提交');
    const [payment] = await tx.select().from(payments).where(eq(payments.tradeNo, n.trade_no)).for('update');
    if (!payment) throw notFound('支付单不存在');
    if (fenToYuan(payment.amount) !== n.amount) throw refuse('支付金额与支付单不符');
    if (payment.status === 1) return { trade_no: payment.tradeNo, paid: 1, already: 1 };
    const now = Date.now();
    await tx.update(payments).set({ status: 1, paidAt: new Date(now) }).where(eq(payments.id, payment.id));
    if (payment.refType !== 'order') {
      // A recharge or a credit repayment: the wallet settles it in this transaction.
      await settleWalletPayment(tx, payment, now);
      return { trade_no: payment.tradeNo, paid: 1, already: 0 };
    }
    const [order] = await tx.select().from(orders).where(eq(orders.id, payment.refId)).for('update');
    if (order && order.status === 0) {
      await markPaid(tx, order.id, 'online', now);
      await tx.update(payments).set({ status: 2 }).where(and(eq(payments.refType, 'order'), eq(payments.refId, order.id), eq(payments.status, 0)));
    } else if (order) {
      // Paid after the order ended: the money is the buyer's.
      await move(tx, { userId: payment.userId, instrument: 'balance', amount: payment.amount, kind: 'refund', refType: 'payment', refId: payment.id, memo: `订单 ${order.orderNo} 已关闭，在线支付款退回余额` });
    }
    return { trade_no: payment.tradeNo, paid: 1, already: 0 };
  });
}

/**
 * The sandbox gateway's page for a payment (what the QR code opens). It plays the payer's own phone, so it
 * shows and confirms only the logged-in payer's payments: nobody else can pay for them, or read them.
 */
export async function sandboxPayment(db: Db, tradeNo: string, userId: number | null) {
  const [payment] = await db.select().from(payments).where(eq(payments.tradeNo, tradeNo));
  if (!payment || userId === null || payment.userId !== userId) return null;
  if (payment.refType !== 'order') return { payment, title: (await paymentTitle(db, payment)) ?? '' };
  const [order] = await db.select().from(orders).where(eq(orders.id, payment.refId));
  return { payment, title: order ? `订单号 ${order.orderNo}` : '' };
}

/** The sandbox "scan": the gateway sends its signed notify as a real one would. */
export async function sandboxConfirm(db: Db, secret: string, tradeNo: string, userId: number) {
  const [payment] = await db.select().from(payments).where(eq(payments.tradeNo, tradeNo));
  if (!payment || payment.userId !== userId) throw notFound('支付单不存在');
  const notify = signNotify(secret, { notify_id: crypto.randomUUID(), trade_no: tradeNo, amount: fenToYuan(payment.amount), paid_at: String(Math.floor(Date.now() / 1000)) });
  return takeNotify(db, secret, SANDBOX_PROVIDER, notify);
}

