/**
 * Moving money, credit, red packets and points: every change is one row of the append-only ledger with the
 * balance after it, written in the caller's transaction after the account's wallet row is locked, so two
 * payments of one account never read the same balance. Balances never go negative; credit in use never
 * passes the credit line. A movement already written for the same reference (an order paid twice) is not
 * written again: the caller learns it was done.
 */
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { ledger, wallets, type Instrument } from '../../db/schema/wallet.js';
import { refuse } from '../../http/envelope.js';
import { addPoints } from '../accounts/service.js';

export type Movement = {
  userId: number;
  instrument: Instrument;
  /** Signed fen (points for `points`): positive adds to the balance; for credit, positive uses credit. */
  amount: number;
  kind: string;
  refType?: string;
  refId?: number;
  memo?: string;
  /**
   * The reference was made in the caller's transaction (a draw's record, an order just written): no movement can
   * hold it yet, so none is looked for.
   */
  fresh?: boolean;
  /** What a refusal says when the balance would go below zero (default: 积分不足, 账户余额不足 ...). */
  short?: string;
};

/** A movement written: the balance after it (for credit, the credit in use). */
export type Moved = { after: number };

const SHORT: Record<Instrument, string> = {
  balance: '账户余额不足',
  credit: '账期额度不足',
  red_packet: '账户红包余额不足',
  points: '积分不足',
};

/** Locks the account's wallet row for the rest of the transaction, creating an empty one if needed. */
export async function lockWallet(tx: Tx, userId: number) {
  await tx.insert(wallets).values({ userId }).onConflictDoNothing();
  const [row] = await tx.select().from(wallets).where(eq(wallets.userId, userId)).for('update');
  return row;
}

/** Whether this movement was written before (same account, instrument, kind and reference). */
async function alreadyMoved(tx: Tx, m: Movement) {
  if (!m.refId) return false;
  const [row] = await tx
    .select({ id: ledger.id })
    .from(ledger)
    .where(
      and(
        eq(ledger.userId, m.userId),
        eq(ledger.instrument, m.instrument),
        eq(ledger.kind, m.kind),
        eq(ledger.refType, m.refType ?? ''),
        eq(ledger.refId, m.refId),
      ),
    );
  return Boolean(row);
}

/**
 * Applies one movement in `tx` and writes its ledger row. Answers the balance after it, or null when the same
 * movement was already written (nothing changes); refuses (code 400) when a balance would go negative. Points
 * live on the account row, whose conditional update serializes an account's points by itself: the wallet row is
 * locked for them only where an earlier movement of the same reference must be looked for first.
 */
export async function move(tx: Tx, m: Movement): Promise<Moved | null> {
  if (!Number.isSafeInteger(m.amount)) throw new TypeError(`not a whole amount: ${m.amount}`);
  const lookBack = !m.fresh && Boolean(m.refId);
  const wallet = m.instrument === 'points' && !lookBack ? null : await lockWallet(tx, m.userId);
  if (lookBack && (await alreadyMoved(tx, m))) return null;
  const short = m.short ?? SHORT[m.instrument];
  let after: number;
  switch (m.instrument) {
    case 'balance':
      after = wallet!.balance + m.amount;
      if (after < 0) throw refuse(short);
      await tx.update(wallets).set({ balance: after, updatedAt: new Date() }).where(eq(wallets.userId, m.userId));
      break;
    case 'red_packet':
      after = wallet!.redPacket + m.amount;
      if (after < 0) throw refuse(short);
      await tx.update(wallets).set({ redPacket: after, updatedAt: new Date() }).where(eq(wallets.userId, m.userId));
      break;
    case 'credit':
      after = wallet!.creditUsed + m.amount;
      if (after < 0) throw new Error('credit in use would go below zero');
      if (after > wallet!.creditLimit) throw refuse(short);
      await tx.update(wallets).set({ creditUsed: after, updatedAt: new Date() }).where(eq(wallets.userId, m.userId));
      break;
    case 'points': {
      // The points balance is a column of the account (accounts module); the ledger row is the wallet's.
      const points = await addPoints(tx, m.userId, m.amount);
      if (points === null) throw refuse(short);
      after = points;
      break;
    }
  }
  await tx.insert(ledger).values({
    userId: m.userId,
    instrument: m.instrument,
    amount: m.amount,
    balanceAfter: after,
    kind: m.kind,
    refType: m.refType ?? '',
    refId: m.refId ?? 0,
    memo: m.memo ?? '',
  });
  return { after };
}
