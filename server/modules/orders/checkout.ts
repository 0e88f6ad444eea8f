/**
 * Checkout (DESIGN.md sections 6 and 7): the confirm page and placing the order. Both price the selected cart
 * lines with the same engine. Placing runs in one transaction as named steps, each with the step that gives
 * back what it took (placement.ts): cancelling, expiry and refunds (lifecycle.ts) run those instead of a copy of this code.
 * Goods containing ephedrine go into an order of their own (bank transfer only, no coupon or red packet).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { Code } from '../../../core/codes.js';
import { fenToYuan } from '../../../core/money.js';
import type { PricedCart, PricedLine } from '../../../core/pricing/index.js';
import {
  INVOICE_TYPES,
  type Confirm,
  type CouponOption,
  type CouponPage,
  type CreatedOrder,
  type CreatedOrders,
  type createOrderBody,
  type OrderTotals,
} from '../../../core/schemas/trade.js';
import { LineType, OrderStatus, PayStatus } from '../../../core/status.js';
import type { Conn, Db, Tx } from '../../db/client.js';
import { orderItems, orders } from '../../db/schema/orders.js';
import type { SessionUser } from '../../http/auth.js';
import { AppError, invalid, notFound, refuse } from '../../http/envelope.js';
import { requireLicencesValid } from '../accounts/index.js';
import { listAddresses, ownAddressIn, ownAddressSql } from '../addresses/index.js';
import { allInOrder } from '../../lib/in-order.js';
import {
  cartEntries,
  cartEntriesForPricing,
  lockedSelection,
  priceEntries,
  sharedPricing,
  type Besides,
  type Buyer,
  type CartEntry,
  type PricedEntries,
  type SharedPricing,
  activityView,
  lineExpiries,
  lineView,
  shippingView,
  totalsView,
} from '../cart/index.js';
import { goodsRow, sellingExpiries, viewerOfUser } from '../catalogue/index.js';
import { intSetting } from '../settings/index.js';
import { walletOf } from '../wallet/index.js';
import { placement } from './placement.js';
import { writeOrder } from './write.js';
import type { OrderRow, PlacedItem } from './rows.js';

const y = fenToYuan;
/** An order waiting for a bank transfer is cancelled after 7 days (an unpaid one after 24 hours, write.ts). */
export const TRANSFER_DAYS = 7;
const CONTRACT_REQUIRED = '首次下单前请先签署电子合同';
const NOTHING_SELECTED = '请先在购物车中选择要结算的商品';
const NOT_APPROVED = '资质审核通过后才能采购，请前往“账户中心-资质证件”查看审核进度';
/** Most units of one goods containing ephedrine in one order, unless the site says otherwise. */
const EPHEDRINE_MAX = 200;

type Group = { key: 'normal' | 'ephedrine'; entries: CartEntry[] };

/** Goods containing ephedrine are sold in an order of their own (DESIGN.md section 7). */
function groupsOf(entries: CartEntry[]): Group[] {
  const ephedrine = entries.filter((e) => e.goods.isEphedrine);
  const normal = entries.filter((e) => !e.goods.isEphedrine);
  return [
    ...(normal.length ? [{ key: 'normal' as const, entries: normal }] : []),
    ...(ephedrine.length ? [{ key: 'ephedrine' as const, entries: ephedrine }] : []),
  ];
}

type Choice = { couponId: number | 'best' | null; useRedPacket: boolean };

/** Step 1, price: each group priced; the coupon and the red packet apply to the ordinary order only. */
async function priceGroups(db: Db, conn: Conn, buyer: Buyer, selected: Selected, choice: Choice, shared: SharedPricing) {
  const out: { group: Group; p: PricedEntries }[] = [];
  for (const group of groupsOf(selected.entries)) {
    const plain = group.key === 'ephedrine';
    const p = await priceEntries(
      db,
      conn,
      buyer,
      group.entries,
      {
        couponId: plain ? null : choice.couponId,
        useRedPacket: plain ? false : choice.useRedPacket,
        shared,
      },
      selected,
    );
    out.push({ group, p });
  }
  return out;
}

export function requireApproved(user: SessionUser) {
  if (user.isPassed !== 1) throw refuse(NOT_APPROVED);
}

type Selected = Awaited<ReturnType<typeof cartEntriesForPricing>>;

