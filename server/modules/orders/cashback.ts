/**
 * 满返 on an order: what it paid for each activity's goods and the tier reached were written when it was
 * placed; the cashback is granted as account red packet when it completes. A refund lowers what was paid for
 * the activities' goods in proportion to the refund, and the cashback follows the tiers down: before the
 * order completes the lower amount is what will be granted; after, what is no longer due is taken back from
 * the red packet balance, and what that balance cannot cover is kept from the refund.
 */
import { eq } from 'drizzle-orm';
import { fenToYuan } from '../../../core/money.js';
import { cashbackTiers } from '../../../core/pricing/cashback.js';
import { OrderStatus } from '../../../core/status.js';
import type { Tx } from '../../db/client.js';
import { orders } from '../../db/schema/orders.js';
import { sendMessage } from '../accounts/index.js';
import { lockWallet, move } from '../wallet/index.js';
import type { OrderRow } from './rows.js';

/** Grants the order's cashback in `tx` as it completes (once: the ledger row is keyed by the order). */
export async function grantCashback(tx: Tx, o: OrderRow) {
  if (o.cashbackAmount <= 0) return;
  const moved = await move(tx, {
    userId: o.userId,
    instrument: 'red_packet',
    amount: o.cashbackAmount,
    kind: 'cashback',
    refType: 'order',
    refId: o.id,
    memo: `订单 ${o.orderNo} 满返红包`,
  });
  if (moved) await sendMessage(tx, o.userId, '满返红包已到账', `您的订单 ${o.orderNo} 已完成，满返红包 ¥${fenToYuan(o.cashbackAmount)} 已存入账户红包。`);
}

/**
 * Brings the order's cashback in line with `refunded`, all that is refunded of it with the refund being made.
 * Answers what must be kept from that refund: cashback granted, no longer due, that the red packet balance
 * does not cover.
 */
export async function settleCashback(tx: Tx, o: OrderRow, refunded: number, ref: { type: string; id: number }): Promise<number> {
  if (!o.cashback.length) return 0;
  const paid = Math.max(0, o.payAmount - refunded);
  const cashback = o.cashback.map((c) => {
    const amount = o.payAmount > 0 ? Math.floor((c.amount * paid) / o.payAmount) : 0;
    return { ...c, amount, back: cashbackTiers(c.tiers, amount).back };
  });
  const due = cashback.reduce((s, c) => s + c.back, 0);
  await tx.update(orders).set({ cashback, cashbackAmount: due }).where(eq(orders.id, o.id));
  const over = o.status === OrderStatus.done ? o.cashbackAmount - due : 0;
  if (over <= 0) return 0;
  const wallet = await lockWallet(tx, o.userId);
  const taken = Math.min(over, wallet.redPacket);
  if (taken > 0)
    await move(tx, {
      userId: o.userId,
      instrument: 'red_packet',
      amount: -taken,
      kind: 'cashback_back',
      refType: ref.type,
      refId: ref.id,
      memo: `订单 ${o.orderNo} 退款，收回满返红包`,
    });
  return over - taken;
}
