/**
 * The demo pharmacy's order history, placed through the same services a buyer uses (cart, checkout, order,
 * payment), so that every amount, stock movement and ledger row is what the site itself would write: one
 * order waiting for payment, one paid on credit (with a coupon and the red packet) and waiting for shipment, one shipped, one completed on credit, one
 * cancelled. Dates are then moved into the past weeks. Points end at the demo's advertised 1,280.
 */
import { and, asc, desc, eq, gt, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { addresses, brands, cartItems, coupons, creditBills, goods, ledger, orderItems, orders, userCoupons, users } from '../db/schema/index.js';
import { DEMO_PAY_PASSWORD } from './demo-password.js';
import { DEMO_ORDER_COUPON } from './wallet.js';
import { addToCart } from '../modules/cart/add.js';
import { checkout } from '../modules/cart/service.js';
import { shipStock } from '../modules/catalogue/stock.js';
import { createOrders } from '../modules/orders/checkout.js';
import { cancelOrder, receiveOrder } from '../modules/orders/lifecycle.js';
import { payOrder } from '../modules/orders/payment.js';

const DAY_MS = 86_400_000;
export const DEMO_POINTS = 1280;

type Plan = {
  brand: string;
  lines: number;
  packs: number;
  pay: 'balance' | 'credit' | null;
  then: 'ship' | 'complete' | 'cancel' | null;
  daysAgo: number;
  /** Pays with the spare coupon the wallet seed gave demo, and the red packet. */
  discounts?: boolean;
};

const PLANS: Plan[] = [
  { brand: '同仁堂', lines: 3, packs: 2, pay: 'credit', then: 'complete', daysAgo: 21 },
  { brand: '哈药', lines: 2, packs: 3, pay: null, then: 'cancel', daysAgo: 12 },
  { brand: '修正', lines: 4, packs: 2, pay: 'balance', then: 'ship', daysAgo: 3 },
  { brand: '石药', lines: 2, packs: 5, pay: 'credit', then: null, daysAgo: 1, discounts: true },
  { brand: '云南白药', lines: 2, packs: 1, pay: null, then: null, daysAgo: 0 },
];

/** The newest unused copy of the coupon the wallet seed set aside for the demo orders. */
async function spareCoupon(db: Db, userId: number) {
  const [uc] = await db
    .select({ id: userCoupons.id })
    .from(userCoupons)
    .innerJoin(coupons, eq(coupons.id, userCoupons.couponId))
    .where(and(eq(userCoupons.userId, userId), eq(userCoupons.status, 0), eq(coupons.name, DEMO_ORDER_COUPON)))
    .orderBy(desc(userCoupons.id))
    .limit(1);
  return uc?.id ?? null;
}

export async function seedDemoOrders(db: Db, now = Date.now()) {
  const [demo] = await db.select().from(users).where(eq(users.username, 'demo'));
  if (!demo || (await db.select({ id: orders.id }).from(orders).where(eq(orders.userId, demo.id)).limit(1)).length) return;
  const [address] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.userId, demo.id), eq(addresses.isDefault, true)));
  if (!address) return;
  await db.delete(cartItems).where(eq(cartItems.userId, demo.id));
  for (const plan of PLANS) {
    const picks = await db
      .select({ id: goods.id, zbz: goods.zbz })
      .from(goods)
      .innerJoin(brands, eq(brands.id, goods.brandId))
      .where(
        and(
          eq(brands.name, plan.brand),
          eq(goods.isBuy, true),
          eq(goods.isOnSale, true),
          eq(goods.isKx, false),
          eq(goods.isEphedrine, false),
          gt(goods.number, 500),
        ),
      )
      .orderBy(asc(goods.id))
      .limit(plan.lines);
    if (!picks.length) continue;
    await addToCart(
      db,
      demo,
      picks.map((g) => ({ goods_id: g.id, number: g.zbz * plan.packs })),
    );
    const lines = await db.select({ id: cartItems.id }).from(cartItems).where(eq(cartItems.userId, demo.id));
    await checkout(
      db,
      demo,
      lines.map((l) => l.id),
    );
    const coupon = plan.discounts ? await spareCoupon(db, demo.id) : null;
    const made = await createOrders(db, demo, { address_id: address.id, coupon_id: coupon, remark: '', use_red_packet: plan.discounts ? 1 : 0 })
      // Goods below the coupon's threshold: the order goes without it.
      .catch(() => createOrders(db, demo, { address_id: address.id, coupon_id: null, remark: '', use_red_packet: plan.discounts ? 1 : 0 }))
      .then((r) => r.orders);
    const id = made[0].id;
    if (plan.pay) await payOrder(db, demo, id, plan.pay, { payerId: demo.id, password: DEMO_PAY_PASSWORD }, false);
    const at = (days: number) => new Date(now - days * DAY_MS);
    if (plan.then === 'ship' || plan.then === 'complete') {
      await db
        .update(orders)
        .set({
          status: 2,
          carrier: '顺丰速运',
          trackingNo: `SF${String(1_460_000_000_000 + id * 7919).slice(0, 12)}`,
          shippedAt: at(Math.max(0, plan.daysAgo - 1)),
        })
        .where(eq(orders.id, id));
      const items = await db.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.orderId, id));
      await db.transaction((tx) =>
        shipStock(
          tx,
          items.map((i) => i.id),
        ),
      );
    }
    if (plan.then === 'complete') await receiveOrder(db, demo, id);
    if (plan.then === 'cancel') await cancelOrder(db, demo, id, '采购计划调整');
    // Into the past: the order's dates and its ledger rows.
    const [o] = await db.select().from(orders).where(eq(orders.id, id));
    await db
      .update(orders)
      .set({
        createdAt: at(plan.daysAgo),
        expiresAt: o.status === 0 ? o.expiresAt : at(plan.daysAgo - 1),
        paidAt: o.paidAt ? new Date(at(plan.daysAgo).getTime() + 600_000) : null,
        receivedAt: o.receivedAt ? at(Math.max(0, plan.daysAgo - 3)) : null,
        cancelledAt: o.cancelledAt ? new Date(at(plan.daysAgo).getTime() + 3_600_000) : null,
      })
      .where(eq(orders.id, id));
    await db
      .update(ledger)
      .set({ createdAt: new Date(at(plan.daysAgo).getTime() + 600_000) })
      .where(and(eq(ledger.refType, 'order'), eq(ledger.refId, id)));
    if (plan.pay === 'credit') {
      // The bill was opened at payment, and falls due the credit days after it.
      const [bill] = await db.select().from(creditBills).where(eq(creditBills.orderId, id));
      const terms = bill ? Date.parse(`${bill.dueDate}T00:00:00Z`) - Date.parse(`${new Date(now + 8 * 3_600_000).toISOString().slice(0, 10)}T00:00:00Z`) : 0;
      const paidAt = new Date(at(plan.daysAgo).getTime() + 600_000);
      const due = new Date(paidAt.getTime() + 8 * 3_600_000 + terms).toISOString().slice(0, 10);
      if (bill) await db.update(creditBills).set({ createdAt: paidAt, dueDate: due }).where(eq(creditBills.id, bill.id));
    }
  }
  // The points the completed order granted came on top of an opening balance: open with what makes 1,280.
  const rows = await db
    .select()
    .from(ledger)
    .where(and(eq(ledger.userId, demo.id), eq(ledger.instrument, 'points')))
    .orderBy(asc(ledger.id));
  const granted = rows.filter((r) => r.kind !== 'open').reduce((s, r) => s + r.amount, 0);
  const opening = rows.find((r) => r.kind === 'open');
  if (opening && granted > 0 && granted < DEMO_POINTS) {
    await db
      .update(ledger)
      .set({ amount: DEMO_POINTS - granted, balanceAfter: DEMO_POINTS - granted })
      .where(eq(ledger.id, opening.id));
    let running = DEMO_POINTS - granted;
    for (const r of rows.filter((x) => x.id !== opening.id)) {
      running += r.amount;
      await db.update(ledger).set({ balanceAfter: running }).where(eq(ledger.id, r.id));
    }
    await db.update(users).set({ points: running }).where(eq(users.id, demo.id));
  }
  await db.delete(cartItems).where(and(eq(cartItems.userId, demo.id), inArray(cartItems.isSelected, [true, false])));
}
