/**
 * What a gateway payment of the wallet does once the gateway says it is paid, inside the notify's
 * transaction (the payment kinds registered with the pay module): a recharge credits the balance and its
 * bonus; a credit repayment repays its bills, and what it paid for bills repaid another way meanwhile goes
 * to the balance. Also repaying bills from the balance, shared by the wallet's own call and the seed.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { fenToYuan } from '../../../core/money.js';
import type { Tx } from '../../db/client.js';
import { creditBills, creditRepays, recharges } from '../../db/schema/wallet.js';
import { closeWaiting, type PaymentKind } from '../pay/index.js';
import { move } from './ledger.js';

/** The `ref_type` of gateway payments of recharges and of credit repayments. */
export const RECHARGE_PAYMENT = 'recharge';
export const REPAY_PAYMENT = 'credit_repay';
type Repay = typeof creditRepays.$inferSelect;

/** Repays the locked repayment's unpaid bills on credit; answers the fen of bills already repaid before. */
export async function repayBills(tx: Tx, repay: Repay, method: 'balance' | 'online', now: number): Promise<number> {
  const bills = await tx
    .select()
    .from(creditBills)
    .where(and(inArray(creditBills.id, repay.billIds), eq(creditBills.userId, repay.userId)))
    .orderBy(creditBills.id)
    .for('update');
  let settledBefore = repay.amount;
  for (const bill of bills) {
    if (bill.status !== 0) continue;
    const owed = bill.amount - bill.repaid;
    settledBefore -= owed;
    await move(tx, {
      userId: repay.userId,
      instrument: 'credit',
      amount: -owed,
      kind: 'repay',
      refType: 'credit_bill',
      refId: bill.id,
      memo: `账期还款 ${repay.repayNo}`,
    });
    await tx
      .update(creditBills)
      .set({ repaid: bill.amount, status: 1, repaidAt: new Date(now) })
      .where(eq(creditBills.id, bill.id));
  }
  await tx
    .update(creditRepays)
    .set({ status: 1, method, paidAt: new Date(now) })
    .where(eq(creditRepays.id, repay.id));
  return Math.max(0, settledBefore);
}

/** A recharge paid through the gateway: the balance and its bonus arrive (once). */
export const rechargePayments: PaymentKind = {
  async settle(tx, payment, now) {
    const [r] = await tx.select().from(recharges).where(eq(recharges.id, payment.refId)).for('update');
    if (!r || r.status === 1) return;
    await move(tx, {
      userId: r.userId,
      instrument: 'balance',
      amount: r.amount,
      kind: 'recharge',
      refType: 'recharge',
      refId: r.id,
      memo: `在线充值 ${r.rechargeNo}`,
    });
    if (r.bonus > 0)
      await move(tx, {
        userId: r.userId,
        instrument: 'balance',
        amount: r.bonus,
        kind: 'bonus',
        refType: 'recharge',
        refId: r.id,
        memo: `充值赠送 ${r.rechargeNo}`,
      });
    await tx
      .update(recharges)
      .set({ status: 1, paidAt: new Date(now) })
      .where(eq(recharges.id, r.id));
  },
  async title(conn, payment) {
    const [r] = await conn.select().from(recharges).where(eq(recharges.id, payment.refId));
    return r ? `余额充值 充值单号 ${r.rechargeNo}${r.bonus ? `（到账另赠 ¥${fenToYuan(r.bonus)}）` : ''}` : null;
  },
};

/** A credit repayment paid through the gateway: its bills are repaid; what they no longer needed goes to the balance. */
export const repayPayments: PaymentKind = {
  async settle(tx, payment, now) {
    const [repay] = await tx.select().from(creditRepays).where(eq(creditRepays.id, payment.refId)).for('update');
    if (!repay) return;
    // Already repaid from the balance: the whole payment is the buyer's.
    const extra = repay.status === 1 ? payment.amount : await repayBills(tx, repay, 'online', now);
    if (extra > 0) {
      await move(tx, {
        userId: payment.userId,
        instrument: 'balance',
        amount: extra,
        kind: 'refund',
        refType: 'payment',
        refId: payment.id,
        memo: `还款单 ${repay.repayNo} 的账单已还清，多付款项退回余额`,
      });
    }
    await closeWaiting(tx, REPAY_PAYMENT, repay.id);
  },
  async title(conn, payment) {
    const [r] = await conn.select().from(creditRepays).where(eq(creditRepays.id, payment.refId));
    return r ? `账期还款 还款单号 ${r.repayNo}` : null;
  },
};
