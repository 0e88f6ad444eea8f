/**
 * The cart (spec section 7 "Cart"): adding lines, the priced list, quantities, selection, deleting, quick
 * add, checkout, the next hint and copying lines to a chain's stores. Every line is checked against the goods
 * as they are now (approved buyer, on sale, visible, buyable, whole middle packages, stock); the server never
 * keeps a price the browser sent. Lines of another account answer 404.
 */
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  CART_ALL,
  type addToCartBody,
  type CartCheckout,
  type CartCopy,
  type CartCount,
  type CartDeleted,
  type CartHints,
  type CartLine,
  type CartList,
  type CartTotal,
} from '../../../core/schemas/cart.js';
import { chinaToday } from '../../../core/schemas/admin-goods.js';
import { SCOPE_BLOCK_TEXT, scopeBlock } from '../../../core/scope.js';
import { LineType } from '../../../core/status.js';
import type { Conn, Db, Tx } from '../../db/client.js';
import { cartItems } from '../../db/schema/cart.js';
import { anyId, uniqueIds } from '../../db/params.js';
import type { SessionUser } from '../../http/auth.js';
import { invalid, notFound, refuse, type AppError } from '../../http/envelope.js';
import { storeOf } from '../accounts/index.js';
import { cartFacts, type CartFacts, expiriesOfGoodsJsonSql, expiriesOfJson, heldBatchNotes, nearLots, nearRateOf, viewerOfUser } from '../catalogue/index.js';
import { promotionContext, type PromotionContext } from '../promotions/index.js';
import { siteSettings } from '../settings/index.js';
import { mergeLines } from './merge-lines.js';
import { priceCartOf, priceTotalsOf, type Besides } from './pricing.js';
import { activityView, hintsView, lineExpiries, lineView, shippingView, totalsView } from './view.js';

export const NOT_APPROVED = '资质审核通过后才能采购，请前往“账户中心-资质证件”查看审核进度';
const LINE_MISSING = '购物车商品不存在';
/** A cart holds at most this many lines; the spec's list call asks for up to 99999. */
export const CART_MAX_LINES = 500;

export type AddLine = z.infer<typeof addToCartBody>['params'][number];

