/**
 * The console's categories and brands: listed with their goods counts (hidden ones too), created, renamed,
 * moved, sorted and hidden. Goods hang on the deepest level only, so a category holding goods takes no
 * sub-categories. Hiding takes a category (with everything under it) out of the storefront's menu and a
 * brand out of the brand zone at once: every write drops the shared answers in every process.
 */
import { and, asc, count, eq, ne, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AdminBrand, AdminCategory, brandCreateBody, brandUpdateBody, categoryCreateBody, categoryUpdateBody } from '../../../core/schemas/admin-goods.js';
import type { Conn, Db } from '../../db/client.js';
import { brands, categories, goods } from '../../db/schema/catalogue.js';
import { invalid, notFound, refuse } from '../../http/envelope.js';
import { audited } from '../operators/index.js';
import { knownPublicPictures } from '../uploads/index.js';

const CATEGORY_MISSING = '分类不存在';
const BRAND_MISSING = '品牌不存在';
const bit = (v: boolean): 0 | 1 => (v ? 1 : 0);

type CategoryRow = typeof categories.$inferSelect;
type BrandRow = typeof brands.$inferSelect;

/** A picture field may keep what it shows or take a public picture uploaded first. */
async function assertPicture(conn: Conn, field: string, url: string | undefined, current: string) {
  if (!url || url === current) return;
  if (!(await knownPublicPictures(conn, [url])).has(url)) throw invalid(field, '图片不存在，请先上传');
}

/** `GET /api/admin/categories`: every category in menu order (parents before their children), with its goods. */
export async function adminCategories(db: Db): Promise<AdminCategory[]> {
  const [rows, counts] = await Promise.all([
    db.select().from(categories).orderBy(asc(categories.sort), asc(categories.id)),
    db.select({ id: goods.categoryId, n: count() }).from(goods).groupBy(goods.categoryId),
  ]);
  const goodsIn = new Map(counts.map((c) => [c.id, c.n]));
  const parents = new Set(rows.map((r) => r.parentId));
  const out: AdminCategory[] = [];
  const walk = (parentId: number, seen: Set<number>) => {
    for (const r of rows) {
      if (r.parentId !== parentId || seen.has(r.id)) continue;
      seen.add(r.id);
      out.push({
        id: r.id,
        parent_id: r.parentId,
        name: r.name,
        logo1: r.logo1,
        sort: r.sort,
        is_show: bit(r.isShow),
        is_leaf: bit(!parents.has(r.id)),
        goods_count: goodsIn.get(r.id) ?? 0,
      });
      walk(r.id, seen);
    }
  };
  walk(0, new Set());
  return out;
}

const categoryTrail = (c: Pick<CategoryRow, 'name' | 'parentId' | 'sort' | 'isShow' | 'logo1'>) => ({
  name: c.name,
  parent_id: c.parentId,
  sort: c.sort,
  is_show: bit(c.isShow),
  logo1: c.logo1,
});

/** A parent must exist and hold no goods (they would then hang above the deepest level). */
async function assertParent(tx: Conn, parentId: number) {
  if (parentId === 0) return;
  const [p] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, parentId));
  if (!p) throw invalid('parent_id', '上级分类不存在');
  const [{ n }] = await tx.select({ n: count() }).from(goods).where(eq(goods.categoryId, parentId));
  if (n > 0) throw invalid('parent_id', '上级分类下已有商品，不能再添加下级分类');
}

async function assertUniqueName(tx: Conn, parentId: number, name: string, except?: number) {
  const where: SQL[] = [eq(categories.parentId, parentId), eq(categories.name, name)];
  if (except) where.push(ne(categories.id, except));
  const [same] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(and(...where));
  if (same) throw invalid('name', '同一上级分类下已有同名分类');
}

export async function createCategory(db: Db, req: FastifyRequest, body: z.output<typeof categoryCreateBody>) {
  const id = await audited(
    db,
    req,
    { permission: 'category:write', stale: 'catalogue', action: 'category.create', targetType: 'category', targetId: '' },
    async (tx) => {
      await assertParent(tx, body.parent_id);
      await assertUniqueName(tx, body.parent_id, body.name);
      await assertPicture(tx, 'logo1', body.logo1, '');
      const [row] = await tx
        .insert(categories)
        .values({ name: body.name, parentId: body.parent_id, sort: body.sort, isShow: body.is_show === 1, logo1: body.logo1 })
        .returning();
      return { before: null, after: categoryTrail(row), result: row.id, targetId: row.id };
    },
  );
  return categoryById(db, id);
}

