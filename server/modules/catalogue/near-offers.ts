/**
 * The near-expiry zone's offers (近效期专场), built from batches: a goods' released, unexpired batches inside its
 * minimum shelf life that still hold free units sell there, at each batch's near-expiry price (its own, or the
 * site's default rate of the goods' base price), first-expiring first (docs/decisions/037-near-expiry-zone.md).
 */
import { sql, type SQL } from 'drizzle-orm';
import { fenToYuan } from '../../../core/money.js';
import { chinaToday } from '../../../core/schemas/admin-goods.js';
import type { Goods } from '../../../core/schemas/goods.js';
import { LineType } from '../../../core/status.js';
import type { Conn } from '../../db/client.js';
import { anyId } from '../../db/params.js';
import { goods, goodsBatches } from '../../db/schema/catalogue.js';
import { NEAR_EXPIRY_DAYS } from './goods.js';
import type { Viewer } from './viewer.js';

/** The default near-expiry price, in percent of the goods' base price (setting `near_expiry_rate`). */
export const NEAR_EXPIRY_RATE = 70;

/** The tag a near-expiry offer carries on its card and line. */
const NEAR_TAG = '近效期';

/**
 * A batch `b` of the goods `g` sells in the near-expiry zone: 合格, free units, not expired, and expiring within
 * the goods' minimum shelf life (a goods with none, a near-expiry listing, sells all its batches as itself).
 */
const nearBatch = (b: string, g: string, today: string): SQL => sql`${nearRange(b, g, today)} and ${sql.raw(`${b}.quantity > ${b}.held`)}`;

/** A batch `b` of `g` that sells in the zone while it holds free units (nearBatch without the units). */
const nearRange = (b: string, g: string, today: string): SQL =>
  sql.raw(`${b}.status = 1 and ${b}.xq > '${isoDay(today)}'::date and ${b}.xq <= '${isoDay(today)}'::date + ${g}.min_shelf_days`);

/** A batch's near-expiry price in fen: its own, else `rate` percent of the goods' base price rounded to the fen. */
const nearPrice = (b: string, g: string, rate: number): SQL =>
  sql.raw(`coalesce(${b}.clearance_price, (${g}.base_price * ${Math.trunc(rate)}::int + 50) / 100)`);

/** Only a day in the form 2026-11-29 goes into a statement's text. */
function isoDay(day: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new Error(`not a day: ${day}`);
  return day;
}

/**
 * A near-expiry listing (`min_shelf_days` 0) whose batch on sale expires within 6 months: the zone lists it as
 * itself. The zone's other goods are those with a near offer.
 */
export const nearListing = (g: string, today: string, days = NEAR_EXPIRY_DAYS): SQL =>
  sql`(${sql.raw(`${g}.min_shelf_days`)} = 0 and ${sql.raw(`${g}.xq`)} <= ${today}::date + ${days}::int)`;

/**
 * The goods (`g`, a row with `id`, `min_shelf_days` and `xq`) of the near-expiry zone: those with a near batch
 * to sell, and the near-expiry listings (`min_shelf_days` 0) whose batch on sale expires within 6 months.
 */
export const inNearZone = (g: string, today: string, days = NEAR_EXPIRY_DAYS): SQL =>
  sql`(exists (select 1 from ${goodsBatches} b where b.goods_id = ${sql.raw(`${g}.id`)} and ${nearBatch('b', g, today)}) or ${nearListing(g, today, days)})`;

/**
 * The goods `g` (a row with `id` and `min_shelf_days`) has near batches, whether or not they hold free units now
 * (a give-back frees held units without a console write): one probe of `goods_batches_fefo_idx`.
 */
export const hasNearBatches = (g: string, today: string): SQL =>
  sql`exists (select 1 from ${goodsBatches} b where b.goods_id = ${sql.raw(`${g}.id`)} and ${nearRange('b', g, today)})`;

/**
 * The near offer of the goods `g` (a row with `id`, `base_price` and `min_shelf_days`) as the JSON array
 * `[id, price, units]`: its first-expiring near batch's price and its near batches' free units, both null while
 * every near unit is held. What the list index reads, for the goods with near batches only.
 */
export const nearOfferJson = (g: string, today: string, rate: number): SQL =>
  sql`(select json_build_array(${sql.raw(`${g}.id`)}, (array_agg(${nearPrice('b', g, rate)} order by b.xq, b.id) filter (where b.quantity > b.held))[1],
    sum(b.quantity - b.held) filter (where b.quantity > b.held))
    from ${goodsBatches} b where b.goods_id = ${sql.raw(`${g}.id`)} and ${nearRange('b', g, today)})`;

