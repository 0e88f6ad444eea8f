/**
 * Placing an order as named steps, each with the step that gives back what it took (DESIGN.md section 6):
 * checkout.ts takes them in one transaction; cancelling, expiry and refunds run the undo steps instead of a copy
 * of the placing code.
 */
import { eq } from 'drizzle-orm';
import { LineType } from '../../../core/status.js';
import type { Tx } from '../../db/client.js';
import { orderItems } from '../../db/schema/orders.js';
import { refuse } from '../../http/envelope.js';
import { putBackStock, takeStocks, type StockLine } from '../catalogue/index.js';
import { recordSales, releaseSales } from '../promotions/index.js';
import { releaseCoupon, useCoupon, move } from '../wallet/index.js';
import type { OrderRow, PlacedItem } from './rows.js';

/** Units of each goods each of an order's lines holds (a bundle's parts, gifts included); a near-expiry line's from near batches. */
function stockLines(items: PlacedItem[]): StockLine[] {
  return items.flatMap((i) =>
    (i.parts ?? [{ goods_id: i.goodsId, number: 1 }]).map((part) => ({
      item: i.id,
      goodsId: part.goods_id,
      number: part.number * i.number,
      near: i.type === LineType.near,
    })),
  );
}

/** Each step of placing an order with its undo: what a cancelled (or refunded) order gives back. */
export const placement = {
  /**
   * Reserve stock, in goods id order so that two orders never wait on each other's rows; the last step of the
   * transaction, so that the goods rows, which every buyer of those goods waits on, are held only until it commits.
   */
  stock: {
    /**
     * Reserve stock from the goods' batches, first-expiring first, each line's units recorded by batch; the goods
     * rows are locked in id order so that two orders never wait on each other's rows. The last statement of the
     * transaction, which ends with it (committed when every unit was taken), so that the goods rows, which every
     * buyer of those goods waits on, are held only until it commits: the caller returns right after.
     */
    async take(tx: Tx, items: PlacedItem[], goodsName: (id: number) => string) {
      const short = await takeStocks(tx, stockLines(items), { last: true });
      if (short !== null) throw refuse(`${goodsName(short)}库存不足，请调整采购数量`);
    },
    /** Back to the very batches the lines took them from. */
    async giveBack(tx: Tx, _order: OrderRow, items: PlacedItem[]) {
      await putBackStock(tx, stockLines(items));
    },
  },
  coupon: {
    async take(tx: Tx, order: OrderRow, now: number) {
      if (!order.userCouponId) return;
      const used = await useCoupon(tx, { userCouponId: order.userCouponId, userId: order.userId, orderId: order.id, orderNo: order.orderNo, now });
      if (!used) throw refuse('该优惠券已使用，请重新选择');
    },
    async giveBack(tx: Tx, order: OrderRow) {
      if (order.userCouponId) await releaseCoupon(tx, order.userCouponId, order.id);
    },
  },
  redPacket: {
    async take(tx: Tx, order: OrderRow) {
      if (order.redPacketAmount <= 0) return;
      await move(tx, {
        userId: order.userId,
        instrument: 'red_packet',
        amount: -order.redPacketAmount,
        kind: 'pay',
        refType: 'order',
        refId: order.id,
        memo: `订单 ${order.orderNo} 抵扣`,
      });
    },
    async giveBack(tx: Tx, order: OrderRow) {
      if (order.redPacketAmount <= 0) return;
      await move(tx, {
        userId: order.userId,
        instrument: 'red_packet',
        amount: order.redPacketAmount,
        kind: 'refund',
        refType: 'order',
        refId: order.id,
        memo: `订单 ${order.orderNo} 取消退回`,
      });
    },
  },
  /** Count what was bought at limited prices (flash sale, daily specials) against their limits. */
  limitedBuys: {
    async take(tx: Tx, order: OrderRow, items: PlacedItem[]) {
      await recordSales(
        tx,
        order,
        items.filter((i) => i.promoNumber > 0 && i.activityId !== null).map((i) => ({ activityId: i.activityId!, goodsId: i.goodsId, number: i.promoNumber })),
      );
    },
    async giveBack(tx: Tx, order: OrderRow) {
      await releaseSales(tx, order.id);
    },
  },
};

/** Gives back everything placing the order took: limited buys, red packet, coupon, stock (the reverse order). */
export async function undoPlacement(tx: Tx, order: OrderRow) {
  const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id));
  await placement.limitedBuys.giveBack(tx, order);
  await placement.redPacket.giveBack(tx, order);
  await placement.coupon.giveBack(tx, order);
  await placement.stock.giveBack(tx, order, items);
}
