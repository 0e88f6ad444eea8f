/**
 * Each goods' 经营范围 class (DESIGN.md section 13). The console sets it; goods written before it was kept
 * (the seed, an import without the column) get the class their kind implies. The classes themselves are the
 * accounts' business scopes.
 */
import { eq, isNull, sql } from 'drizzle-orm';
import type { Conn, Db } from '../../db/client.js';
import { categories, goods } from '../../db/schema/catalogue.js';
import { businessScopeList } from '../accounts/index.js';

const ANTIBIOTIC_CATEGORIES = ['青霉素类', '头孢类', '大环内酯类', '喹诺酮类', '抗厌氧菌'];

/** Gives every goods without a scope class the class its prescription class, storage and category imply. */
export async function classifyGoodsScopes(db: Db, conn: Conn = db) {
  const ids = new Map((await businessScopeList(db)).map((s) => [s.name, s.id]));
  const id = (name: string) => sql`${ids.get(name) ?? null}::int`;
  const category = sql`(select ${categories.name} from ${categories} where ${eq(categories.id, goods.categoryId)})`;
  await conn
    .update(goods)
    .set({
      scopeId: sql`case
        when ${goods.cfl} = '中药饮片' then ${id('中药饮片')}
        when ${goods.ccfs} = '冷藏' then ${id('冷藏药品')}
        when ${goods.cfl} = '保健食品' then ${id('保健食品')}
        when ${category} = '消毒用品' then ${id('消毒用品')}
        when ${goods.isQx} or ${goods.cfl} = '器械' then ${id('医疗器械')}
        when ${category} in (${sql.join(
          ANTIBIOTIC_CATEGORIES.map((c) => sql`${c}`),
          sql`, `,
        )}) then ${id('抗生素制剂')}
        when ${goods.isZy} then ${id('中成药')}
        else ${id('化学药制剂')} end`,
    })
    .where(isNull(goods.scopeId));
}