/**
 * What the zone sells the goods `g` at, as the database works it out for the lists the tests hold the index to: a
 * goods with near batches at its near offer's price and units, any other (a near-expiry listing) at its own base
 * price and stock that sells.
 */
export const zonePrice = (g: string, today: string, rate: number): SQL =>
  sql`coalesce((select ${nearPrice('b', g, rate)} from ${goodsBatches} b where b.goods_id = ${sql.raw(`${g}.id`)} and ${nearBatch('b', g, today)}
    order by b.xq, b.id limit 1), ${sql.raw(`${g}.base_price`)})`;

export const zoneStock = (g: string, today: string): SQL =>
  sql`coalesce((select sum(b.quantity - b.held)::int from ${goodsBatches} b where b.goods_id = ${sql.raw(`${g}.id`)} and ${nearBatch('b', g, today)}),
    ${sql.raw(`${g}.number`)})`;

/** What one goods offers in the zone: the first-expiring near batch's price and expiry, and all near units. */
export type NearOffer = { goodsId: number; price: number; units: number; xq: string; lastXq: string };

/** The near-expiry offers of these goods (none for goods without a near batch), read in one statement. */
export async function nearOffers(conn: Conn, ids: readonly number[], rate: number, today = chinaToday()): Promise<Map<number, NearOffer>> {
  const out = new Map<number, NearOffer>();
  if (!ids.length) return out;
  const result = (await conn.execute(sql`
    select b.goods_id, (array_agg(${nearPrice('b', 'g', rate)} order by b.xq, b.id))[1]::int as price,
      sum(b.quantity - b.held)::int as units, min(b.xq)::text as xq, max(b.xq)::text as last_xq
    from ${goodsBatches} b join ${goods} g on g.id = b.goods_id
    where ${anyId(sql`b.goods_id`, ids)} and ${nearBatch('b', 'g', today)}
    group by b.goods_id`)) as unknown as { rows: { goods_id: number | string; price: number | string; units: number | string; xq: string; last_xq: string }[] };
  for (const r of result.rows)
    out.set(Number(r.goods_id), {
      goodsId: Number(r.goods_id),
      price: Number(r.price),
      units: Number(r.units),
      xq: r.xq.slice(0, 10),
      lastXq: r.last_xq.slice(0, 10),
    });
  return out;
}

/**
 * A card of the zone: the goods as its near-expiry offer sells it (the near price, its near units as the stock,
 * the first near batch's expiry, the 近效期 tag, no tiers) and adding it makes a near-expiry line.
 */
export function nearCard(card: Goods, offer: NearOffer, viewer: Viewer): Goods {
  return {
    ...card,
    base_price: viewer.approved ? fenToYuan(offer.price) : null,
    number: offer.units,
    xq: offer.xq,
    type: LineType.near,
    ladder_price: [],
    ladder_price_type: 0,
    tags: [...card.tags.filter((t) => t !== NEAR_TAG), NEAR_TAG],
  };
}

/** A goods' near batches as a near-expiry line prices and ships them: first-expiring first, each at its price. */
export type NearLot = { price: number; number: number; xq: string };

/** The near batches of these goods, first-expiring first, with their near-expiry prices and free units. */
export async function nearLots(conn: Conn, ids: readonly number[], rate: number, today = chinaToday()): Promise<Map<number, NearLot[]>> {
  const out = new Map<number, NearLot[]>();
  if (!ids.length) return out;
  const result = (await conn.execute(sql`
    select b.goods_id, ${nearPrice('b', 'g', rate)}::int as price, (b.quantity - b.held)::int as units, b.xq::text as xq
    from ${goodsBatches} b join ${goods} g on g.id = b.goods_id
    where ${anyId(sql`b.goods_id`, ids)} and ${nearBatch('b', 'g', today)}
    order by b.goods_id, b.xq, b.id`)) as unknown as { rows: { goods_id: number | string; price: number | string; units: number | string; xq: string }[] };
  for (const r of result.rows) {
    const id = Number(r.goods_id);
    out.set(id, [...(out.get(id) ?? []), { price: Number(r.price), number: Number(r.units), xq: r.xq.slice(0, 10) }]);
  }
  return out;
}
