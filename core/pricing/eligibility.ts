/**
 * Which cart lines count towards the order. A line that is not selected, outside the buyer's 经营范围, not for
 * sale or short of stock stays listed with its price but pays nothing (spec section 4: is_buy 0 or no stock
 * forces it unselected).
 */
import { NO_EPHEDRINE_RIGHT, OUT_OF_SCOPE } from '../scope.js';
import type { CartLineInput, ExcludedReason } from './types.js';

export const EXCLUDED_MESSAGES: Record<ExcludedReason, string> = {
  unselected: '未勾选',
  out_of_scope: OUT_OF_SCOPE,
  no_ephedrine: NO_EPHEDRINE_RIGHT,
  not_buyable: '商品暂不销售',
  sold_out: '商品已售罄',
  insufficient_stock: '库存不足',
  bundle_missing: '组合已失效',
};

/**
 * Why a line does not count, or null when it does. The reasons that force a line unselected come before
 * `unselected`, so the buyer learns why a line cannot be ticked rather than that it is not ticked.
 */
export function exclusion(line: CartLineInput): ExcludedReason | null {
  const parts =
    line.type === 3
      ? line.combination?.items.map((item) => ({ goods: item.goods, need: item.number * line.number }))
      : [{ goods: line.goods, need: line.number }];
  if (!parts || parts.length === 0) return 'bundle_missing';
  const blocked = parts.find((p) => p.goods.blocked)?.goods.blocked;
  if (blocked) return blocked;
  if (parts.some((p) => !p.goods.is_buy)) return 'not_buyable';
  if (parts.some((p) => p.goods.number <= 0)) return 'sold_out';
  if (parts.some((p) => p.goods.number < p.need)) return 'insufficient_stock';
  return line.is_selected ? null : 'unselected';
}