/** The selected lines with every goods their pricing reads, in one read of the goods. */
async function selectedEntries(conn: Conn, userId: number, shared: SharedPricing): Promise<Selected> {
  const selected = await cartEntriesForPricing(conn, userId, { selectedOnly: true }, shared);
  if (!selected.entries.length) throw refuse(NOTHING_SELECTED);
  return selected;
}

function orderTotals(groups: { p: PricedEntries }[]): OrderTotals {
  const sum = (f: (c: PricedCart) => number) => groups.reduce((s, g) => s + f(g.p.priced), 0);
  return {
    goods_amount: y(sum((c) => c.goods_amount)),
    welfare_amount: y(sum((c) => c.welfare_amount)),
    manjian_amount: y(sum((c) => c.manjian_amount)),
    coupon_amount: y(sum((c) => c.coupon_amount)),
    red_packet_amount: y(sum((c) => c.red_packet_amount)),
    discount_amount: y(sum((c) => c.discount_amount)),
    shipping_amount: y(sum((c) => c.shipping_amount)),
    pay_amount: y(sum((c) => c.pay_amount)),
    cashback_amount: y(sum((c) => c.cashback_amount)),
  };
}

const couponView = (c: PricedCart['coupons'][number]): CouponOption => ({
  ...c,
  eligible_amount: y(c.eligible_amount),
  need: y(c.need),
  discount: y(c.discount),
  ends_at: Math.floor(c.ends_at / 1000),
});

/** `GET /api/cart/confirm`: what step 2 shows, priced exactly as the order would be. */
export async function confirm(
  db: Db,
  user: SessionUser,
  q: { address_id?: number; coupon_id?: number | 'best' | null; use_red_packet?: number },
): Promise<Confirm> {
  requireApproved(user);
  requireLicencesValid(user);
  const shared = await sharedPricing(db);
  const entries = await selectedEntries(db, user.id, shared);
  // The confirm page opens with the best coupon; 0 asks for none.
  const choice: Choice = { couponId: q.coupon_id === undefined ? 'best' : q.coupon_id, useRedPacket: q.use_red_packet === 1 };
  const groups = await priceGroups(db, db, user, entries, choice, shared);
  const normal = groups.find((g) => g.group.key === 'normal');
  const addresses = await listAddresses(db, user.id);
  const chosen = (q.address_id && addresses.find((a) => a.id === q.address_id)) || addresses.find((a) => a.is_default) || addresses[0] || null;
  if (q.address_id && chosen?.id !== q.address_id) throw notFound('收货地址不存在');
  const wallet = await walletOf(db, user.id);
  const viewer = viewerOfUser(user);
  const priced = normal?.p.priced;
  // The expiry each counted line ships with: the groups are separate orders, each taking its goods' batches.
  const sells = await sellingExpiries(
    db,
    groups.flatMap(({ p }) => p.priced.lines.map((l) => l.goods_id)),
  );
  return {
    groups: groups.map(({ group, p }) => {
      const counted = p.priced.lines.filter((l) => l.counted);
      const expiries = lineExpiries(counted, sells, p.near);
      return {
        key: group.key,
        is_ephedrine: group.key === 'ephedrine' ? 1 : 0,
        list: counted.map((l) => lineView(l, p, viewer, expiries.get(l))),
        excluded: p.priced.lines.filter((l) => !l.counted).map((l) => lineView(l, p, viewer)),
        total: totalsView(p.priced),
        ...shippingView(p.priced),
        activity_data: activityView(p.priced),
      };
    }),
    coupons: (priced?.coupons ?? []).map(couponView),
    coupon: priced?.coupon ? { id: priced.coupon.id, name: priced.coupon.name, discount: y(priced.coupon.discount) } : null,
    coupon_error: priced?.coupon_error ?? null,
    red_packet: {
      balance: y(wallet.redPacket),
      share_percent: priced?.red_packet.share_percent ?? 0,
      max: y(priced?.red_packet.max ?? 0),
      amount: y(priced?.red_packet.amount ?? 0),
      use: choice.useRedPacket ? 1 : 0,
    },
    addresses,
    address_id: chosen?.id ?? null,
    invoice_types: ([0, 1, 2] as const).map((type) => ({ type, name: INVOICE_TYPES[type] })),
    total: orderTotals(groups),
    wallet: { balance: y(wallet.balance), credit_available: y(Math.max(0, wallet.creditLimit - wallet.creditUsed)) },
    contract_signed: user.contractSignedAt ? 1 : 0,
  };
}

