/**
 * The wallet's side of the console: money given back to a buyer (refunds of orders and returns), the credit
 * line and credit days an operator sets, and adjustments of balance, red packet and points with a reason.
 * Every change is a ledger row (`move`) in the caller's transaction; balances never go below zero.
 */
import crypto from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { fenToYuan, yuanToFen } from '../../../core/money.js';
import type { AdminWallet, creditBody, walletAdjustBody } from '../../../core/schemas/admin-users.js';
import { CreditBillStatus } from '../../../core/status.js';
import type { Conn, Db, Tx } from '../../db/client.js';
import { creditBills, ledger, wallets } from '../../db/schema/wallet.js';
import { notFound, refuse } from '../../http/envelope.js';
import { userBriefs, pointsOf, forgetUserSessions } from '../accounts/index.js';
import { audited } from '../operators/index.js';
import { intSetting, siteSettings } from '../settings/index.js';
import { CREDIT_DAYS } from './credit.js';
import { lockWallet, move } from './ledger.js';
import { walletOf } from './service.js';

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
  await move(tx, {
    userId: a.userId,
    instrument: a.instrument,
    amount: a.amount,
    kind: 'adjust',
    refType: 'adjustment',
    refId: crypto.randomInt(1, 2 ** 31 - 1),
    memo: a.memo,
  });
  const [w] = await tx.select().from(wallets).where(eq(wallets.userId, a.userId));
  return w;
}

/** `GET /api/admin/users/{id}/wallet`: the account's money, points, credit line and its latest ledger rows. */
export async function adminWallet(db: Db, userId: number): Promise<AdminWallet> {
  await accountOr404(db, userId);
  const [w, points, site, rows] = await Promise.all([
    walletOf(db, userId),
    pointsOf(db, userId),
    siteSettings(db),
    db.select().from(ledger).where(eq(ledger.userId, userId)).orderBy(desc(ledger.id)).limit(ADMIN_LEDGER_ROWS),
  ]);
  const shown = (instrument: string, v: number) => (instrument === 'points' ? String(v) : fenToYuan(v));
  return {
    balance: fenToYuan(w.balance),
    red_packet: fenToYuan(w.redPacket),
    points,
    credit_limit: fenToYuan(w.creditLimit),
    credit_used: fenToYuan(w.creditUsed),
    credit_days: w.creditDays,
    site_credit_days: intSetting(site, 'credit_days', CREDIT_DAYS),
    ledger: rows.map((r) => ({
      id: r.id,
      instrument: r.instrument,
      amount: shown(r.instrument, r.amount),
      balance_after: shown(r.instrument, r.balanceAfter),
      kind: r.kind,
      memo: r.memo,
      created_at: Math.floor(r.createdAt.getTime() / 1000),
    })),
  };
}

const ADMIN_LEDGER_ROWS = 30;
const INSTRUMENT_TEXT = { balance: '余额', red_packet: '红包', points: '积分' } as const;

async function accountOr404(conn: Conn, userId: number) {
  if (!(await userBriefs(conn, [userId])).has(userId)) throw notFound('客户不存在');
}

/** `POST /api/admin/users/{id}/wallet/adjust`: balance, red packet or points up or down with a reason, never below zero. */
export async function adjustWallet(db: Db, req: FastifyRequest, userId: number, body: z.infer<typeof walletAdjustBody>) {
  const amount = body.instrument === 'points' ? Number(body.amount) : yuanToFen(body.amount);
  await audited(
    db,
    req,
    { permission: 'wallet:adjust', stale: 'nothing', action: 'wallet.adjust', targetType: 'user', targetId: userId },
    async (tx, operator) => {
      await accountOr404(tx, userId);
      const before = await lockWallet(tx, userId);
      const beforePoints = await pointsOf(tx, userId);
      const memo = `${operator.name}调整${INSTRUMENT_TEXT[body.instrument]}：${body.reason}`.slice(0, 120);
      const after = await adjust(tx, { userId, instrument: body.instrument, amount, memo });
      const value = (w: { balance: number; redPacket: number }, points: number) =>
        body.instrument === 'points' ? points : fenToYuan(body.instrument === 'balance' ? w.balance : w.redPacket);
      return {
        before: { [body.instrument]: value(before, beforePoints) },
        after: { [body.instrument]: value(after, await pointsOf(tx, userId)), reason: body.reason },
        result: null,
      };
    },
  );
  // The buyer's copy of the account (its points) is read afresh on the next request.
  forgetUserSessions(userId);
  return adminWallet(db, userId);
}

/** `POST /api/admin/users/{id}/credit`: the credit line (never below what is in use) and the account's own credit days. */
export async function setCredit(db: Db, req: FastifyRequest, userId: number, body: z.infer<typeof creditBody>) {
  await audited(db, req, { permission: 'credit:write', stale: 'nothing', action: 'wallet.credit', targetType: 'user', targetId: userId }, async (tx) => {
    await accountOr404(tx, userId);
    const { before } = await setCreditLine(tx, userId, yuanToFen(body.credit_limit));
    const [after] = await tx.update(wallets).set({ creditDays: body.credit_days }).where(eq(wallets.userId, userId)).returning();
    const trail = (w: typeof after) => ({ credit_limit: fenToYuan(w.creditLimit), credit_days: w.creditDays });
    return { before: trail(before), after: trail(after), result: null };
  });
  return adminWallet(db, userId);
}
