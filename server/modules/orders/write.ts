/**
 * Step 3 of placing an order (checkout.ts): its row, a line per priced line with every discount the engine gave,
 * and the cart lines it takes leaving the cart, in one statement built once. It answers the order's row and, of its lines, what the
 * later steps read (`PlacedItem`): the lines' whole rows were three quarters of the answer's text. Written as two inserts and a delete
 * built for every order, the lines' insert alone (19 values a line) cost the server's thread more to build than
 * the database took to run it, and each statement was a round trip of its own.
 */
import crypto from 'node:crypto';
import { getTableColumns, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { PricedLine } from '../../../core/pricing/index.js';
import type { createOrderBody } from '../../../core/schemas/trade.js';
import { LineType } from '../../../core/status.js';
import { sqlOnce } from '../../db/built-once.js';
import type { Tx } from '../../db/client.js';
import { decodeJsonRows, jsonArrayOfRows, namedColumns } from '../../db/json-rows.js';
import { orderItems, orders } from '../../db/schema/orders.js';
import type { SessionUser } from '../../http/auth.js';
import type { ownAddress } from '../addresses/index.js';
import { removeLinesSql, type PricedEntries } from '../cart/index.js';
import { placedItemColumns, type OrderRow, type PlacedItem } from './rows.js';

const HOUR_MS = 3_600_000;
/** An unpaid order is cancelled after this many hours; one waiting for a bank transfer after 7 days. */
const UNPAID_HOURS = 24;

/** 20 characters: the time in China to the second and six random digits. */
function orderNo(now: number) {
  const stamp = new Date(now + 8 * HOUR_MS).toISOString().replace(/\D/g, '').slice(0, 14);
  return `${stamp}${crypto.randomInt(0, 1_000_000).toString().padStart(6, '0')}`;
}

/** The columns an order is written with, each given as a value of the same name. */
const ORDER_VALUES = [
  'orderNo',
  'userId',
  'goodsAmount',
  'welfareAmount',
  'manjianAmount',
  'couponAmount',
  'redPacketAmount',
  'shippingAmount',
  'payAmount',
  'cashbackAmount',
  'cashback',
  'userCouponId',
  'address',
  'invoice',
  'remark',
  'isEphedrine',
  'expiresAt',
  'checkoutKey',
] as const satisfies (keyof typeof orders.$inferInsert)[];

/** The columns of a line read from the JSON array of lines, with the type each is read as. */
const ITEM_VALUES = [
  ['goodsId', 'int'],
  ['type', 'smallint'],
  ['activityId', 'int'],
  ['name', 'text'],
  ['sccj', 'text'],
  ['ypgg', 'text'],
  ['bzdw', 'text'],
  ['image', 'text'],
  ['number', 'int'],
  ['unitPrice', 'int'],
  ['amount', 'int'],
  ['welfareAmount', 'int'],
  ['manjianAmount', 'int'],
  ['couponAmount', 'int'],
  ['redPacketAmount', 'int'],
  ['payAmount', 'int'],
  ['promoNumber', 'int'],
  ['parts', 'jsonb'],
] as const satisfies [keyof typeof orderItems.$inferInsert, string][];

type ItemValues = { [K in (typeof ITEM_VALUES)[number][0]]: (typeof orderItems.$inferInsert)[K] };

const names = (columns: PgColumn[], of?: string) =>
  sql.join(
    columns.map((c) => (of ? sql`${sql.identifier(of)}.${sql.identifier(c.name)}` : sql.identifier(c.name))),
    sql`, `,
  );

/**
 * The order, its lines (from a JSON array, in its order) and the cart lines leaving, answering the order and its
 * lines as JSON rows with drizzle's keys (the inserted rows are read under the tables' own names).
 */
const writeStatement = sqlOnce<{ order: string; items: string }>('order_write', () => {
  const line = sql.join(
    ITEM_VALUES.map(([key, type]) => sql`${sql.identifier(orderItems[key].name)} ${sql.raw(type)}`),
    sql`, `,
  );
  return sql`
    with o as (
      insert into ${orders} (${names(ORDER_VALUES.map((k) => orders[k]))})
      values (${sql.join(
        ORDER_VALUES.map((k) => sql`${sql.placeholder(k)}`),
        sql`, `,
      )})
      returning *),
    i as (
      insert into ${orderItems} (${names([orderItems.orderId, ...ITEM_VALUES.map(([k]) => orderItems[k])])})
      select o.id, ${names(
        ITEM_VALUES.map(([k]) => orderItems[k]),
        'x',
      )}
      from o, rows from (json_to_recordset(${sql.placeholder('items')}::json) as (${line})) with ordinality as x
      order by x.ordinality
      returning *),
    gone as (${removeLinesSql(sql`${sql.placeholder('userId')}::int`, sql`${sql.placeholder('lines')}::int[]`)})
    select (select ${jsonArrayOfRows} from (select ${namedColumns(getTableColumns(orders))} from o as ${orders}) r) as "order",
      (select ${jsonArrayOfRows} from (select ${namedColumns(placedItemColumns)} from i as ${orderItems}) r) as items`;
});

/** The JSON array's keys are the columns' names (json_to_recordset reads them so). */
function itemJson(values: ItemValues) {
  return Object.fromEntries(ITEM_VALUES.map(([key]) => [orderItems[key].name, values[key] ?? null]));
}

type Address = Awaited<ReturnType<typeof ownAddress>>;

/**
 * Writes the order of a priced group: its row, a line per counted line with every discount the engine gave, and
 * the counted cart lines leave the cart.
 */
export async function writeOrder(
  tx: Tx,
  user: SessionUser,
  input: z.infer<typeof createOrderBody>,
  address: Address,
  ephedrine: boolean,
  p: PricedEntries,
  now: number,
): Promise<{ order: OrderRow; items: PlacedItem[] }> {
  const priced = p.priced;
  const counted = priced.lines.filter((l) => l.counted);
  const bundleOfLine = (l: PricedLine) => p.context.combinations.find((c) => p.entries.find((e) => e.line.id === l.id)?.line.combinationId === c.id);
  const items = counted.map((l) => {
    const g = p.goodsById.get(l.goods_id)!;
    const promoOn = l.promo?.status === 'on' && l.promo.applied > 0;
    const bundle = l.type === LineType.bundle ? bundleOfLine(l) : undefined;
    return itemJson({
      goodsId: l.goods_id,
      type: l.source === 'huangou' ? LineType.addon : l.type,
      activityId: promoOn ? l.promo!.activity_id : (l.huangou_activity_id ?? l.manjian_activity_id),
      name: bundle?.name ?? g.name,
      sccj: g.sccj,
      ypgg: g.ypgg,
      bzdw: l.type === LineType.bundle ? '套' : g.bzdw,
      image: g.images[0] ?? '',
      number: l.number,
      unitPrice: l.unit_price,
      amount: l.amount,
      welfareAmount: l.welfare_amount,
      manjianAmount: l.goods_manjian_amount,
      couponAmount: l.coupon_amount,
      redPacketAmount: l.red_packet_amount,
      payAmount: l.pay_amount,
      promoNumber: promoOn ? l.promo!.applied : 0,
      parts: bundle?.items ?? null,
    });
  });
  const cashback = priced.activity_data.cashbacks
    .filter((c) => c.back > 0)
    .map((c) => ({
      activity_id: c.activity_id,
      name: c.name,
      amount: c.amount,
      tiers: c.tiers.map((t) => ({ amount: t.amount, back: t.back })),
      back: c.back,
    }));
  const [row] = await writeStatement(tx, {
    orderNo: orderNo(now),
    userId: user.id,
    goodsAmount: priced.goods_amount,
    welfareAmount: priced.welfare_amount,
    manjianAmount: priced.manjian_amount,
    couponAmount: priced.coupon_amount,
    redPacketAmount: priced.red_packet_amount,
    shippingAmount: priced.shipping_amount,
    payAmount: priced.pay_amount,
    cashbackAmount: priced.cashback_amount,
    cashback: JSON.stringify(cashback),
    userCouponId: priced.coupon && priced.coupon_amount > 0 ? priced.coupon.id : null,
    address: JSON.stringify({
      name: address.name,
      phone: address.phone,
      province: address.province,
      city: address.city,
      district: address.district,
      address: address.address,
    }),
    invoice: input.invoice && input.invoice.type !== 0 ? JSON.stringify(input.invoice) : null,
    remark: input.remark ?? '',
    isEphedrine: ephedrine,
    expiresAt: new Date(now + UNPAID_HOURS * HOUR_MS).toISOString(),
    checkoutKey: input.checkout_key ?? null,
    items: JSON.stringify(items),
    lines: counted.filter((l) => l.id !== null).map((l) => l.id!),
  });
  const [order] = decodeJsonRows(getTableColumns(orders), row.order) as OrderRow[];
  const written = decodeJsonRows(placedItemColumns, row.items);
  return { order, items: written.sort((a, b) => a.id - b.id) };
}
