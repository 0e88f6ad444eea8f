/**
 * Moving money, credit, red packets and points: every change is one row of the append-only ledger with the
 * balance after it, written in the caller's transaction after the account's wallet row is locked, so two
 * payments of one account never read the same balance. Balances never go negative; credit in use never
 * passes the credit line. A movement already written for the same reference (an order paid twice) is not
 * written again: the caller learns it was done.
 */
import { and, eq, sql } from 'drizzle-orm';
import { MOST_HELD } from '../../../core/money.js';
import type { Tx } from '../../db/client.js';
import { ledger, wallets, type Instrument } from '../../db/schema/wallet.js';
import { refuse } from '../../http/envelope.js';
import { addPoints } from '../accounts/index.js';

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

const TOO_MUCH = '金额过大，超出账户可保存的上限';

const SHORT: Record<Instrument, string> = {
  balance: '账户余额不足',
  credit: '账期额度不足',
  red_packet: '账户红包余额不足',
  points: '积分不足',
};

const lockedRow = async (tx: Tx, userId: number) => (await tx.select().from(wallets).where(eq(wallets.userId, userId)).for('update'))[0];

/**
 * Locks the account's wallet row for the rest of the transaction, creating an empty one first if the account
 * has none yet (one statement when it has).
 */
export async function lockWallet(tx: Tx, userId: number) {
  const row = await lockedRow(tx, userId);
  if (row) return row;
  await tx.insert(wallets).values({ userId }).onConflictDoNothing();
  return lockedRow(tx, userId);
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
 * movement was already written (nothing changes); refuses (code 400) when a balance would go negative. The
 * change is a conditional update of the account's row, which locks it for the rest of the transaction: two
 * payments of one account never both spend the same balance. The wallet row is locked first only where an
 * earlier movement of the same reference must be looked for.
 */
export async function move(tx: Tx, m: Movement): Promise<Moved | null> {
  if (!Number.isSafeInteger(m.amount)) throw new TypeError(`not a whole amount: ${m.amount}`);
  if (!m.fresh && m.refId) {
    await lockWallet(tx, m.userId);
    if (await alreadyMoved(tx, m)) return null;
  }
  const { instrument } = m;
  if (instrument === 'points') return movePoints(tx, m.userId, [m]);
  const wm = { ...m, instrument };
  const moved = await moveWallet(tx, wm);
  if (moved) return moved;
  // Refused, or the account has no wallet row yet: with the row made and locked, it says which.
  const wallet = await lockWallet(tx, m.userId);
  const after = { balance: wallet.balance, red_packet: wallet.redPacket, credit: wallet.creditUsed }[instrument] + m.amount;
  if (instrument === 'credit' && after < 0) throw new Error('credit in use would go below zero');
  if (after < 0 || (instrument === 'credit' && after > wallet.creditLimit)) throw refuse(m.short ?? SHORT[instrument]);
  if (after > MOST_HELD) throw refuse(TOO_MUCH);
  const made = await moveWallet(tx, wm);
  if (!made) throw new Error(`the wallet of account ${m.userId} refused a movement its row allows`);
  return made;
}

/** The wallet's column each instrument but points is kept in. */
const COLUMN = { balance: 'balance', red_packet: 'red_packet', credit: 'credit_used' } as const;

/**
 * A movement of money, credit or a red packet and its ledger row, in one statement; null when the account has no
 * wallet row yet or the balance (or the credit line) does not allow it.
 */
async function moveWallet(tx: Tx, m: Movement & { instrument: keyof typeof COLUMN }): Promise<Moved | null> {
  const column = sql.identifier(COLUMN[m.instrument]);
  // In bigint, so that an amount past any balance is refused rather than overflowing (the ledger's amount is
  // read from the change for the same reason: a parameter cast to the column's integer would be folded, and
  // overflow, before any row is looked at).
  const after = sql`${column}::bigint + ${m.amount}::bigint`;
  const allowed = m.instrument === 'credit' ? sql`${after} between 0 and credit_limit` : sql`${after} between 0 and ${MOST_HELD}`;
  const result = (await tx.execute(sql`
    with changed as (
      update ${wallets} set ${column} = ${after}, updated_at = now()
      where user_id = ${m.userId} and ${allowed}
      returning ${column} as after, ${m.amount}::bigint as amount
    )
    insert into ${ledger} (user_id, instrument, amount, balance_after, kind, ref_type, ref_id, memo)
    select ${m.userId}::int, ${m.instrument}, amount, after, ${m.kind}, ${m.refType ?? ''}, ${m.refId ?? 0}::int, ${m.memo ?? ''} from changed
    returning balance_after`)) as unknown as { rows: { balance_after: number }[] };
  const [row] = result.rows;
  return row ? { after: row.balance_after } : null;
}

const ledgerRow = (m: Movement, balanceAfter: number) => ({
  userId: m.userId,
  instrument: m.instrument,
  amount: m.amount,
  balanceAfter,
  kind: m.kind,
  refType: m.refType ?? '',
  refId: m.refId ?? 0,
  memo: m.memo ?? '',
});

/** A points movement of `movePoints`: the account and instrument are its arguments. */
export type PointsMovement = Omit<Movement, 'userId' | 'instrument'>;

/**
 * Points movements of one account whose references are fresh (or none), applied in order as one: the account's
 * points change by their sum in one conditional update (the points are a column of the account, the accounts
 * module's), and their ledger rows, each with the balance after it, are written in one insert. Refuses when the
 * balance would go below zero after any of them, as moving them one by one would. Answers the points after the
 * last.
 */
export async function movePoints(tx: Tx, userId: number, moves: [PointsMovement, ...PointsMovement[]]): Promise<Moved> {
  for (const m of moves) if (!Number.isSafeInteger(m.amount)) throw new TypeError(`not a whole amount: ${m.amount}`);
  const net = moves.reduce((sum, m) => sum + m.amount, 0);
  const shortOf = (m?: PointsMovement) => m?.short ?? SHORT.points;
  const after = await addPoints(tx, userId, net);
  if (after === null) throw refuse(net > 0 ? TOO_MUCH : shortOf(moves.find((m) => m.amount < 0)));
  let balance = after - net;
  const rows = moves.map((m) => {
    balance += m.amount;
    if (balance < 0) throw refuse(shortOf(m));
    return ledgerRow({ ...m, userId, instrument: 'points' }, balance);
  });
  await tx.insert(ledger).values(rows);
  return { after };
}