/** Renames, moves (never under itself or its own descendants), sorts, shows or hides a category. */
export async function updateCategory(db: Db, req: FastifyRequest, id: number, body: z.output<typeof categoryUpdateBody>) {
  await audited(db, req, { permission: 'category:write', stale: 'catalogue', action: 'category.update', targetType: 'category', targetId: id }, async (tx) => {
    const [row] = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
    if (!row) throw notFound(CATEGORY_MISSING);
    const next = {
      name: body.name ?? row.name,
      parentId: body.parent_id ?? row.parentId,
      sort: body.sort ?? row.sort,
      isShow: body.is_show === undefined ? row.isShow : body.is_show === 1,
      logo1: body.logo1 ?? row.logo1,
    };
    if (next.parentId !== row.parentId) {
      const all = await tx.select({ id: categories.id, parentId: categories.parentId }).from(categories);
      const below = [id];
      for (let i = 0; i < below.length; i++) for (const c of all) if (c.parentId === below[i] && !below.includes(c.id)) below.push(c.id);
      if (below.includes(next.parentId)) throw invalid('parent_id', '不能移到自己或自己的下级分类下');
      await assertParent(tx, next.parentId);
    }
    if (next.name !== row.name || next.parentId !== row.parentId) await assertUniqueName(tx, next.parentId, next.name, id);
    await assertPicture(tx, 'logo1', body.logo1, row.logo1);
    await tx.update(categories).set(next).where(eq(categories.id, id));
    return { before: categoryTrail(row), after: categoryTrail(next), result: null };
  });
  return categoryById(db, id);
}

async function categoryById(db: Db, id: number) {
  const found = (await adminCategories(db)).find((c) => c.id === id);
  if (!found) throw notFound(CATEGORY_MISSING);
  return found;
}

// ---- brands

function brandView(b: BrandRow, goodsCount: number): AdminBrand {
  return { id: b.id, name: b.name, logo: b.logo, banner: b.banner, description: b.description, sort: b.sort, is_show: bit(b.isShow), goods_count: goodsCount };
}

const brandTrail = (b: Pick<BrandRow, 'name' | 'logo' | 'banner' | 'description' | 'sort' | 'isShow'>) => ({
  name: b.name,
  logo: b.logo,
  banner: b.banner,
  description: b.description,
  sort: b.sort,
  is_show: bit(b.isShow),
});

/** `GET /api/admin/brands`: every brand in the zone's order, hidden ones too, with its goods. */
export async function adminBrands(db: Db): Promise<AdminBrand[]> {
  const [rows, counts] = await Promise.all([
    db.select().from(brands).orderBy(asc(brands.sort), asc(brands.id)),
    db.select({ id: goods.brandId, n: count() }).from(goods).groupBy(goods.brandId),
  ]);
  const goodsOf = new Map(counts.map((c) => [c.id, c.n]));
  return rows.map((b) => brandView(b, goodsOf.get(b.id) ?? 0));
}

async function assertBrandName(tx: Conn, name: string, except?: number) {
  const [same] = await tx
    .select({ id: brands.id })
    .from(brands)
    .where(except ? and(eq(brands.name, name), ne(brands.id, except)) : eq(brands.name, name));
  if (same) throw invalid('name', '品牌名称已存在');
}

export async function createBrand(db: Db, req: FastifyRequest, body: z.output<typeof brandCreateBody>) {
  const row = await audited(
    db,
    req,
    { permission: 'category:write', stale: 'catalogue', action: 'brand.create', targetType: 'brand', targetId: '' },
    async (tx) => {
      await assertBrandName(tx, body.name);
      await assertPicture(tx, 'logo', body.logo, '');
      await assertPicture(tx, 'banner', body.banner, '');
      const [made] = await tx
        .insert(brands)
        .values({ name: body.name, logo: body.logo, banner: body.banner, description: body.description, sort: body.sort, isShow: body.is_show === 1 })
        .returning();
      return { before: null, after: brandTrail(made), result: made, targetId: made.id };
    },
  );
  return brandView(row, 0);
}

export async function updateBrand(db: Db, req: FastifyRequest, id: number, body: z.output<typeof brandUpdateBody>) {
  await audited(db, req, { permission: 'category:write', stale: 'catalogue', action: 'brand.update', targetType: 'brand', targetId: id }, async (tx) => {
    const [row] = await tx.select().from(brands).where(eq(brands.id, id)).for('update');
    if (!row) throw notFound(BRAND_MISSING);
    const next = {
      name: body.name ?? row.name,
      logo: body.logo ?? row.logo,
      banner: body.banner ?? row.banner,
      description: body.description ?? row.description,
      sort: body.sort ?? row.sort,
      isShow: body.is_show === undefined ? row.isShow : body.is_show === 1,
    };
    if (next.name !== row.name) await assertBrandName(tx, next.name, id);
    await assertPicture(tx, 'logo', body.logo, row.logo);
    await assertPicture(tx, 'banner', body.banner, row.banner);
    await tx.update(brands).set(next).where(eq(brands.id, id));
    return { before: brandTrail(row), after: brandTrail(next), result: null };
  });
  const found = (await adminBrands(db)).find((b) => b.id === id);
  if (!found) throw refuse(BRAND_MISSING);
  return found;
}
