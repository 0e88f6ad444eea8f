/**
 * Prices an account's cart lines with the pricing engine (core/pricing): reads the lines with their goods,
 * the promotions running now, what the account bought today at limited prices, its coupons and red packet,
 * and the shipping settings, and hands them to `priceCart`. The same function serves the cart, the confirm
 * page and order creation (inside its transaction), so what the buyer is shown is what the order charges.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  priceCart,
  type AddonPick,
  type CartLineInput,
  type CouponInput,
  type LineType,
  type PricedCart,
  type PricingInput,
} from '../../../core/pricing/index.js';
import type { Conn, Db } from '../../db/client.js';
import { cartItems, coupons, goods, userCoupons, wallets } from '../../db/schema/index.js';
import { intSetting, siteSettings } from '../content/settings.js';
import { goodsCore, type GoodsCore } from '../catalogue/service.js';
import { boughtToday, bundleOf, pricingGoods, promotionContext, type OfferBase, type PromotionContext } from '../promotions/context.js';

export type GoodsRow = GoodsCore;
export type CartRow = typeof cartItems.$inferSelect;
export type CartEntry = { line: CartRow; goods: GoodsRow };

/** Share of what is left after the coupon that the red packet may pay, unless the site says otherwise. */
const RED_PACKET_SHARE = 10;

export type PricingOptions = {
  /** A coupon of the account to apply (user_coupons.id), `best`, or none. */
  couponId?: number | 'best' | null;
  useRedPacket?: boolean;
  addons?: AddonPick[];
  /** Only these cart lines (the checkout); all of the account's lines otherwise. */
  lineIds?: number[];
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

export async function cartEntries(conn: Conn, userId: number, lineIds?: number[]): Promise<CartEntry[]> {
  const where = lineIds ? and(eq(cartItems.userId, userId), inArray(cartItems.id, lineIds.length ? lineIds : [0])) : eq(cartItems.userId, userId);
  const rows = await conn.select({ line: cartItems, goods: goodsCore }).from(cartItems).innerJoin(goods, eq(goods.id, cartItems.goodsId)).where(where).orderBy(asc(cartItems.createdAt), asc(cartItems.id));
  return rows;
}

/** The account's coupons as the engine reads them: unused ones, with their rules. */
export async function couponInputs(conn: Conn, userId: number): Promise<CouponInput[]> {
  const rows = await conn
    .select({ held: userCoupons, coupon: coupons })
    .from(userCoupons)
    .innerJoin(coupons, eq(coupons.id, userCoupons.couponId))
    .where(and(eq(userCoupons.userId, userId), eq(userCoupons.status, 0)));
  return rows.map(({ held, coupon }) => ({
    id: held.id,
    name: coupon.name,
    type: coupon.type,
    threshold: coupon.threshold,
    amount: coupon.amount,
    rate: coupon.rate,
    max_discount: coupon.maxDiscount,
    scope: coupon.scope,
    starts_at: held.startsAt.getTime(),
    ends_at: held.endsAt.getTime(),
  }));
}

function withBought(offers: OfferBase[], mine: Map<string, number>, all: Map<string, number>) {
  return offers.map((o) => ({ ...o, bought_today: mine.get(`${o.activity_id}:${o.goods_id}`) ?? 0, sold_today: all.get(`${o.activity_id}:${o.goods_id}`) ?? 0 }));
}

export type PricedEntries = {
  priced: PricedCart;
  entries: CartEntry[];
  /** Goods of the lines, the bundles' goods and the add-ons, by id. */
  goodsById: Map<number, GoodsRow>;
  context: PromotionContext;
};

/**
 * Prices `entries` (cart lines of `userId`) as they stand. `db` reads the shared promotions; `conn` is the
 * database or the order's transaction, for everything of the account.
 */
export async function priceEntries(db: Db, conn: Conn, userId: number, entries: CartEntry[], opts: PricingOptions = {}): Promise<PricedEntries> {
  const now = opts.now ?? Date.now();
  const { context, site } = opts.shared ?? (await sharedPricing(db, now));
  const goodsById = new Map(entries.map((e) => [e.goods.id, e.goods]));
  // Goods of bundles and add-ons that are not lines themselves.
  const wantedBundles = new Set(entries.filter((e) => e.line.type === 3 && e.line.combinationId).map((e) => e.line.combinationId!));
  const bundles = context.combinations.filter((c) => wantedBundles.has(c.id));
  const extra = new Set<number>([...bundles.flatMap((b) => b.items.map((i) => i.goods_id)), ...context.huangous.flatMap((h) => h.offers.map((o) => o.goods_id))]);
  for (const id of goodsById.keys()) extra.delete(id);
  if (extra.size) for (const g of await conn.select(goodsCore).from(goods).where(inArray(goods.id, [...extra]))) goodsById.set(g.id, g);

  const limited = [...context.spikes, ...context.specials].map((o) => o.activity_id);
  const [bought, couponList, [wallet]] = await Promise.all([
    boughtToday(conn, userId, context.dayStart, [...new Set(limited)]),
    couponInputs(conn, userId),
    conn.select().from(wallets).where(eq(wallets.userId, userId)),
  ]);

  const lines: CartLineInput[] = entries.map(({ line, goods: g }) => {
    const bundle = line.type === 3 ? bundles.find((b) => b.id === line.combinationId) : undefined;
    return {
      id: line.id,
      type: line.type as LineType,
      number: line.number,
      is_selected: line.isSelected,
      goods: pricingGoods(g),
      combination: bundle ? bundleOf(bundle, goodsById) : line.type === 3 ? null : undefined,
    };
  });
  const input: PricingInput = {
    now,
    lines,
    spikes: withBought(context.spikes, bought.mine, bought.all),
    specials: withBought(context.specials, bought.mine, bought.all),
    welfare: context.welfare,
    manjians: context.manjians,
    gifts: context.gifts,
    huangous: context.huangous.map((h) => ({
      ...h,
      offers: h.offers.filter((o) => goodsById.has(o.goods_id)).map((o) => ({ goods: pricingGoods(goodsById.get(o.goods_id)!), price: o.price, limit: o.limit })),
    })),
    addons: opts.addons ?? [],
    coupons: couponList,
    coupon_id: opts.couponId ?? null,
    red_packet: { balance: wallet?.redPacket ?? 0, share_percent: intSetting(site, 'red_packet_share', RED_PACKET_SHARE), use: Boolean(opts.useRedPacket) },
    shipping: { shipping_amount: intSetting(site, 'shipping_amount', 0), no_trans_order_amount: intSetting(site, 'no_trans_order_amount', 0) },
  };
  return { priced: priceCart(input), entries, goodsById, context };
}

/** Reads and prices the account's cart (or the lines of `opts.lineIds`). */
export async function priceCartOf(db: Db, conn: Conn, userId: number, opts: PricingOptions = {}): Promise<PricedEntries> {
  const entries = await cartEntries(conn, userId, opts.lineIds);
  return priceEntries(db, conn, userId, entries, opts);
}
