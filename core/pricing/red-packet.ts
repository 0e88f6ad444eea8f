/**
 * Step 6: the account red packet (账户红包). It pays up to a configured share of what the goods cost after
 * the coupon, never more than its balance, spread over the lines in proportion to what is left of them.
 */
import { checkFen, checkPercent, percentDown, spread, sum } from './arithmetic.js';
import type { Fen, RedPacketInput } from './types.js';

/** The most the red packet may pay of `left` fen: the share rounded down, not above the balance. */
function redPacketMax(input: RedPacketInput | null | undefined, left: Fen): Fen {
  if (!input) return 0;
  checkFen(input.balance, 'red packet balance');
  checkPercent(input.share_percent, 'red packet share');
  return Math.min(input.balance, percentDown(left, input.share_percent));
}

/** What the red packet pays in all and per line (`lefts`: each counted line's amount after the coupon). */
export function priceRedPacket(input: RedPacketInput | null | undefined, lefts: readonly Fen[]): { max: Fen; amount: Fen; parts: Fen[] } {
  const max = redPacketMax(input, sum(lefts));
  const amount = input?.use ? max : 0;
  return { max, amount, parts: spread(amount, lefts) };
}