/**
 * `GET /api/user/availableCoupon`: the account's coupons for the lines chosen for checkout, `type` 1 those
 * usable on them (largest saving first), 2 those that are not, with the reason. Ten a page.
 */
export async function availableCoupons(db: Db, user: SessionUser, type: 1 | 2, page: number, perPage = 10): Promise<CouponPage> {
  requireApproved(user);
  const entries = (await cartEntries(db, user.id, { selectedOnly: true })).filter((e) => !e.goods.isEphedrine);
  const p = await priceEntries(db, db, user, entries, { couponId: null });
  const all = p.priced.coupons.filter((c) => (type === 1 ? c.usable : !c.usable));
  return {
    current_page: page,
    data: all.slice((page - 1) * perPage, page * perPage).map(couponView),
    last_page: Math.max(1, Math.ceil(all.length / perPage)),
    per_page: perPage,
    total: all.length,
  };
}

/** Units of each goods a priced line takes from stock (a bundle takes its items). */
function stockNeeds(line: PricedLine, p: PricedEntries): Map<number, number> {
  const needs = new Map<number, number>();
  const add = (id: number, n: number) => needs.set(id, (needs.get(id) ?? 0) + n);
  const entry = line.id === null ? undefined : p.entries.find((e) => e.line.id === line.id);
  if (entry?.line.type === LineType.bundle) {
    const bundle = p.context.combinations.find((c) => c.id === entry.line.combinationId);
    for (const item of bundle?.items ?? []) add(item.goods_id, item.number * line.number);
  } else {
    add(line.goods_id, line.number);
  }
  return needs;
}

type CreateInput = z.infer<typeof createOrderBody>;
type Made = CreatedOrder;

/** The orders an earlier post of the same checkout made, as `createOrders` answers them. */
async function ordersOfCheckout(conn: Conn, userId: number, key: string): Promise<Made[]> {
  const rows = await conn
    .select({ id: orders.id, orderNo: orders.orderNo, payAmount: orders.payAmount, isEphedrine: orders.isEphedrine })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.checkoutKey, key)))
    .orderBy(asc(orders.id));
  return rows.map((o) => ({ id: o.id, order_no: o.orderNo, pay_amount: y(o.payAmount), is_ephedrine: o.isEphedrine ? 1 : 0 }));
}

/** Gifts go with the order while their goods are in stock (a gift out of stock is left out, not refused). */
/**
 * Adds the gifts the order earned whose goods have the stock now (a gift out of stock is left out). Their units
 * join `needs`, taken with the order's own at the end: every goods row an order locks is locked in one
 * statement, in id order, so two orders never wait on each other in a circle.
 */
async function addGifts(tx: Tx, order: OrderRow, priced: PricedCart, needs: Map<number, number>, names: Map<number, string>) {
  const added: PlacedItem[] = [];
  for (const gift of priced.gifts.filter((gf) => gf.total > 0)) {
    const g = await goodsRow(tx, gift.gift_goods_id);
    if (!g || g.number - (needs.get(g.id) ?? 0) < gift.total) continue;
    needs.set(g.id, (needs.get(g.id) ?? 0) + gift.total);
    names.set(g.id, g.name);
    const [item] = await tx
      .insert(orderItems)
      .values({
        orderId: order.id,
        goodsId: g.id,
        type: LineType.gift,
        activityId: gift.activity_id,
        name: `${g.name}（赠品）`,
        sccj: g.sccj,
        ypgg: g.ypgg,
        bzdw: g.bzdw,
        image: g.images[0] ?? '',
        number: gift.total,
        unitPrice: 0,
        amount: 0,
        payAmount: 0,
      })
      .returning();
    added.push(item);
  }
  return added;
}

/** The order's address, read with its locked lines. */
const withAddress: Besides = {
  key: 'address',
  columns: { address: ownAddressSql(sql`${sql.placeholder('userId')}`, sql`${sql.placeholder('addressId')}::int`) },
};

