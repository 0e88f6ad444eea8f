/** The brand zone (品牌专区): brands with their goods counts and best sellers, and one brand's page. */
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Brand, BrandPage } from '../../../core/schemas/goods.js';
import type { Db } from '../../db/client.js';
import { brands, goods } from '../../db/schema/catalogue.js';
import { notFound } from '../../http/envelope.js';
import { goodsCore, goodsView, visible } from './goods.js';
import type { Viewer } from './viewer.js';

const BRANDS_PER_PAGE = 12;
/** Goods shown on a brand's tile in the zone. */
const TILE_GOODS = 3;

export async function brandList(db: Db, viewer: Viewer, page: number, perPage = BRANDS_PER_PAGE): Promise<BrandPage> {
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(brands)
      .where(eq(brands.isShow, true))
      .orderBy(asc(brands.sort), asc(brands.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(brands).where(eq(brands.isShow, true)),
  ]);
  const ids = rows.map((b) => b.id);
  const [counts, best] = ids.length
    ? await Promise.all([
        db
          .select({ brandId: goods.brandId, n: count() })
          .from(goods)
          .where(and(visible(viewer), inArray(goods.brandId, ids)))
          .groupBy(goods.brandId),
        // The best sellers of each brand on this page, in one statement.
        db.execute(sql`
          select id from (
            select id, row_number() over (partition by brand_id order by sales desc, id) as k
            from ${goods} where ${and(visible(viewer), inArray(goods.brandId, ids))}
          ) ranked where k <= ${TILE_GOODS}`) as unknown as Promise<{ rows: { id: number }[] }>,
      ])
    : [[], { rows: [] }];
  const bestIds = best.rows.map((r) => Number(r.id));
  const bestRows = bestIds.length ? await db.select(goodsCore).from(goods).where(inArray(goods.id, bestIds)).orderBy(desc(goods.sales), asc(goods.id)) : [];
  return {
    current_page: page,
    data: rows.map((b) => ({
      ...brandView(b),
      goods_count: counts.find((c) => c.brandId === b.id)?.n ?? 0,
      goods: bestRows.filter((g) => g.brandId === b.id).map((g) => goodsView(g, viewer)),
    })),
    last_page: Math.max(1, Math.ceil(n / perPage)),
    per_page: perPage,
    total: n,
  };
}

const brandView = (b: typeof brands.$inferSelect): Omit<Brand, 'goods_count'> => ({
  id: b.id,
  name: b.name,
  logo: b.logo,
  banner: b.banner,
  description: b.description,
  url: `/ppzq/info/${b.id}`,
});

/** `/api/focus/brand/{id}`: what a brand's page shows above its goods list. */
export async function brandDetail(db: Db, viewer: Viewer, id: number): Promise<Brand> {
  const [row] = await db
    .select()
    .from(brands)
    .where(and(eq(brands.id, id), eq(brands.isShow, true)));
  if (!row) throw notFound('品牌不存在');
  const [{ n }] = await db
    .select({ n: count() })
    .from(goods)
    .where(and(visible(viewer), eq(goods.brandId, id)));
  return { ...brandView(row), goods_count: n };
}
