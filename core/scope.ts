/**
 * 经营范围 (business scope): a buyer may buy only goods of the scope classes approved at licence review, and
 * goods containing ephedrine only while an operator allows it (DESIGN.md section 13). The browser uses the
 * same rule to show 超出经营范围 instead of the add button; the cart and the order refuse the goods.
 */
export const OUT_OF_SCOPE = '超出经营范围';
export const NO_EPHEDRINE_RIGHT = '未开通含麻药品采购权限';

export type BuyingRights = { scopeIds: readonly number[]; mayBuyEphedrine: boolean };
export type ScopedGoods = { scopeId: number | null; isEphedrine: boolean };

/** Why these rights may not buy these goods, or null when they may. Goods without a scope class are open to all. */
export function scopeBlock(rights: BuyingRights, goods: ScopedGoods): 'out_of_scope' | 'no_ephedrine' | null {
  if (goods.scopeId !== null && !rights.scopeIds.includes(goods.scopeId)) return 'out_of_scope';
  if (goods.isEphedrine && !rights.mayBuyEphedrine) return 'no_ephedrine';
  return null;
}

export const SCOPE_BLOCK_TEXT = { out_of_scope: OUT_OF_SCOPE, no_ephedrine: NO_EPHEDRINE_RIGHT } as const;
