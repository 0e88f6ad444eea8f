/**
 * Adding to the cart: the server checks every line against the goods as they are now (approved buyer,
 * on sale, visible, buyable, whole middle packages, stock) and never keeps a price the browser sent.
 * The cart screens, pricing and checkout build on these lines.
 */
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { addToCartBody } from '../../../core/schemas/cart.js';
import type { Db } from '../../db/client.js';
import { cartItems, goods } from '../../db/schema/index.js';
import { invalid, refuse } from '../../http/envelope.js';
import type { SessionUser } from '../accounts/sessions.js';

export const NOT_APPROVED = '资质审核通过后才能采购，请前往“账户中心-资质证件”查看审核进度';

export async function addToCart(db: Db, user: SessionUser, lines: z.infer<typeof addToCartBody>['params']) {
  if (user.isPassed !== 1) throw refuse(NOT_APPROVED);
  const ids = [...new Set(lines.map((l) => l.goods_id))];
  return db.transaction(async (tx) => {
    const rows = await tx.select().from(goods).where(inArray(goods.id, ids));
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const [i, line] of lines.entries()) {
      const g = byId.get(line.goods_id);
      if (!g || !g.isOnSale || (g.isKx && !user.isSpecial)) throw refuse('商品不存在或已下架');
      if (!g.isBuy) throw refuse(`${g.name}暂不销售`);
      if (line.number % g.zbz !== 0) throw invalid(`params.${i}.number`, `${g.name}的采购数量须为中包装${g.zbz}${g.bzdw}的整数倍`);
      const type = Number(line.type ?? 0);
      const [existing] = await tx
        .select({ number: cartItems.number })
        .from(cartItems)
        .where(and(eq(cartItems.userId, user.id), eq(cartItems.goodsId, g.id), eq(cartItems.type, type)));
      const total = (existing?.number ?? 0) + line.number;
      if (total > g.number) throw refuse(g.number > 0 ? `${g.name}库存不足，最多可采购${Math.floor(g.number / g.zbz) * g.zbz}${g.bzdw}` : `${g.name}已售罄`);
      await tx
        .insert(cartItems)
        .values({ userId: user.id, goodsId: g.id, type, number: line.number })
        .onConflictDoUpdate({
          target: [cartItems.userId, cartItems.goodsId, cartItems.type],
          set: { number: sql`${cartItems.number} + ${line.number}`, isSelected: true },
        });
    }
    const [{ n }] = await tx.select({ n: count() }).from(cartItems).where(eq(cartItems.userId, user.id));
    return { cart: n };
  });
}

export async function cartTotal(db: Db, userId: number) {
  const [{ n }] = await db.select({ n: count() }).from(cartItems).where(eq(cartItems.userId, userId));
  return { total: n };
}
