/**
 * Adding lines to the cart: each checked against its goods as they are now (approved buyer with licences in date,
 * on sale, visible, buyable, whole middle packages, stock), the usual click in one statement, several lines
 * together or not at all.
 */
import { count, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { addToCartBody, CartCount } from '../../../core/schemas/cart.js';
import { SCOPE_BLOCK_TEXT, scopeBlock } from '../../../core/scope.js';
import { LineType } from '../../../core/status.js';
import type { Conn, Db, Tx } from '../../db/client.js';
import { cartItems } from '../../db/schema/cart.js';
import type { SessionUser } from '../../http/auth.js';
import { AppError, invalid, refuse } from '../../http/envelope.js';
import { cartFacts, type CartFacts, keptCartFacts, nearLots, nearRateOf, sellableUnitsSql } from '../catalogue/index.js';
import { requireLicencesValid } from '../accounts/index.js';
import { promotionContext, type PromotionContext } from '../promotions/index.js';
import { siteSettings } from '../settings/index.js';
import { mergeLines } from './merge-lines.js';
export const NOT_APPROVED = '资质审核通过后才能采购，请前往“账户中心-资质证件”查看审核进度';
/** A cart holds at most this many lines; the spec's list call asks for up to 99999. */
export const CART_MAX_LINES = 500;

export type AddLine = z.infer<typeof addToCartBody>['params'][number];

export function requireApproved(user: SessionUser) {
  if (user.isPassed !== 1) throw refuse(NOT_APPROVED);
}

type GoodsForAdd = CartFacts;

/** Refuses goods the account may not buy: hidden, off sale, not for sale, outside its business scope. */
function checkBuyable(user: SessionUser, g: GoodsForAdd | undefined): asserts g is GoodsForAdd {
  if (!g || !g.isOnSale || (g.isKx && !user.isSpecial)) throw refuse('商品不存在或已下架');
  if (!g.isBuy) throw refuse(`${g.name}暂不销售`);
  const blocked = scopeBlock(user, g);
  if (blocked) throw refuse(`${g.name}${SCOPE_BLOCK_TEXT[blocked]}，不能采购`);
}

export type CheckedLine = {
  g: GoodsForAdd;
  /** The type asked for, or 1 for a plain add of goods whose flash sale is on now. */
  type: number;
  combinationId: number | null;
  /** The most the line may hold: units of the goods' stock, or bundles that every member's stock makes up. */
  limit: number;
  /** Said when the line would pass `limit`. */
  short: () => AppError;
};

/** The goods a line reads: its own, and for a combination line every member of its bundle. */
function goodsOfLine(ctx: PromotionContext, line: AddLine): number[] {
  const bundle = line.type === '3' ? ctx.combinations.find((c) => c.id === line.combination_id) : undefined;
  return [line.goods_id, ...(bundle?.items.map((i) => i.goods_id) ?? [])];
}

/** Checks one line against its goods (not yet against what the cart holds); answers its type, bundle and limit. */
function checkLine(
  ctx: PromotionContext,
  user: SessionUser,
  line: AddLine,
  index: number,
  facts: Map<number, GoodsForAdd>,
  near: ReadonlyMap<number, number>,
): CheckedLine {
  const g = facts.get(line.goods_id);
  checkBuyable(user, g);
  const type = Number(line.type ?? 0);
  if (type === LineType.near) {
    // A near-expiry line (近效期专场) holds at most the units of the goods' near batches.
    const units = near.get(g.id) ?? 0;
    if (!units) throw refuse(`${g.name}暂无近效期商品`);
    if (line.number % g.zbz !== 0) throw invalid(`params.${index}.number`, `${g.name}的采购数量须为中包装${g.zbz}${g.bzdw}的整数倍`);
    return { g, type, combinationId: null, limit: units, short: () => nearShort(g, units) };
  }
  let combinationId: number | null = null;
  const now = Date.now();
  if (type === 1) {
    const offers = ctx.spikes.filter((o) => o.goods_id === g.id);
    if (!offers.length) throw refuse(`${g.name}今日没有秒杀场次`);
    if (!offers.some((o) => o.starts_at <= now && now < o.ends_at)) {
      throw refuse(offers.some((o) => now < o.starts_at) ? '秒杀尚未开始，请在开抢后加入购物车' : '本场秒杀已结束');
    }
  }
  if (type === 3) {
    const bundle = ctx.combinations.find((c) => c.id === line.combination_id && c.items[0]?.goods_id === g.id);
    if (!bundle) throw invalid(`params.${index}.combination_id`, '组合套餐不存在或已下架');
    combinationId = bundle.id;
    // Every member must be buyable, and a bundle is only there while each member's stock makes one up.
    let limit = Infinity;
    let shortest = g;
    for (const item of bundle.items) {
      const member = facts.get(item.goods_id);
      checkBuyable(user, member);
      const bundles = Math.floor(member.number / item.number);
      if (bundles < limit) [limit, shortest] = [bundles, member];
    }
    const short = () => refuse(limit > 0 ? `${shortest.name}库存不足，该套餐最多可采购${limit}套` : `${shortest.name}已售罄，该套餐暂不能采购`);
    return { g, type, combinationId, limit, short };
  }
  if (line.number % g.zbz !== 0) throw invalid(`params.${index}.number`, `${g.name}的采购数量须为中包装${g.zbz}${g.bzdw}的整数倍`);
  // Added from the product page or a list while its flash sale is on, the goods is a flash-sale line like one
  // added from the flash-sale floor: the same line, and told 秒杀已结束 when the session ends.
  const spikeOn = ctx.spikes.some((o) => o.goods_id === g.id && o.starts_at <= now && now < o.ends_at);
  return { g, type: spikeOn ? 1 : type, combinationId, limit: g.number, short: () => outOfStock(g) };
}

/**
 * The type the line is written with: a goods' plain and flash-sale units are one line, so an add goes to the
 * line the goods already has (its flash-sale one first), and a new line takes the type asked for. The add
 * then makes a plain line a flash-sale one when that is asked (`greatest` in the statements below).
 */
function typeOfLine(userId: number, goodsId: number, type: number) {
  if (type === 3 || type === LineType.near) return sql`${type}`;
  return sql`coalesce((
    select c.type from ${cartItems} c where c.user_id = ${userId} and c.goods_id = ${goodsId} and c.type in (0, 1) order by c.type desc limit 1
  ), ${type})`;
}

export const nearShort = (g: GoodsForAdd, units: number) =>
  refuse(units > 0 ? `${g.name}近效期库存不足，最多可采购${Math.floor(units / g.zbz) * g.zbz}${g.bzdw}` : `${g.name}近效期商品已售罄`);

/** The units of each goods' near batches, for the near-expiry lines among `lines` (none read without them). */
export async function nearUnitsOf(db: Db, lines: readonly { goods_id: number; type?: string }[]): Promise<Map<number, number>> {
  const ids = lines.filter((l) => l.type === String(LineType.near)).map((l) => l.goods_id);
  if (!ids.length) return new Map();
  const lots = await nearLots(db, ids, nearRateOf(await siteSettings(db)));
  return new Map([...lots].map(([id, l]) => [id, l.reduce((n, b) => n + b.number, 0)]));
}

const outOfStock = (g: GoodsForAdd) =>
  refuse(g.number > 0 ? `${g.name}库存不足，最多可采购${Math.floor(g.number / g.zbz) * g.zbz}${g.bzdw}` : `${g.name}已售罄`);
const cartFull = () => refuse(`购物车最多存放${CART_MAX_LINES}种商品，请先结算或清理购物车`);

/** Writes one checked line inside the transaction of a several-line add; the caller checks the line count. */
async function addLine(tx: Tx, user: SessionUser, line: AddLine, { g, type, combinationId, limit, short }: CheckedLine) {
  // One statement, so that two adds of the same goods at once (a double click, two tabs) make one line.
  const result = (await tx.execute(sql`
    insert into ${cartItems} (user_id, goods_id, type, number, combination_id, is_selected)
    values (${user.id}, ${g.id}, ${typeOfLine(user.id, g.id, type)}, ${line.number}, ${combinationId}, true)
    on conflict (user_id, goods_id, type, (coalesce(combination_id, 0)))
    do update set number = ${cartItems}.number + excluded.number, is_selected = true, type = greatest(${cartItems}.type, ${type}::int)
    returning number`)) as unknown as { rows: { number: number }[] };
  if (Number(result.rows[0].number) > limit) throw short();
}

/**
 * The add of one line, the usual click: one statement that merges the line into the cart only within the
 * stock and the line limit, and answers the number of lines, with no transaction around it. When it writes
 * nothing, a second look says which limit stopped it.
 */
async function addOneLine(db: Db, user: SessionUser, line: AddLine, checked: CheckedLine): Promise<CartCount> {
  const { limit, short } = checked;
  if (line.number > limit) throw short();
  const same = sameLine(user, checked);
  const added = await writeOneLine(db, user, line, checked, sql`${limit}`);
  if (added) return added;
  const [{ n }] = await db.select({ n: count() }).from(cartItems).where(eq(cartItems.userId, user.id));
  const [held] = await db.select({ id: cartItems.id }).from(cartItems).where(same);
  throw held ? short() : n >= CART_MAX_LINES ? cartFull() : short();
}

/** The line `checked` is merged into, as SQL. */
function sameLine(user: SessionUser, { g, type, combinationId }: CheckedLine): SQL {
  return type === 3
    ? sql`user_id = ${user.id} and goods_id = ${g.id} and type = 3 and coalesce(combination_id, 0) = ${combinationId ?? 0}`
    : type === LineType.near
      ? sql`user_id = ${user.id} and goods_id = ${g.id} and type = ${LineType.near}`
      : sql`user_id = ${user.id} and goods_id = ${g.id} and type in (0, 1)`;
}

/**
 * Merges one line into the cart within `units` (the most the line may hold, SQL) and the line limit: the new line
 * count, or null when either stopped it.
 */
async function writeOneLine(db: Db, user: SessionUser, line: AddLine, checked: CheckedLine, units: SQL): Promise<CartCount | null> {
  const { g, type, combinationId } = checked;
  const result = (await db.execute(sql`
    with held as (select count(*)::int as n from ${cartItems} where user_id = ${user.id}),
      units as (select ${units}::int as n)
    insert into ${cartItems} (user_id, goods_id, type, number, combination_id, is_selected)
    select ${user.id}, ${g.id}, ${typeOfLine(user.id, g.id, type)}, ${line.number}, ${combinationId}, true
    where ((select n from held) < ${CART_MAX_LINES} or exists (select 1 from ${cartItems} where ${sameLine(user, checked)}))
      and ${line.number} <= (select n from units)
    on conflict (user_id, goods_id, type, (coalesce(combination_id, 0)))
    do update set number = ${cartItems}.number + excluded.number, is_selected = true, type = greatest(${cartItems}.type, ${type}::int)
    where ${cartItems}.number + excluded.number <= (select n from units)
    returning (xmax = 0) as inserted, (select n from held) as held`)) as unknown as { rows: { inserted: boolean; held: number }[] };
  const [row] = result.rows;
  return row ? { cart: Number(row.held) + (row.inserted ? 1 : 0) } : null;
}

export async function lineCount(conn: Conn, userId: number) {
  const [{ n }] = await conn.select({ n: count() }).from(cartItems).where(eq(cartItems.userId, userId));
  return n;
}

const NO_NEAR_UNITS: ReadonlyMap<number, number> = new Map();

/** What `check` answers, or null when it refuses. */
function attempt<T>(check: () => T): T | null {
  try {
    return check();
  } catch (err) {
    if (err instanceof AppError) return null;
    throw err;
  }
}

export async function addToCart(db: Db, user: SessionUser, lines: AddLine[]): Promise<CartCount> {
  requireApproved(user);
  requireLicencesValid(user);
  // Read before any transaction: on PGlite a read outside it would wait for it to end.
  const ctx = await promotionContext(db);
  if (lines.length === 1) {
    const [line] = lines;
    // A plain line (the usual click) is checked against the goods as read in the last seconds, and written in one
    // statement that holds it to the goods row as it is now; anything refused is looked at again, live.
    if ((line.type ?? '0') === '0') {
      const kept = new Map((await keptCartFacts(db, [line.goods_id])).map((r) => [r.id, r]));
      const checked = attempt(() => checkLine(ctx, user, line, 0, kept, NO_NEAR_UNITS));
      const added = checked && (await writeOneLine(db, user, line, checked, sellableUnitsSql(checked.g.id)));
      if (added) return added;
    }
    const facts = new Map((await cartFacts(db, [...new Set(goodsOfLine(ctx, line))])).map((r) => [r.id, r]));
    return addOneLine(db, user, line, checkLine(ctx, user, line, 0, facts, await nearUnitsOf(db, lines)));
  }
  // Several lines go in together or not at all.
  const near = await nearUnitsOf(db, lines);
  return db.transaction((tx) => addLinesIn(tx, ctx, user, lines, near));
}

/** Adds several lines in the caller's transaction (a refused line refuses them all); answers the line count. */
export async function addLinesIn(tx: Tx, ctx: PromotionContext, user: SessionUser, lines: AddLine[], near: ReadonlyMap<number, number>): Promise<CartCount> {
  const ids = new Set(lines.flatMap((l) => goodsOfLine(ctx, l)));
  const facts = new Map((await cartFacts(tx, [...ids])).map((r) => [r.id, r]));
  const checked = lines.map((line, i) => ({ line, c: checkLine(ctx, user, line, i, facts, near) }));
  // A flash-sale line turns the goods' plain line into a flash-sale one (`addLine`): those go one by one.
  if (checked.some(({ c }) => c.type === 1)) {
    for (const { line, c } of checked) await addLine(tx, user, line, c);
    const n = await lineCount(tx, user.id);
    if (n > CART_MAX_LINES) throw cartFull();
    return { cart: n };
  }
  const n = await mergeLines(tx, user.id, checked);
  if (n > CART_MAX_LINES) throw cartFull();
  return { cart: n };
}
