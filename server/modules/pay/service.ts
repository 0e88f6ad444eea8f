/**
 * Online payment through a gateway. This module keeps the payments and the gateway's notifications; what a
 * payment pays for (an order, a recharge, a credit repayment) is another module's, which registers a
 * `PaymentKind` that settles it inside the notify's transaction (server/app.ts). The built-in gateway is a
 * sandbox: its page plays the buyer's phone and sends the notify signed with HMAC-SHA256; a forged or
 * replayed notify changes nothing, and a payment is settled once however often it is notified.
 */
import crypto from 'node:crypto';
import { and, desc, eq, gt } from 'drizzle-orm';
import { fenToYuan } from '../../../core/money.js';
import type { NotifyResult } from '../../../core/schemas/trade.js';
import { PaymentStatus } from '../../../core/status.js';
import type { Conn, Db, Tx } from '../../db/client.js';
import { paymentNotifies, payments } from '../../db/schema/pay.js';
import { AppError, notFound, refuse } from '../../http/envelope.js';

/** A gateway payment waits this long for the scan. */
const ONLINE_TTL_MS = 15 * 60_000;
const SANDBOX_PROVIDER = 'sandbox';

type Payment = typeof payments.$inferSelect;

/** What a kind of payment does once paid (in the notify's transaction), and what the gateway's page calls it. */
export type PaymentKind = {
  settle(tx: Tx, payment: Payment, now: number): Promise<void>;
  title(conn: Conn, payment: Payment): Promise<string | null>;
};

const kinds = new Map<string, PaymentKind>();

/** Registers who settles payments of `refType` (once, when the app is built). */
export function registerPaymentKind(refType: string, kind: PaymentKind) {
  kinds.set(refType, kind);
}

/**
 * A gateway payment of `refType`/`refId` for `amount`: a waiting one of the same amount is reused until it
 * expires, so one thing has one QR code at a time.
 */
export async function openPayment(conn: Conn, p: { refType: string; refId: number; userId: number; amount: number; serial: string }) {
  const now = Date.now();
  const [waiting] = await conn
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.refType, p.refType),
        eq(payments.refId, p.refId),
        eq(payments.status, PaymentStatus.waiting),
        gt(payments.createdAt, new Date(now - ONLINE_TTL_MS)),
      ),
    )
    .orderBy(desc(payments.id))
    .limit(1);
  const payment =
    waiting && waiting.amount === p.amount
      ? waiting
      : (
          await conn
            .insert(payments)
            .values({
              refType: p.refType,
              refId: p.refId,
              userId: p.userId,
              provider: SANDBOX_PROVIDER,
              tradeNo: `SB${p.serial}${crypto.randomInt(100, 999)}`,
              amount: p.amount,
            })
            .returning()
        )[0];
  return {
    payment_id: payment.id,
    trade_no: payment.tradeNo,
    amount: fenToYuan(payment.amount),
    qr_url: `/pay/sandbox/${payment.tradeNo}`,
    expires_in: Math.max(0, Math.floor((payment.createdAt.getTime() + ONLINE_TTL_MS - now) / 1000)),
  };
}

/** Closes the waiting payments of a thing paid another way (their QR codes stop working). */
export async function closeWaiting(tx: Conn, refType: string, refId: number) {
  await tx
    .update(payments)
    .set({ status: PaymentStatus.closed })
    .where(and(eq(payments.refType, refType), eq(payments.refId, refId), eq(payments.status, PaymentStatus.waiting)));
}

/** The payments of a thing, newest first (the order detail lists them). */
export function paymentsOf(conn: Conn, refType: string, refId: number) {
  return conn
    .select()
    .from(payments)
    .where(and(eq(payments.refType, refType), eq(payments.refId, refId)))
    .orderBy(desc(payments.id));
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
 * notify was not taken before, the payment and its amount. The payment is marked paid and its kind settles
 * it, in one transaction, once.
 */
export async function takeNotify(db: Db, secret: string, provider: string, n: Notify): Promise<NotifyResult> {
  if (provider !== SANDBOX_PROVIDER) throw notFound('支付渠道不存在');
  if (!validSignature(secret, n)) throw new AppError(403, '签名校验失败', 403);
  return db.transaction(async (tx) => {
    const fresh = await tx
      .insert(paymentNotifies)
      .values({ notifyId: n.notify_id, provider, tradeNo: n.trade_no, body: JSON.stringify(n) })
      .onConflictDoNothing()
      .returning();
    if (!fresh.length) throw refuse('该通知已处理，不能重复提交');
    const [payment] = await tx.select().from(payments).where(eq(payments.tradeNo, n.trade_no)).for('update');
    if (!payment) throw notFound('支付单不存在');
    if (fenToYuan(payment.amount) !== n.amount) throw refuse('支付金额与支付单不符');
    if (payment.status === PaymentStatus.paid) return { trade_no: payment.tradeNo, paid: 1, already: 1 };
    const kind = kinds.get(payment.refType);
    if (!kind) throw new Error(`no settlement for payments of ${payment.refType}`);
    const now = Date.now();
    const [paid] = await tx
      .update(payments)
      .set({ status: PaymentStatus.paid, paidAt: new Date(now) })
      .where(eq(payments.id, payment.id))
      .returning();
    await kind.settle(tx, paid, now);
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
  return { payment, title: (await kinds.get(payment.refType)?.title(db, payment)) ?? '' };
}

/** The sandbox "scan": the gateway sends its signed notify as a real one would. */
export async function sandboxConfirm(db: Db, secret: string, tradeNo: string, userId: number): Promise<NotifyResult> {
  const [payment] = await db.select().from(payments).where(eq(payments.tradeNo, tradeNo));
  if (!payment || payment.userId !== userId) throw notFound('支付单不存在');
  const notify = signNotify(secret, {
    notify_id: crypto.randomUUID(),
    trade_no: tradeNo,
    amount: fenToYuan(payment.amount),
    paid_at: String(Math.floor(Date.now() / 1000)),
  });
  return takeNotify(db, secret, SANDBOX_PROVIDER, notify);
}