/**
 * `POST /api/order`: one order, or two when goods containing ephedrine are among the lines. In one
 * transaction: lock the selected lines, price them, and per group write the order, add gifts, take the coupon
 * and the red packet, count limited buys; then clear the ordered lines and, last, reserve the stock of them all. A second post of the
 * same `checkout_key` answers the first one's orders.
 */
export async function createOrders(db: Db, user: SessionUser, input: CreateInput): Promise<CreatedOrders> {
  requireApproved(user);
  requireLicencesValid(user);
  if (!user.contractSignedAt) throw new AppError(Code.contractRequired, CONTRACT_REQUIRED);
  const shared = await sharedPricing(db);
  const now = Date.now();
  const ephedrineMax = intSetting(shared.site, 'ephedrine_max_number', EPHEDRINE_MAX);
  const created = await db.transaction(async (tx) => {
    // Posts of one checkout take turns on its lines (the read of the selection, with the address, locks them); a
    // later one answers what the first made, read after the lock by a statement of its own (one that sees the
    // first's commit).
    const selected = await lockedSelection(tx, user.id, shared, { read: withAddress, values: { addressId: input.address_id } });
    const earlier = input.checkout_key ? await ordersOfCheckout(tx, user.id, input.checkout_key) : [];
    if (earlier.length) return earlier;
    const address = ownAddressIn(selected.besides.address as string);
    if (!selected.entries.length) throw refuse(NOTHING_SELECTED);
    const choice: Choice = { couponId: input.coupon_id ?? null, useRedPacket: input.use_red_packet === 1 };
    const groups = await priceGroups(db, tx, user, selected, choice, shared);
    const made: Made[] = [];
    const allNeeds = new Map<number, number>();
    const allItems: PlacedItem[] = [];
    const names = new Map<number, string>();
    const reasons: string[] = [];
    for (const { group, p } of groups) {
      const priced = p.priced;
      if (choice.couponId !== null && group.key === 'normal' && priced.coupon_error) throw invalid('coupon_id', priced.coupon_error);
      const counted = priced.lines.filter((l) => l.counted);
      for (const l of priced.lines) if (l.excluded) reasons.push(`${p.goodsById.get(l.goods_id)?.name ?? ''}${l.excluded.message}`);
      if (!counted.length) continue;

      const needs = new Map<number, number>();
      for (const line of counted) for (const [id, n] of stockNeeds(line, p)) needs.set(id, (needs.get(id) ?? 0) + n);
      if (group.key === 'ephedrine') {
        for (const [id, n] of needs) {
          const g = p.goodsById.get(id)!;
          if (n > ephedrineMax) throw refuse(`${g.name}为含麻黄碱类复方制剂，每单最多采购${ephedrineMax}${g.bzdw}`);
        }
      }
      for (const [id, n] of needs) allNeeds.set(id, (allNeeds.get(id) ?? 0) + n);
      for (const [id, g] of p.goodsById) names.set(id, g.name);
      const { order, items } = await writeOrder(tx, user, input, address, group.key === 'ephedrine', p, now);
      allItems.push(...items, ...(await addGifts(tx, order, priced, allNeeds, names)));
      await allInOrder([placement.coupon.take(tx, order, now), placement.redPacket.take(tx, order), placement.limitedBuys.take(tx, order, items)]);
      if (order.payAmount === 0) {
        // Wholly paid by discounts: nothing left to pay.
        await tx
          .update(orders)
          .set({ status: OrderStatus.toShip, payStatus: PayStatus.paid, payMethod: 'discount', paidAt: new Date(now) })
          .where(eq(orders.id, order.id));
      }
      made.push({ id: order.id, order_no: order.orderNo, pay_amount: y(order.payAmount), is_ephedrine: order.isEphedrine ? 1 : 0 });
    }
    if (!made.length) throw refuse(`所选商品暂时无法购买${reasons.length ? `（${reasons.slice(0, 3).join('；')}）` : ''}，请返回购物车调整`);
    // The stock last, so that the goods rows are held only until the commit.
    await placement.stock.take(tx, allItems, (id) => names.get(id) ?? '');
    return made;
  });
  const first = created.find((o) => !o.is_ephedrine) ?? created[0];
  return { orders: created, next: first.is_ephedrine ? `/cart/hm?id=${first.id}` : `/cart/step3/${first.id}` };
}
