/**
 * A list into the cart in one click: every line (or the chosen ones) at its kept quantity, within the stock in
 * whole middle packages. Lines that cannot be bought now (off sale, not for sale, sold out, outside the buyer's
 * business scope) are left out and named; the rest go in together through the cart, or not at all.
 */
import { SCOPE_BLOCK_TEXT, scopeBlock } from '../../../core/scope.js';
import type { GoodsListCarted } from '../../../core/schemas/goods-lists.js';
import type { Db } from '../../db/client.js';
import type { SessionUser } from '../../http/auth.js';
import { refuse } from '../../http/envelope.js';
import { addToCart } from '../cart/index.js';
import { cartFacts, type CartFacts } from '../catalogue/index.js';
import { linesOf } from './lists.js';
import { cartNumberOf } from './quantities.js';

export const NOTHING_TO_ADD = '清单中没有可加入购物车的商品';

/** Why a line cannot go in the cart now, or null. */
function whyNot(user: SessionUser, g: CartFacts | undefined, units: number): string | null {
  if (!g || !g.isOnSale || (g.isKx && !user.isSpecial)) return '已下架';
  if (!g.isBuy) return '暂不销售';
  const blocked = scopeBlock(user, g);
  if (blocked) return SCOPE_BLOCK_TEXT[blocked];
  return cartNumberOf(g, units) > 0 ? null : '已售罄';
}

/** The first few lines left out, as a buyer reads them: 阿莫西林胶囊已售罄，布洛芬缓释胶囊已下架 等3种. */
function whyText(skipped: GoodsListCarted['skipped']): string {
  const shown = skipped.slice(0, 3).map((s) => `${s.name}${s.reason}`);
  return skipped.length > shown.length ? `${shown.join('，')} 等${skipped.length}种` : shown.join('，');
}

/** POST /api/goods_list/{id}/cart. */
export async function listToCart(db: Db, user: SessionUser, id: number, goodsIds?: number[]): Promise<GoodsListCarted> {
  const { lines } = await linesOf(db, user, id, goodsIds);
  const facts = new Map(
    (
      await cartFacts(
        db,
        lines.map((l) => l.goodsId),
      )
    ).map((g) => [g.id, g]),
  );
  const skipped: GoodsListCarted['skipped'] = [];
  const adds: { goods_id: number; number: number }[] = [];
  for (const l of lines) {
    const g = facts.get(l.goodsId);
    const reason = whyNot(user, g, l.quantity);
    if (reason || !g) skipped.push({ goods_id: l.goodsId, name: g?.name ?? '', reason: reason ?? '已下架' });
    else adds.push({ goods_id: g.id, number: cartNumberOf(g, l.quantity) });
  }
  if (!adds.length) throw refuse(skipped.length ? `${NOTHING_TO_ADD}（${whyText(skipped)}）` : NOTHING_TO_ADD);
  const { cart } = await addToCart(db, user, adds.reverse());
  return { cart, added: adds.length, skipped };
}
