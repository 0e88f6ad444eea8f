/**
 * The wallet's side of the console: money given back to a buyer (refunds of orders and returns), the credit
 * line and credit days an operator sets, and adjustments of balance, red packet and points with a reason.
 * Every change is a ledger row (`move`) in the caller's transaction; balances never go below zero.
 */
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { CreditBillStatus } from '../../../core/status.js';
import type { Tx } from '../../db/client.js';
import { creditBills, wallets } from '../../db/schema/wallet.js';
import { refuse } from '../../http/envelope.js';
import { lockWallet, move } from './ledger.js';

export type Refund = { userId: number; amount: number; refType: string; refId: number; memo: string };

/** Gives `amount` back to the balance (an order paid from the balance, online or by transfer). */
export async function refundToBalance(tx: Tx, r: Refund) {
  if (r.amount <= 0) return;
  await move(tx, { userId: r.userId, instrument: 'balance', amount: r.amount, kind: 'refund', refType: r.refType, refId: r.refId, memo: r.memo });
}

/**
 * Gives back `amount` of an order paid on credit: what its bill still owes is forgiven first (the credit in
 * use falls, the bill shrinks, and a bill with nothing left owing is settled); what the buyer had already
 * repaid goes to the balance. Answers how much went each way.
 */
export async function refundCreditOrder(tx: Tx, orderId: number, r: Refund, now = Date.now()) {
  const [bill] = await tx.select().from(creditBills).where(eq(creditBills.orderId, orderId)).for('update');
  if (!bill) {
    await refundToBalance(tx, r);
    return { credit: 0, balance: r.amount };
  }
  const owed = bill.status === CreditBillStatus.unpaid ? bill.amount - bill.repaid : 0;
  const toCredit = Math.min(owed, r.amount);
  if (toCredit > 0) {
    await move(tx, { userId: r.userId, instrument: 'credit', amount: -toCredit, kind: 'refund', refType: r.refType, refId: r.refId, memo: r.memo });
    const amount = bill.amount - toCredit;
    const settled = amount <= bill.repaid;
    await tx
      .update(creditBills)
      .set({ amount, status: settled ? CreditBillStatus.repaid : bill.status, repaidAt: settled ? new Date(now) : bill.repaidAt })
      .where(eq(creditBills.id, bill.id));
  }
  await refundToBalance(tx, { ...r, amount: r.amount - toCredit });
  return { credit: toCredit, balance: r.amount - toCredit };
}

/** The credit line (fen) and the days an order paid on credit may stay unpaid, for one account. */
export async function setCreditLine(tx: Tx, userId: number, creditLimit: number) {
  const before = await lockWallet(tx, userId);
  if (creditLimit < before.creditUsed) throw refuse(`账期额度不能低于已使用的额度（¥${(before.creditUsed / 100).toFixed(2)}）`);
  const [after] = await tx.update(wallets).set({ creditLimit, updatedAt: new Date() }).where(eq(wallets.userId, userId)).returning();
  return { before, after };
}

/**
 * An operator's adjustment of balance, red packet or points: a ledger row of kind `adjust` with the reason
 * (each its own reference, so two equal adjustments are two rows). Refused when a balance would go negative.
 */
export async function adjust(tx: Tx, a: { userId: number; instrument: 'balance' | 'red_packet' | 'points'; amount: number; memo: string }) {
  if (a.amount === 0) throw refuse('调整金额不能为0');
  await move(tx, { userId: a.userId, instrument: a.instrument, amount: a.amount, kind: 'adjust', refType: 'adjustment', refId: crypto.randomInt(1, 2 ** 31 - 1), memo: a.memo });
  const [w] = await tx.select().from(wallets).where(eq(wallets.userId, a.userId));
  return w;
}
