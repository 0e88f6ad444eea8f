/** The activities' tags on goods (满, 返, …) that lists and the detail page show. */
import { and, sql } from 'drizzle-orm';
import type { Conn } from '../../db/client.js';
import { anyId } from '../../db/params.js';
import { goods } from '../../db/schema/catalogue.js';

/**
 * Puts an activity's tag on goods (满, 返, …) or takes it off, once per goods: the promotions module calls it
 * when an operator adds goods to an activity or removes them.
 */
export async function setGoodsTag(conn: Conn, ids: number[], label: string, on: boolean) {
  if (!ids.length) return;
  const tag = JSON.stringify([label]);
  const among = anyId(goods.id, ids);
  if (on)
    await conn
      .update(goods)
      .set({ tags: sql`${goods.tags} || ${tag}::jsonb` })
      .where(and(among, sql`not ${goods.tags} @> ${tag}::jsonb`));
  else
    await conn
      .update(goods)
      .set({ tags: sql`${goods.tags} - ${label}::text` })
      .where(and(among, sql`${goods.tags} @> ${tag}::jsonb`));
}
