/** Several lines into a cart in one statement (the add of a list page's or a purchase list's lines). */
import { sql } from 'drizzle-orm';
import { LineType } from '../../../core/status.js';
import type { Tx } from '../../db/client.js';
import { cartItems } from '../../db/schema/cart.js';
import type { AddLine, CheckedLine } from './add.js';

/** The key of the cart line an add goes to: a goods' plain line, its near-expiry line, or its line of one bundle. */
const lineKey = (goodsId: number, type: number, combinationId: number | null) =>
  type === 3 ? `${goodsId}:3:${combinationId}` : type === LineType.near ? `${goodsId}:near` : `${goodsId}:plain`;

/**
 * Merges checked lines (no flash-sale ones) into the cart in one statement: the same goods twice in the request
 * is one line, each goes to the line its goods already has (`typeOfLine`), and every line's new quantity is
 * checked against its limit after; answers the number of lines the cart holds then.
 */
export async function mergeLines(tx: Tx, userId: number, checked: { line: AddLine; c: CheckedLine }[]): Promise<number> {
  const merged = new Map<string, { c: CheckedLine; number: number }>();
  for (const { line, c } of checked) {
    const key = lineKey(c.g.id, c.type, c.combinationId);
    const same = merged.get(key);
    if (same) same.number += line.number;
    else merged.set(key, { c, number: line.number });
  }
  const rows = [...merged.values()];
  const column = <T>(f: (r: (typeof rows)[number]) => T) => sql.param(rows.map(f));
  const result = (await tx.execute(sql`
    with held as (select count(*)::int as n from ${cartItems} where user_id = ${userId}),
    wanted as (
      select * from unnest(${column((r) => r.c.g.id)}::int[], ${column((r) => r.c.type)}::int[], ${column((r) => r.number)}::int[],
        ${column((r) => r.c.combinationId)}::int[]) with ordinality as w(goods_id, type, number, combination_id, ord))
    insert into ${cartItems} (user_id, goods_id, type, number, combination_id, is_selected)
    select ${userId}, w.goods_id,
      case when w.type in (3, ${LineType.near}) then w.type else coalesce((
        select c.type from ${cartItems} c where c.user_id = ${userId} and c.goods_id = w.goods_id and c.type in (0, 1) order by c.type desc limit 1
      ), w.type) end,
      w.number, w.combination_id, true
    from wanted w order by w.ord
    on conflict (user_id, goods_id, type, (coalesce(combination_id, 0)))
    do update set number = ${cartItems}.number + excluded.number, is_selected = true, type = greatest(${cartItems}.type, excluded.type)
    returning goods_id, type, combination_id, number, (xmax = 0) as inserted, (select n from held) as held`)) as unknown as {
    rows: { goods_id: number; type: number; combination_id: number | null; number: number; inserted: boolean; held: number }[];
  };
  const held = new Map(result.rows.map((r) => [lineKey(Number(r.goods_id), Number(r.type), r.combination_id), Number(r.number)]));
  for (const { c } of rows) if ((held.get(lineKey(c.g.id, c.type, c.combinationId)) ?? 0) > c.limit) throw c.short();
  return Number(result.rows[0]?.held ?? 0) + result.rows.filter((r) => r.inserted).length;
}
