/**
 * The home page's goods: one floor per top category (its sub-categories and best sellers in stock) and
 * 为你推荐, the buyer's recommendations: best sellers of the categories of the goods they keep, then the
 * site's best sellers.
 */
import { and, asc, desc, eq, gt, inArray, notInArray, sql } from 'drizzle-orm';
import type { Floor, GoodsList } from '../../../core/schemas/goods.js';
import type { Db } from '../../db/client.js';
import { categories, favorites, goods } from '../../db/schema/catalogue.js';
import { goodsCore, goodsView, visible } from './goods.js';
import { categoryWithChildren } from './taxonomy.js';
import type { Viewer } from './viewer.js';

const FLOOR_COUNT = 6;
const FLOOR_GOODS = 5;
const RECOMMEND_PER_PAGE = 10;
/** 为你推荐 ends after this many pages: past them a buyer searches rather than scrolls. */
const RECOMMEND_PAGES = 10;

export async function floors(db: Db, viewer: Viewer): Promise<Floor[]> {
  const tops = await db
    .select({ id: categories.id, name: categories.name, logo1: categories.logo1 })
    .from(categories)
    .where(and(eq(categories.parentId, 0), eq(categories.isShow, true)))
    .orderBy(asc(categories.sort), asc(categories.id))
    .limit(FLOOR_COUNT);
  const subs = tops.length
    ? await db
        .select({ id: categories.id, parentId: categories.parentId, name: categories.name })
        .from(categories)
        .where(
          and(
            inArray(
              categories.parentId,
              tops.map((t) => t.id),
            ),
            eq(categories.isShow, true),
          ),
        )
        .orderBy(asc(categories.sort), asc(categories.id))
    : [];
  return Promise.all(
    tops.map(async (top, i) => {
      const ids = await categoryWithChildren(db, top.id);
      const rows = await db
        .select(goodsCore)
        .from(goods)
        .where(and(visible(viewer), inArray(goods.categoryId, ids), gt(goods.number, 0)))
        .orderBy(desc(goods.sales), asc(goods.id))
        .limit(FLOOR_GOODS);
      return {
        floor: i + 1,
        id: top.id,
        name: top.name,
        logo1: top.logo1,
        url: `/list?category=${top.id}`,
        children: subs.filter((s) => s.parentId === top.id).map((s) => ({ id: s.id, name: s.name, url: `/list?category=${s.id}` })),
        goods: rows.map((r) => goodsView(r, viewer)),
      };
    }),
  );
}

/** `/api/index_wntj/{page}`: ten recommendations a page, at most RECOMMEND_PAGES pages. */
export async function recommendations(db: Db, viewer: Viewer, page: number): Promise<GoodsList> {
  const kept = viewer.userId
    ? await db
        .select({ goodsId: favorites.goodsId, categoryId: goods.categoryId })
        .from(favorites)
        .innerJoin(goods, eq(goods.id, favorites.goodsId))
        .where(eq(favorites.userId, viewer.userId))
    : [];
  const keptCategories = [...new Set(kept.map((k) => k.categoryId))];
  const where = [visible(viewer), gt(goods.number, 0), eq(goods.isBuy, true)];
  if (kept.length)
    where.push(
      notInArray(
        goods.id,
        kept.map((k) => k.goodsId),
      ),
    );
  const order = [desc(goods.sales), asc(goods.id)];
  if (keptCategories.length) order.unshift(sql`case when ${inArray(goods.categoryId, keptCategories)} then 0 else 1 end`);
  const cap = RECOMMEND_PER_PAGE * RECOMMEND_PAGES;
  const condition = and(...where);
  const [rows, counted] = await Promise.all([
    page > RECOMMEND_PAGES
      ? []
      : db
          .select(goodsCore)
          .from(goods)
          .where(condition)
          .orderBy(...order)
          .limit(RECOMMEND_PER_PAGE)
          .offset((page - 1) * RECOMMEND_PER_PAGE),
    db.execute(sql`select count(*)::int as n from (select 1 from ${goods} where ${condition} limit ${cap}) s`) as unknown as Promise<{ rows: { n: number }[] }>,
  ]);
  const total = Number(counted.rows[0]?.n ?? 0);
  return {
    current_page: page,
    data: rows.map((r) => goodsView(r, viewer)),
    last_page: Math.max(1, Math.ceil(total / RECOMMEND_PER_PAGE)),
    per_page: RECOMMEND_PER_PAGE,
    total,
  };
}
