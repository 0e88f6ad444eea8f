/** The catalogue's categories and brands as buyers see them: the menu, the brand zone's order, a category's subtree. */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { brands, categories } from '../../db/schema/catalogue.js';
import { cachedResult } from '../../http/cache.js';

/** The categories shown in the menu, in menu order (the shell's content builds the tree). */
export function shownCategories(db: Db) {
  return db
    .select({ id: categories.id, parentId: categories.parentId, name: categories.name, logo1: categories.logo1 })
    .from(categories)
    .where(eq(categories.isShow, true))
    .orderBy(asc(categories.sort), asc(categories.id));
}

/** Names of top-level categories by id (a coupon's scope reads 限中成药、西药商品). */
export async function topCategoryNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(and(inArray(categories.id, ids), eq(categories.parentId, 0)));
  return new Map(rows.map((c) => [c.id, c.name]));
}

/** The brands shown in the brand zone and the shell, in their order. */
export function shownBrands(db: Db) {
  return db.select().from(brands).where(eq(brands.isShow, true)).orderBy(asc(brands.sort), asc(brands.id));
}
const CATEGORY_TTL_MS = 30_000;

/**
 * Categories and brands change only when an operator edits them: read at most every 30 s, kept with the
 * shared answers (cache.ts) so that an edit drops them at once.
 */
export function catalogueTree(db: Db) {
  return cachedResult(
    db,
    ['catalogue-tree'],
    async () => {
      const [cats, brandRows] = await Promise.all([
        db.select({ id: categories.id, parentId: categories.parentId, name: categories.name }).from(categories),
        db.select({ id: brands.id, name: brands.name, logo: brands.logo }).from(brands),
      ]);
      return { cats, brands: new Map(brandRows.map((b) => [b.id, b])) };
    },
    CATEGORY_TTL_MS,
  );
}
/** A category and all its descendants (goods hang on the deepest level). */
export async function categoryWithChildren(db: Db, id: number): Promise<number[]> {
  const rows = (await catalogueTree(db)).cats;
  const ids = [id];
  for (let i = 0; i < ids.length; i++) for (const r of rows) if (r.parentId === ids[i]) ids.push(r.id);
  return ids;
}
