/** Money an operator gives back to the buyer: where it goes, and the memo the buyer's ledger shows. */
import type { Tx } from '../../db/client.js';
import type { OperatorRow } from '../../http/auth.js';
import { refundCreditOrder, refundToBalance } from '../wallet/index.js';
import type { OrderRow } from './rows.js';

/** The ledger's memo holds at most this many characters. */
const MEMO_MAX = 120;

/** The memo of money given back: what, the operator's reason (cut to fit) and who did it, as the buyer's ledger shows it. */
export function refundMemo(what: string, reason: string, operator: OperatorRow) {
  const tail = `（经办：${operator.name}）`;
  const head = [...(reason ? `${what}：${reason}` : what)];
  return head.slice(0, MEMO_MAX - [...tail].length).join('') + tail;
}

/** Gives an order's money back where it came from: a credit bill is forgiven first; everything else goes to the balance. */
export async function giveMoneyBack(tx: Tx, o: OrderRow, amount: number, ref: { type: string; id: number }, memo: string) {
  if (amount <= 0) return;
  const refund = { userId: o.userId, amount, refType: ref.type, refId: ref.id, memo };
  if (o.payMethod === 'credit') await refundCreditOrder(tx, o.id, refund);
  else await refundToBalance(tx, refund);
}
