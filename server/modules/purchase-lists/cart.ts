/**
 * `POST /api/purchase_list/cart`: the lines a buyer keeps go into the cart in one add of the cart's face, those
 * that cannot are told with their row, and the goods chosen are remembered per line key. The same post twice at
 * once (a double click, a retry after a lost answer) adds once: each post first takes the buyer's turn and marks
 * its lines' choices as just posted, and a line whose same goods were posted in the last seconds is not added again.
 */
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { PurchaseListCarted, purchaseListCartBody } from '../../../core/schemas/purchase-lists.js';
import { SCOPE_BLOCK_TEXT, scopeBlock } from '../../../core/scope.js';
import type { Db, Tx } from '../../db/client.js';
import { purchaseListChoices } from '../../db/schema/purchase-lists.js';
import type { SessionUser } from '../../http/auth.js';
import { AppError } from '../../http/envelope.js';
import { addToCart, lineCountSql } from '../cart/index.js';
import { cartFacts, type CartFacts } from '../catalogue/index.js';
import { requireBuyer } from './service.js';

type CartBody = z.output<typeof purchaseListCartBody>;
type CartLine = CartBody['lines'][number];

/** The first key of this module's advisory locks; the second is the account. */
const CART_LOCK = 38_001;
/** A line posted again with the same goods within this long is the same post. */
const SAME_POST_MS = 10_000;

/** Why a line cannot go in the cart as the goods are now, or ''. */
function refusal(user: SessionUser, g: CartFacts | undefined, number: number): string {
  if (!g || !g.isOnSale || (g.isKx && !user.isSpecial)) return '商品不存在或已下架';
  if (!g.isBuy) return `${g.name}暂不销售`;
  const blocked = scopeBlock(user, g);
  if (blocked) return `${g.name}${SCOPE_BLOCK_TEXT[blocked]}，不能采购`;
  if (number % g.zbz !== 0) return `${g.name}的采购数量须为中包装${g.zbz}${g.bzdw}的整数倍`;
  if (g.number <= 0) return `${g.name}已售罄`;
  if (number > g.number) return `${g.name}库存不足，最多可采购${Math.floor(g.number / g.zbz) * g.zbz}${g.bzdw}`;
  return '';
}

/**
 * In one transaction holding the buyer's turn: the lines whose same goods were posted moments ago (not added
 * again), and each line's choice remembered, those to add marked as posted now, the refused ones as not.
 */
async function claim(tx: Tx, userId: number, toAdd: CartLine[], refused: CartLine[]): Promise<Set<CartLine>> {
  await tx.execute(sql`select pg_advisory_xact_lock(${CART_LOCK}::int, ${userId}::int)`);
  const keys = [...new Set(toAdd.map((l) => l.key))];
  const recent = keys.length
    ? await tx
        .select({ key: purchaseListChoices.lineKey, goodsId: purchaseListChoices.goodsId })
        .from(purchaseListChoices)
        .where(
          and(
            eq(purchaseListChoices.userId, userId),
            inArray(purchaseListChoices.lineKey, keys),
            gt(purchaseListChoices.updatedAt, sql`now() - make_interval(secs => ${SAME_POST_MS / 1000})`),
          ),
        )
    : [];
  const posted = new Map(recent.map((r) => [r.key, r.goodsId]));
  const already = new Set(toAdd.filter((l) => posted.get(l.key) === l.goods_id));
  await remember(tx, userId, toAdd, true);
  await remember(tx, userId, refused, false);
  return already;
}

/** Remembers each line's goods for its key; `now` marks them as just posted, else as posted long enough ago. */
async function remember(conn: Db | Tx, userId: number, lines: CartLine[], now: boolean) {
  const byKey = new Map(lines.filter((l) => l.key.trim()).map((l) => [l.key, l.goods_id]));
  if (!byKey.size) return;
  const at = now ? sql`now()` : sql`now() - make_interval(secs => ${(2 * SAME_POST_MS) / 1000})`;
  await conn
    .insert(purchaseListChoices)
    .values([...byKey].map(([lineKey, goodsId]) => ({ userId, lineKey, goodsId, updatedAt: at })))
    .onConflictDoUpdate({ target: [purchaseListChoices.userId, purchaseListChoices.lineKey], set: { goodsId: sql`excluded.goods_id`, updatedAt: at } });
}

const messageOf = (err: unknown) => {
  if (err instanceof AppError) return err.message;
  throw err;
};

/** Adds the lines that pass in one add; should the cart refuse them together (stock taken meanwhile), one by one. */
async function addLines(db: Db, user: SessionUser, lines: CartLine[]): Promise<{ refused: Map<CartLine, string>; cart: number | null }> {
  const refused = new Map<CartLine, string>();
  if (!lines.length) return { refused, cart: null };
  try {
    const { cart } = await addToCart(
      db,
      user,
      lines.map((l) => ({ goods_id: l.goods_id, number: l.number })),
    );
    return { refused, cart };
  } catch (err) {
    messageOf(err);
  }
  let cart: number | null = null;
  for (const line of lines) {
    try {
      cart = (await addToCart(db, user, [{ goods_id: line.goods_id, number: line.number }])).cart;
    } catch (err) {
      refused.set(line, messageOf(err));
    }
  }
  return { refused, cart };
}

export async function cartFromList(db: Db, user: SessionUser, body: CartBody): Promise<PurchaseListCarted> {
  requireBuyer(user);
  const facts = new Map((await cartFacts(db, [...new Set(body.lines.map((l) => l.goods_id))])).map((g) => [g.id, g]));
  const refused = new Map<CartLine, string>();
  for (const line of body.lines) {
    const why = refusal(user, facts.get(line.goods_id), line.number);
    if (why) refused.set(line, why);
  }
  const passing = body.lines.filter((l) => !refused.has(l));
  // Only goods that exist are remembered (a choice points at its goods).
  const known = [...refused.keys()].filter((l) => facts.has(l.goods_id));
  const already = await db.transaction((tx) => claim(tx, user.id, passing, known));
  const added = await addLines(
    db,
    user,
    passing.filter((l) => !already.has(l)),
  );
  for (const [line, message] of added.refused) refused.set(line, message);
  if (added.refused.size) await remember(db, user.id, [...added.refused.keys()], false);
  const cart = added.cart ?? Number(((await db.execute(sql`select ${lineCountSql(user.id)} as n`)) as unknown as { rows: { n: number }[] }).rows[0].n);
  return {
    cart,
    added: body.lines.filter((l) => !refused.has(l)).map((l) => l.row),
    refused: body.lines.filter((l) => refused.has(l)).map((l) => ({ row: l.row, message: `第${l.row}行：${refused.get(l)}` })),
  };
}