function requireApproved(user: SessionUser) {
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

const nearShort = (g: GoodsForAdd, units: number) =>
  refuse(units > 0 ? `${g.name}近效期库存不足，最多可采购${Math.floor(units / g.zbz) * g.zbz}${g.bzdw}` : `${g.name}近效期商品已售罄`);

/** The units of each goods' near batches, for the near-expiry lines among `lines` (none read without them). */
async function nearUnitsOf(db: Db, lines: readonly { goods_id: number; type?: string }[]): Promise<Map<number, number>> {
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
async function addOneLine(db: Db, user: SessionUser, line: AddLine, { g, type, combinationId, limit, short }: CheckedLine): Promise<CartCount> {
  if (line.number > limit) throw short();
  const same =
    type === 3
      ? sql`user_id = ${user.id} and goods_id = ${g.id} and type = 3 and coalesce(combination_id, 0) = ${combinationId ?? 0}`
      : type === LineType.near
        ? sql`user_id = ${user.id} and goods_id = ${g.id} and type = ${LineType.near}`
        : sql`user_id = ${user.id} and goods_id = ${g.id} and type in (0, 1)`;
  const result = (await db.execute(sql`
    with held as (select count(*)::int as n from ${cartItems} where user_id = ${user.id})
    insert into ${cartItems} (user_id, goods_id, type, number, combination_id, is_selected)
    select ${user.id}, ${g.id}, ${typeOfLine(user.id, g.id, type)}, ${line.number}, ${combinationId}, true
    where (select n from held) < ${CART_MAX_LINES} or exists (select 1 from ${cartItems} where ${same})
    on conflict (user_id, goods_id, type, (coalesce(combination_id, 0)))
    do update set number = ${cartItems}.number + excluded.number, is_selected = true, type = greatest(${cartItems}.type, ${type}::int)
    where ${cartItems}.number + excluded.number <= ${limit}
    returning (xmax = 0) as inserted, (select n from held) as held`)) as unknown as { rows: { inserted: boolean; held: number }[] };
  const [row] = result.rows;
  if (row) return { cart: Number(row.held) + (row.inserted ? 1 : 0) };
  const [{ n }] = await db.select({ n: count() }).from(cartItems).where(eq(cartItems.userId, user.id));
  const [held] = await db.select({ id: cartItems.id }).from(cartItems).where(same);
  throw held ? short() : n >= CART_MAX_LINES ? cartFull() : short();
}

async function lineCount(conn: Conn, userId: number) {
  const [{ n }] = await conn.select({ n: count() }).from(cartItems).where(eq(cartItems.userId, userId));
  return n;
}

export async function addToCart(db: Db, user: SessionUser, lines: AddLine[]): Promise<CartCount> {
  requireApproved(user);
  // Read before any transaction: on PGlite a read outside it would wait for it to end.
  const ctx = await promotionContext(db);
  if (lines.length === 1) {
    const facts = new Map((await cartFacts(db, [...new Set(goodsOfLine(ctx, lines[0]))])).map((r) => [r.id, r]));
    return addOneLine(db, user, lines[0], checkLine(ctx, user, lines[0], 0, facts, await nearUnitsOf(db, lines)));
  }
  // Several lines go in together or not at all.
  const near = await nearUnitsOf(db, lines);
  return db.transaction((tx) => addLinesIn(tx, ctx, user, lines, near));
}

/** Adds several lines in the caller's transaction (a refused line refuses them all); answers the line count. */
async function addLinesIn(tx: Tx, ctx: PromotionContext, user: SessionUser, lines: AddLine[], near: ReadonlyMap<number, number>): Promise<CartCount> {
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

export async function cartTotal(db: Db, userId: number): Promise<CartTotal> {
  return { total: await lineCount(db, userId) };
}

/** The priced cart; `filters` keeps the lines of one manjian activity, 0 those that cannot be bought, 99999 all. */
/** A line short of stock with the hold that took its goods off sale, in its reason. */
function withHold(line: CartLine, holds: Map<number, string>): CartLine {
  const note = line.excluded && line.excluded.reason !== 'unselected' ? holds.get(line.goods_id) : undefined;
  return note && line.excluded ? { ...line, excluded: { ...line.excluded, message: `${line.excluded.message}：${note}` } } : line;
}

/** The expiries of the account's lines' goods, read with the lines (one round trip for the list, not two). */
const withExpiries: Besides = {
  key: 'expiries',
  columns: {
    expiries: expiriesOfGoodsJsonSql(
      sql`array(select ${cartItems.goodsId} from ${cartItems} where ${cartItems.userId} = ${sql.placeholder('userId')})`,
      sql`${sql.placeholder('today')}`,
    ),
  },
};

export async function listCart(db: Db, user: SessionUser, filters = CART_ALL): Promise<CartList> {
  requireApproved(user);
  const p = await priceCartOf(db, db, user, {}, { read: withExpiries, values: { today: chinaToday() } });
  const viewer = viewerOfUser(user);
  const lines = p.priced.lines.filter((l) => l.source === 'cart');
  const invalidCount = lines.filter((l) => l.excluded && l.excluded.reason !== 'unselected').length;
  const shown =
    filters === CART_ALL
      ? lines
      : filters === 0
        ? lines.filter((l) => l.excluded && l.excluded.reason !== 'unselected')
        : lines.filter((l) => l.manjian_activity_id === filters);
  const expiries = lineExpiries(lines, expiriesOfJson(p.besides.expiries as string), p.near);
  // A line short of stock because a batch was locked (a quality hold or a recall) says so.
  const short = shown.filter((l) => l.excluded?.reason === 'sold_out' || l.excluded?.reason === 'insufficient_stock');
  const holds = short.length
    ? await heldBatchNotes(
        db,
        short.map((l) => l.goods_id),
      )
    : new Map<number, string>();
  return {
    list: shown.map((l) => withHold(lineView(l, p, viewer, expiries.get(l)), holds)),
    addons: p.priced.lines.filter((l) => l.source === 'huangou').map((l) => lineView(l, p, viewer)),
    activity_data: activityView(p.priced),
    ...shippingView(p.priced),
    next_hints: hintsView(p.priced),
    filter_data: {
      current: filters,
      filters: [
        { id: CART_ALL, name: '全部商品', count: lines.length },
        ...p.priced.activity_data.manjians.map((m) => ({ id: m.activity_id, name: m.name, count: m.line_ids.length })),
        ...(invalidCount ? [{ id: 0, name: '失效商品', count: invalidCount }] : []),
      ],
    },
    total: totalsView(p.priced),
  };
}

/** The account's line, or 404: another account's line does not exist for this one. */
async function ownLine(conn: Conn, userId: number, id: number) {
  const [line] = await conn
    .select()
    .from(cartItems)
    .where(and(eq(cartItems.id, id), eq(cartItems.userId, userId)));
  const [g] = line ? await cartFacts(conn, [line.goodsId]) : [];
  if (!line || !g) throw notFound(LINE_MISSING);
  return { line, goods: g };
}

async function ownIds(conn: Conn, userId: number, ids: number[]) {
  const unique = [...new Set(ids)];
  const rows = await conn
    .select({ id: cartItems.id })
    .from(cartItems)
    .where(and(eq(cartItems.userId, userId), inArray(cartItems.id, unique)));
  if (rows.length !== unique.length) throw notFound(LINE_MISSING);
  return unique;
}

export async function editNumber(db: Db, user: SessionUser, id: number, number: number): Promise<CartList> {
  requireApproved(user);
  const { line, goods: g } = await ownLine(db, user.id, id);
  if (line.type !== 3 && number % g.zbz !== 0) throw invalid('params.number', `${g.name}的采购数量须为中包装${g.zbz}${g.bzdw}的整数倍`);
  if (line.type === LineType.near) {
    const units = (await nearUnitsOf(db, [{ goods_id: g.id, type: String(LineType.near) }])).get(g.id) ?? 0;
    if (number > units) throw nearShort(g, units);
  } else if (line.type !== 3 && number > g.number)
    throw refuse(g.number > 0 ? `${g.name}库存不足，最多可采购${Math.floor(g.number / g.zbz) * g.zbz}${g.bzdw}` : `${g.name}已售罄`);
  await db.update(cartItems).set({ number }).where(eq(cartItems.id, id));
  return listCart(db, user);
}

export async function batchSelect(db: Db, user: SessionUser, ids: number[], selected: boolean): Promise<CartList> {
  requireApproved(user);
  const own = await ownIds(db, user.id, ids);
  await db
    .update(cartItems)
    .set({ isSelected: selected })
    .where(and(eq(cartItems.userId, user.id), inArray(cartItems.id, own)));
  return listCart(db, user);
}

export async function batchDelete(db: Db, user: SessionUser, ids: number[]): Promise<CartDeleted> {
  const own = await ownIds(db, user.id, ids);
  await db.delete(cartItems).where(and(eq(cartItems.userId, user.id), inArray(cartItems.id, own)));
  return { cart: await lineCount(db, user.id), deleted: own };
}

/** 快速加购: one middle package (or `number`) of goods the buyer bought before or keeps. */
export async function quickAdd(db: Db, user: SessionUser, goodsId: number, number?: number): Promise<CartCount> {
  const [g] = await cartFacts(db, [goodsId]);
  if (!g) throw notFound('商品不存在或已下架');
  return addToCart(db, user, [{ goods_id: goodsId, number: number ?? g.zbz }]);
}

/** 去结算: exactly these lines are chosen; at least one of them must be buyable now. */
export async function checkout(db: Db, user: SessionUser, ids: number[]): Promise<CartCheckout> {
  requireApproved(user);
  const own = uniqueIds(ids);
  // One statement: the selection changes only when every id is a line of this account, else nothing changes.
  const chosen = anyId(sql`id`, own);
  // Lines already chosen as wanted are not written again (a buyer coming back to the same selection).
  const result = (await db.execute(sql`
    with mine as (select count(*)::int as n from ${cartItems} where user_id = ${user.id} and ${chosen}),
    changed as (
      update ${cartItems} set is_selected = (${chosen})
      where user_id = ${user.id} and (select n from mine) = ${own.length} and is_selected <> (${chosen})
      returning id
    )
    select (select n from mine) as n, (select count(*) from changed) as changed`)) as unknown as { rows: { n: number }[] };
  if (Number(result.rows[0].n) !== own.length) throw notFound(LINE_MISSING);
  const p = await priceTotalsOf(db, db, user, { lineIds: own });
  const counted = p.priced.lines.filter((l) => l.counted && l.source === 'cart');
  if (!counted.length) {
    const reason = p.priced.lines.find((l) => l.excluded)?.excluded?.message;
    throw refuse(reason ? `所选商品暂时无法购买：${reason}` : '请选择要结算的商品');
  }
  return { ids: counted.flatMap((l) => (l.id === null ? [] : [l.id])), total: totalsView(p.priced) };
}

/** What to add to reach the next manjian tier, gift, add-on threshold or free shipping. */
export async function nextHint(db: Db, user: SessionUser, activityId?: number): Promise<CartHints> {
  requireApproved(user);
  const p = await priceTotalsOf(db, db, user);
  const hints = hintsView(p.priced).filter((h) => activityId === undefined || h.activity_id === activityId || h.kind === 'shipping');
  return { hints, ...shippingView(p.priced), activity_data: activityView(p.priced) };
}

/**
 * A chain headquarters copies lines to its stores' carts, all or nothing: a store that is not its own answers
 * 404, and a store that may not buy them refuses the whole copy.
 */
export async function copyToStores(db: Db, user: SessionUser, ids: number[], storeIds: number[]): Promise<CartCopy> {
  requireApproved(user);
  const own = await ownIds(db, user.id, ids);
  const ctx = await promotionContext(db);
  const near = await nearUnitsOf(
    db,
    (await db.select({ goods_id: cartItems.goodsId, type: cartItems.type }).from(cartItems).where(inArray(cartItems.id, own))).map((l) => ({
      goods_id: l.goods_id,
      type: String(l.type),
    })),
  );
  return db.transaction(async (tx) => {
    const lines = await tx.select().from(cartItems).where(inArray(cartItems.id, own));
    const copied: CartCopy['stores'] = [];
    for (const id of [...new Set(storeIds)]) {
      const store = await storeOf(tx, user.id, id);
      if (!store) throw notFound('门店不存在');
      if (store.isPassed !== 1) throw refuse(`${store.company}的资质尚未审核通过，不能为其加购`);
      const result = await addLinesIn(
        tx,
        ctx,
        store,
        lines.map((l) => ({
          goods_id: l.goodsId,
          number: l.number,
          type: String(l.type) as '0' | '1' | '3' | '4',
          combination_id: l.combinationId ?? undefined,
        })),
        near,
      );
      copied.push({ store_id: store.id, cart: result.cart });
    }
    return { stores: copied };
  });
}
