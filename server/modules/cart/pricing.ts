/**
 * Prices an account's cart lines with the pricing engine (core/pricing): reads the lines with their goods,
 * the promotions running now, what the account bought today at limited prices, its coupons and red packet,
 * and the shipping settings, and hands them to `priceCart`. The same function serves the cart, the confirm
 * page and order creation (inside its transaction), so what the buyer is shown is what the order charges.
 */
import { and, asc, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import {
  priceCart,
  type AddonPick,
  type CartLineInput,
  type CouponInput,
  type LineType,
  type PricedCart,
  type PricingInput,
} from '../../../core/pricing/index.js';
import { scopeBlock, type BuyingRights } from '../../../core/scope.js';
import { LineType as StatusLineType } from '../../../core/status.js';
import { builtOnce } from '../../db/built-once.js';
import type { Conn, Db, Tx } from '../../db/client.js';
import { anyId, type Value } from '../../db/params.js';
import { cartItems } from '../../db/schema/cart.js';
import { goodsForPricing, goodsOfJson, goodsJsonSql, nearLots, nearRateOf, type GoodsCore, type NearLot, type PricingRow } from '../catalogue/index.js';
import { bundleOf, pricingGoods, promotionContext, type OfferBase, type PromotionContext, boughtTodaySql, offerIds } from '../promotions/index.js';
import { intSetting, siteSettings } from '../settings/index.js';
import { unusedCouponsSql, redPacketSql } from '../wallet/index.js';

type GoodsRow = GoodsCore;

const NEAR = StatusLineType.near;
type CartRow = typeof cartItems.$inferSelect;

export type CartEntry<G extends PricingRow = GoodsRow> = { line: CartRow; goods: G };

/** Whose cart is priced: the account and what it may buy (its 经营范围 and the ephedrine right). */
export type Buyer = { id: number } & BuyingRights;

/** Share of what is left after the coupon that the red packet may pay, unless the site says otherwise. */
const RED_PACKET_SHARE = 10;

export type PricingOptions = {
  /** A coupon of the account to apply (user_coupons.id), `best`, or none. */
  couponId?: number | 'best' | null;
  useRedPacket?: boolean;
  addons?: AddonPick[];
  /** Only these cart lines (the checkout); all of the account's lines otherwise. */
  lineIds?: number[];
  /** Only the lines the buyer has selected. */
  selectedOnly?: boolean;
  now?: number;
  /**
   * The promotions and site settings, read before a transaction: inside one, `conn` is the only connection
   * to use (on PGlite a read on `db` would wait for the transaction to end).
   */
  shared?: SharedPricing;
};

export type SharedPricing = { context: PromotionContext; site: Record<string, string | undefined> };

export async function sharedPricing(db: Db, now = Date.now()): Promise<SharedPricing> {
  const [context, site] = await Promise.all([promotionContext(db, now), siteSettings(db)]);
  return { context, site };
}

type Which = Pick<PricingOptions, 'lineIds' | 'selectedOnly'>;

/**
 * The lines of the account `userId`: all, those of `lineIds`, or the selected ones. Values or placeholders, for
 * the pricing read built once.
 */
function linesOf(userId: Value<number>, { lineIds, selectedOnly }: { lineIds?: Value<readonly number[]>; selectedOnly?: boolean }) {
  return and(eq(cartItems.userId, userId), lineIds ? anyId(cartItems.id, lineIds) : undefined, selectedOnly ? eq(cartItems.isSelected, true) : undefined);
}

/** The running bundles (组合购) that lines of type 3 are of. */
function bundlesOf(context: PromotionContext, lines: CartRow[]) {
  const ids = new Set(lines.filter((l) => l.type === 3 && l.combinationId).map((l) => l.combinationId!));
  return context.combinations.filter((c) => ids.has(c.id));
}

/**
 * Goods the engine reads besides the lines' own: the goods of the lines' bundles and those of the add-on (换购)
 * offers running now.
 */
function goodsBeyondLines(context: PromotionContext, lines: CartRow[]): number[] {
  return [...bundlesOf(context, lines).flatMap((c) => c.items.map((i) => i.goods_id)), ...addonGoods(context)];
}

/** The goods of the add-on (换购) offers running now, read with every cart's lines. */
function addonGoods(context: PromotionContext): number[] {
  return context.huangous.flatMap((h) => h.offers.map((o) => o.goods_id));
}

/** A cart line as `linesWith` reads it with the account's side (JSON: times in milliseconds). */
type LineJson = {
  id: number;
  user_id: number;
  goods_id: number;
  type: number;
  combination_id: number | null;
  number: number;
  is_selected: boolean;
  created_at: number;
};

/**
 * SQL for a JSON array of the lines `linesOf` gives, oldest first; `locked`, each locked until the transaction
 * ends, in id order (an order's read: two posts of one checkout take turns on its lines).
 */
function linesJsonSql(userId: Placeholder, which: { lineIds?: Placeholder; selectedOnly?: boolean }, locked = false) {
  const c = cartItems;
  const rows = locked
    ? sql`(select * from ${c} where ${linesOf(userId, which)} order by ${c.id} for update) as ${c}`
    : sql`${c} where ${linesOf(userId, which)}`;
  return sql`coalesce((
    select json_agg(json_build_object(
      'id', ${c.id}, 'user_id', ${c.userId}, 'goods_id', ${c.goodsId}, 'type', ${c.type}, 'combination_id', ${c.combinationId},
      'number', ${c.number}, 'is_selected', ${c.isSelected}, 'created_at', extract(epoch from ${c.createdAt}) * 1000
    ) order by ${c.createdAt}, ${c.id})
    from ${rows}
  ), '[]')`;
}

/**
 * Columns another module reads with the lines (the order's address), named by `key`; their placeholders besides
 * `userId` take the values given with them.
 */
export type Besides = { key: string; columns: Record<string, SQL> };

/**
 * The shape of a pricing read: which lines, the goods columns (all the cart shows, or pricing's), locked or not,
 * and what is read besides.
 */
type ReadShape = { lineIds: boolean; selectedOnly: boolean; pricing: boolean; locked: boolean; besides?: Besides };

/**
 * Pricing's one statement for a shape, built once per connection (db/built-once.ts): the lines, their goods and
 * those of the add-on offers running (`extraGoods`), and the account's side (red packet, coupons, what it bought
 * today at each limited price running). Built afresh for every cart, it cost the server's thread more than the
 * database takes to answer it; read in two statements, a second round trip for every cart, confirm page and order.
 */
function pricingRead({ lineIds, selectedOnly, pricing, locked, besides }: ReadShape) {
  const name = `cart_pricing_${selectedOnly ? 'selected' : 'all'}${lineIds ? '_lines' : ''}${pricing ? '_totals' : ''}${locked ? '_locked' : ''}${besides ? `_${besides.key}` : ''}`;
  const userId = sql.placeholder('userId');
  const which = { lineIds: lineIds ? sql.placeholder('lineIds') : undefined, selectedOnly };
  const lines = sql<LineJson[]>`${linesJsonSql(userId, which, locked)}`;
  const goodsIds = sql`(array(select ${cartItems.goodsId} from ${cartItems} where ${linesOf(userId, which)}) || ${sql.placeholder('extraGoods')}::int[])`;
  return (conn: Conn) =>
    conn
      .select({ lines, goods: goodsJsonSql(pricing, goodsIds), ...accountColumns(userId), ...besides?.columns })
      .from(sql`(select 1) one`)
      .prepare(name);
}

/**
 * The account's side of pricing (`AccountSide`) as columns of a statement built once, with placeholders for the
 * account, the start of its day and the limited offers (`offerIds`).
 */
function accountColumns(userId: Placeholder) {
  const bought = boughtTodaySql(userId, sql.placeholder('dayStart'), sql.placeholder('activityIds'), sql.placeholder('goodsIds'));
  return {
    red_packet: sql<number | null>`${redPacketSql(userId)}`,
    coupons: sql<CouponInput[]>`${unusedCouponsSql(userId)}`,
    bought: sql<AccountSide['bought']>`${bought}`,
  };
}

/** The account's side alone, for lines read without it (`accountSide`). */
const accountRead = (conn: Conn) =>
  conn
    .select(accountColumns(sql.placeholder('userId')))
    .from(sql`(select 1) one`)
    .prepare('cart_pricing_account');

/** The values of the placeholders of `accountColumns`. */
const accountValues = (userId: number, dayStart: number, offers: { activity_id: number; goods_id: number }[]) => ({
  userId,
  dayStart: new Date(dayStart).toISOString(),
  ...offerIds(offers),
});

const pricingReads = new Map<string, ReturnType<typeof pricingRead>>();

/** The pricing read of a shape, one function per shape (built once per connection by `builtOnce`). */
function readOf(shape: ReadShape) {
  const key = `${shape.lineIds}:${shape.selectedOnly}:${shape.pricing}:${shape.locked}:${shape.besides?.key}`;
  let read = pricingReads.get(key);
  if (!read) pricingReads.set(key, (read = pricingRead(shape)));
  return read;
}

const lineOf = (l: LineJson): CartRow => ({
  id: l.id,
  userId: l.user_id,
  goodsId: l.goods_id,
  type: l.type,
  combinationId: l.combination_id,
  number: l.number,
  isSelected: l.is_selected,
  createdAt: new Date(Number(l.created_at)),
});

/**
 * The account's lines (oldest first) with their goods: every column the cart shows, or (`pricing`) only those
 * the engine reads. Lines whose goods are gone are left out. Given the running promotions, two statements
 * read everything pricing needs: the lines with the account's side (red packet, coupons, what it bought today
 * at each limited price running), then every goods priced, the goods of bundles and add-on offers with the
 * lines' own (`goods`).
 */
async function linesWith<P extends boolean>(
  conn: Conn,
  userId: number,
  which: Which,
  pricing: P,
  context?: PromotionContext,
  locked = false,
  besides?: { read: Besides; values: Record<string, unknown> },
) {
  let lines: CartRow[];
  let account: Account | undefined;
  let read: Record<string, unknown> = {};
  const goods = new Map<number, P extends true ? PricingRow : GoodsRow>();
  if (context) {
    const shape = { lineIds: Boolean(which.lineIds), selectedOnly: Boolean(which.selectedOnly), pricing, locked, besides: besides?.read };
    const [row] = await builtOnce(conn, readOf(shape)).execute({
      ...besides?.values,
      ...accountValues(userId, context.dayStart, [...context.spikes, ...context.specials]),
      ...(which.lineIds ? { lineIds: which.lineIds } : {}),
      extraGoods: addonGoods(context),
    });
    read = row as Record<string, unknown>;
    lines = row.lines.map(lineOf);
    account = accountOf(row);
    for (const g of goodsOfJson(pricing, row.goods)) goods.set(g.id, g);
  } else {
    lines = await conn.select().from(cartItems).where(linesOf(userId, which)).orderBy(asc(cartItems.createdAt), asc(cartItems.id));
  }
  // The goods of the lines' bundles (and, read without the promotions, of the lines) the read did not bring.
  const wanted = context ? goodsBeyondLines(context, lines).filter((id) => !goods.has(id)) : lines.map((l) => l.goodsId);
  for (const g of await goodsForPricing(conn, wanted, pricing)) goods.set(g.id, g);
  const entries = lines.flatMap((line) => {
    const g = goods.get(line.goodsId);
    return g ? [{ line, goods: g }] : [];
  });
  return { entries, goods, account, besides: read };
}

/** The account's cart lines (all, some, or the selected ones) with their goods, oldest first. */
export async function cartEntries(conn: Conn, userId: number, which: Which = {}): Promise<CartEntry[]> {
  return (await linesWith(conn, userId, which, false)).entries;
}

/**
 * The same lines, and in the same read every goods that pricing them under `shared`'s promotions needs
 * (`goods`, for `priceEntries`).
 */
export function cartEntriesForPricing(conn: Conn, userId: number, which: Which, shared: SharedPricing) {
  return linesWith(conn, userId, which, false, shared.context);
}

/**
 * The selected lines, read as `cartEntriesForPricing` does, each locked until the transaction `tx` ends: two
 * posts of one checkout take turns, and the second sees the lines the first ordered gone. `besides`: columns of
 * the order read in the same statement (its address), answered under `besides`.
 */
export function lockedSelection(tx: Tx, userId: number, shared: SharedPricing, besides?: { read: Besides; values: Record<string, unknown> }) {
  return linesWith(tx, userId, { selectedOnly: true }, false, shared.context, true, besides);
}

type AccountSide = {
  red_packet: number | null;
  coupons: CouponInput[];
  bought: { activity_id: number; goods_id: number; mine: number; all: number }[];
};

/**
 * The account's side of pricing in one statement: its red packet and unused coupons (kept by the wallet) and
 * the units it and everybody bought today at the limited prices of `offers` (kept by promotions), each as
 * SQL of the module that owns it. One round trip instead of three matters on PGlite, where statements queue.
 */
async function accountSide(conn: Conn, userId: number, dayStart: number, offers: { activity_id: number; goods_id: number }[]) {
  const [row] = await builtOnce(conn, accountRead).execute(accountValues(userId, dayStart, offers));
  return accountOf(row);
}

function accountOf(row: AccountSide) {
  const mine = new Map<string, number>();
  const all = new Map<string, number>();
  for (const b of row.bought) {
    mine.set(`${b.activity_id}:${b.goods_id}`, b.mine);
    all.set(`${b.activity_id}:${b.goods_id}`, b.all);
  }
  return { redPacket: Number(row.red_packet ?? 0), coupons: row.coupons, bought: { mine, all } };
}

/** The account's side of pricing, as `accountSide` reads it. */
type Account = ReturnType<typeof accountOf>;

function withBought(offers: OfferBase[], mine: Map<string, number>, all: Map<string, number>) {
  return offers.map((o) => ({
    ...o,
    bought_today: mine.get(`${o.activity_id}:${o.goods_id}`) ?? 0,
    sold_today: all.get(`${o.activity_id}:${o.goods_id}`) ?? 0,
  }));
}

export type PricedEntries<G extends PricingRow = GoodsRow> = {
  priced: PricedCart;
  entries: CartEntry<G>[];
  /** Goods of the lines, the bundles' goods and the add-ons, by id. */
  goodsById: Map<number, G>;
  context: PromotionContext;
  /** The near batches of the near-expiry lines' goods, first-expiring first. */
  near: Map<number, NearLot[]>;
};

/**
 * Prices `entries` (cart lines of `buyer`) as they stand. `db` reads the shared promotions; `conn` is the
 * database or the order's transaction, for everything of the account. What `cartEntriesForPricing` read with
 * the lines (`read`: every goods priced, the account's side) is not read again.
 */
export function priceEntries(
  db: Db,
  conn: Conn,
  buyer: Buyer,
  entries: CartEntry[],
  opts: PricingOptions = {},
  read?: { goods: Map<number, GoodsRow>; account?: Account },
): Promise<PricedEntries> {
  return priceWith(db, conn, buyer, entries, false, opts, read?.goods, read?.account);
}

/**
 * Prices `entries`; the goods of bundles and add-ons that are not lines (and not among the goods `known`
 * already) are read with the same columns as the lines'.
 */
async function priceWith<G extends PricingRow>(
  db: Db,
  conn: Conn,
  buyer: Buyer,
  entries: CartEntry<G>[],
  pricingOnly: boolean,
  opts: PricingOptions,
  known?: Map<number, G>,
  read?: Account,
): Promise<PricedEntries<G>> {
  const now = opts.now ?? Date.now();
  const { context, site } = opts.shared ?? (await sharedPricing(db, now));
  const goodsById = new Map(known ?? []);
  for (const e of entries) goodsById.set(e.goods.id, e.goods);
  // Goods of bundles and add-ons that are not lines themselves, unless read with the lines.
  const lineRows = entries.map((e) => e.line);
  const bundles = bundlesOf(context, lineRows);
  const extra = new Set(goodsBeyondLines(context, lineRows));
  for (const id of goodsById.keys()) extra.delete(id);
  if (extra.size) {
    // Read with the same columns as the lines' goods, so of the same shape G.
    for (const g of (await goodsForPricing(conn, [...extra], pricingOnly)) as G[]) goodsById.set(g.id, g);
  }

  // What was bought today matters only for the limited offers on these goods.
  const limited = [...context.spikes, ...context.specials].filter((o) => goodsById.has(o.goods_id));
  const account = read ?? (await accountSide(conn, buyer.id, context.dayStart, limited));
  const { bought } = account;

  // What this buyer may not buy is excluded from the order with the reason (core/scope.ts).
  const asGoods = (g: PricingRow) => ({ ...pricingGoods(g), blocked: scopeBlock(buyer, g) });
  // A near-expiry line is priced at its goods' near batches and holds at most their units.
  const nearIds = entries.filter((e) => e.line.type === NEAR).map((e) => e.goods.id);
  const near = nearIds.length ? await nearLots(conn, nearIds, nearRateOf(site)) : new Map<number, NearLot[]>();
  const lines: CartLineInput[] = entries.map(({ line, goods: g }) => {
    const bundle = line.type === 3 ? bundles.find((b) => b.id === line.combinationId) : undefined;
    const combination = bundle ? bundleOf(bundle, goodsById) : line.type === 3 ? null : undefined;
    const lots = line.type === NEAR ? (near.get(g.id) ?? []) : undefined;
    return {
      id: line.id,
      type: line.type as LineType,
      number: line.number,
      is_selected: line.isSelected,
      goods: lots ? { ...asGoods(g), number: lots.reduce((n, b) => n + b.number, 0) } : asGoods(g),
      combination: combination && { ...combination, items: combination.items.map((i) => ({ ...i, goods: asGoods(goodsById.get(i.goods.id)!) })) },
      near: lots,
    };
  });
  const input: PricingInput = {
    now,
    lines,
    spikes: withBought(context.spikes, bought.mine, bought.all),
    specials: withBought(context.specials, bought.mine, bought.all),
    welfare: context.welfare,
    manjians: context.manjians,
    cashbacks: context.cashbacks,
    gifts: context.gifts,
    huangous: context.huangous.map((h) => ({
      ...h,
      offers: h.offers.filter((o) => goodsById.has(o.goods_id)).map((o) => ({ goods: asGoods(goodsById.get(o.goods_id)!), price: o.price, limit: o.limit })),
    })),
    addons: opts.addons ?? [],
    coupons: account.coupons,
    coupon_id: opts.couponId ?? null,
    red_packet: { balance: account.redPacket, share_percent: intSetting(site, 'red_packet_share', RED_PACKET_SHARE), use: Boolean(opts.useRedPacket) },
    shipping: { shipping_amount: intSetting(site, 'shipping_amount', 0), no_trans_order_amount: intSetting(site, 'no_trans_order_amount', 0) },
  };
  return { priced: priceCart(input), entries, goodsById, context, near };
}

/**
 * Reads and prices the account's cart (or the lines of `opts.lineIds`); `besides`: columns of another module read
 * in the same statement (the lines' expiries), answered under `besides`.
 */
export async function priceCartOf(
  db: Db,
  conn: Conn,
  buyer: Buyer,
  opts: PricingOptions = {},
  besides?: { read: Besides; values: Record<string, unknown> },
): Promise<PricedEntries & { besides: Record<string, unknown> }> {
  const at = { ...opts, now: opts.now ?? Date.now() };
  const shared = opts.shared ?? (await sharedPricing(db, at.now));
  const read = await linesWith(conn, buyer.id, opts, false, shared.context, false, besides);
  return { ...(await priceWith(db, conn, buyer, read.entries, false, { ...at, shared }, read.goods, read.account)), besides: read.besides };
}

/** The same prices, reading only what the engine needs: for totals (the checkout, hints) that show no goods. */
export async function priceTotalsOf(db: Db, conn: Conn, buyer: Buyer, opts: PricingOptions = {}): Promise<PricedEntries<PricingRow>> {
  const at = { ...opts, now: opts.now ?? Date.now() };
  const shared = opts.shared ?? (await sharedPricing(db, at.now));
  const { entries, goods, account } = await linesWith(conn, buyer.id, opts, true, shared.context);
  return priceWith(db, conn, buyer, entries, true, { ...at, shared }, goods, account);
}

/**
 * SQL that removes the ordered lines `ids` (an int array) from the account's cart: a part of the statement that
 * writes the order, in its transaction.
 */
export const removeLinesSql = (userId: SQL, ids: SQL) => sql`delete from ${cartItems} where ${cartItems.userId} = ${userId} and ${cartItems.id} = any(${ids})`;

/** SQL for the number of lines in the account's cart (the user object's `cart`, one statement with the rest). */
export const lineCountSql = (userId: number) => sql`(select count(*)::int from ${cartItems} where ${cartItems.userId} = ${userId})`;
