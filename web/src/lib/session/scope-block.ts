/**
 * What the signed-in buyer may not buy (core/scope.ts): goods outside the 经营范围 approved at review, or
 * containing ephedrine when that right is withdrawn. Guests and buyers waiting for review see no prices and
 * no add button anyway, so nothing is blocked for them here.
 */
import { SCOPE_BLOCK_TEXT, scopeBlock } from '@core/scope';
import { isLoggedIn, useUserBase } from './get-user-base';

type ScopedGoods = { scope_id?: number | null; is_ephedrine: number };

/** The text shown instead of the add button (超出经营范围), or null when the buyer may buy the goods. */
export function useScopeBlock(goods: ScopedGoods): string | null {
  const { data: user } = useUserBase({ enabled: false });
  if (!isLoggedIn(user) || user.is_passed !== 1) return null;
  const block = scopeBlock(
    { scopeIds: user.scope_ids, mayBuyEphedrine: user.may_buy_ephedrine === 1 },
    { scopeId: goods.scope_id ?? null, isEphedrine: goods.is_ephedrine === 1 },
  );
  return block ? SCOPE_BLOCK_TEXT[block] : null;
}
