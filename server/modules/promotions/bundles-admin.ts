/**
 * The console's bundles (营销活动 › 组合购, permission `promotion:write`): the bundles of the 组合购 activities, each
 * two to ten goods in fixed numbers sold together for one price below their own. Creating and editing one checks
 * its goods (on sale) and its price (above 0 and below the goods at their own prices); 上架 and 下架 switch it.
 * Every write is audited and drops the shared answers, so /zhzq and the cart's bundle lines change at once.
 */
import { count, desc, eq, ilike, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { fenToYuan, yuanToFen } from '../../../core/money.js';
import type { AdminBundle, AdminBundlePage, adminBundleQuery, BundleInput } from '../../../core/schemas/admin-promotions.js';
import type { Conn, Db, Tx } from '../../db/client.js';
import { containing } from '../../db/like.js';
import { activities, combinations } from '../../db/schema/promotions.js';
import { invalid, notFound } from '../../http/envelope.js';
import { goodsByIds, type GoodsCore } from '../catalogue/index.js';
import { audited } from '../operators/index.js';
import { stateText } from './admin.js';

const PER_PAGE = 20;

type BundleRow = typeof combinations.$inferSelect;
type ActivityRow = typeof activities.$inferSelect;

function view(b: BundleRow, activity: ActivityRow | undefined, goodsById: Map<number, GoodsCore>): AdminBundle {
  const items = b.items.map((i) => ({ item: i, goods: goodsById.get(i.goods_id) }));
  const separate = items.reduce((sum, { item, goods }) => sum + (goods?.basePrice ?? 0) * item.number, 0);
  return {
    id: b.id,
    activity_id: b.activityId ?? 0,
    activity_name: activity?.name ?? '',
    activity_state: activity ? stateText(activity) : '',
    name: b.name,
    price: fenToYuan(b.price),
    separate_price: fenToYuan(separate),
    saving: fenToYuan(Math.max(0, separate - b.price)),
    stock: items.length ? Math.min(...items.map(({ item, goods }) => Math.floor((goods?.number ?? 0) / item.number))) : 0,
    items: items.map(({ item, goods }) => ({
      goods_id: item.goods_id,
      name: goods?.name ?? `商品 #${item.goods_id}（已删除）`,
      ypgg: goods?.ypgg ?? '',
      sccj: goods?.sccj ?? '',
      base_price: fenToYuan(goods?.basePrice ?? 0),
      number: item.number,
      stock: goods?.number ?? 0,
      is_on_sale: goods?.isOnSale ? 1 : 0,
    })),
    is_show: b.isShow ? 1 : 0,
    sort: b.sort,
  };
}

/** The views of bundles, with their activities and goods read once for all. */
async function views(conn: Conn, rows: BundleRow[]): Promise<AdminBundle[]> {
  const activityIds = [...new Set(rows.map((r) => r.activityId).filter((id): id is number => id !== null))];
  const [acts, members] = await Promise.all([
    activityIds.length ? conn.select().from(activities).where(inArray(activities.id, activityIds)) : Promise.resolve([]),
    goodsByIds(
      conn,
      rows.flatMap((r) => r.items.map((i) => i.goods_id)),
    ),
  ]);
  const byActivity = new Map(acts.map((a) => [a.id, a]));
  const byGoods = new Map(members.map((g) => [g.id, g]));
  return rows.map((r) => view(r, r.activityId === null ? undefined : byActivity.get(r.activityId), byGoods));
}

/** `GET /api/admin/bundles?page&keyword`: every bundle, latest first. */
export async function listBundles(db: Db, q: z.output<typeof adminBundleQuery>): Promise<AdminBundlePage> {
  const where = q.keyword ? ilike(combinations.name, containing(q.keyword)) : undefined;
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(combinations)
      .where(where)
      .orderBy(desc(combinations.id))
      .limit(PER_PAGE)
      .offset((q.page - 1) * PER_PAGE),
    db.select({ n: count() }).from(combinations).where(where),
  ]);
  return { current_page: q.page, data: await views(db, rows), last_page: Math.max(1, Math.ceil(n / PER_PAGE)), per_page: PER_PAGE, total: n };
}

/**
 * The columns of a bundle from the form, once its activity is a 组合购, each goods exists and is on sale, and the
 * price is below the goods at their own prices. 422 on the field otherwise.
 */
async function checked(tx: Tx, input: BundleInput) {
  const [activity] = await tx.select().from(activities).where(eq(activities.id, input.activity_id));
  if (!activity || activity.type !== 'combination') throw invalid('activity_id', '请选择组合购活动');
  const found = new Map(
    (
      await goodsByIds(
        tx,
        input.items.map((i) => i.goods_id),
      )
    ).map((g) => [g.id, g]),
  );
  input.items.forEach((item, i) => {
    const g = found.get(item.goods_id);
    if (!g) throw invalid(`items.${i}.goods_id`, '商品不存在');
    if (!g.isOnSale) throw invalid(`items.${i}.goods_id`, `${g.name}已下架，不能加入组合`);
  });
  const separate = input.items.reduce((sum, item) => sum + found.get(item.goods_id)!.basePrice * item.number, 0);
  const price = yuanToFen(input.price);
  if (price >= separate) throw invalid('price', `组合价须低于单买合计¥${fenToYuan(separate)}`);
  return {
    activityId: activity.id,
    name: input.name,
    price,
    items: input.items.map((i) => ({ goods_id: i.goods_id, number: i.number })),
    isShow: input.is_show === 1,
    sort: input.sort,
  };
}

const audit = (b: BundleRow | undefined) =>
  b ? { activity_id: b.activityId, name: b.name, price: fenToYuan(b.price), items: b.items, is_show: b.isShow ? 1 : 0, sort: b.sort } : null;

/** `POST /api/admin/bundles`: a new bundle. */
export async function createBundle(db: Db, request: FastifyRequest, input: BundleInput): Promise<AdminBundle> {
  const result = await audited(
    db,
    request,
    { permission: 'promotion:write', stale: 'promotions', action: 'bundle.create', targetType: 'combination', targetId: 0 },
    async (tx) => {
      const [row] = await tx
        .insert(combinations)
        .values(await checked(tx, input))
        .returning();
      return { before: null, after: audit(row), result: (await views(tx, [row]))[0], targetId: row.id };
    },
  );
  return result;
}

/** `POST /api/admin/bundles/{id}`: a bundle's goods, price and activity changed. Cart lines of it price anew. */
export async function updateBundle(db: Db, request: FastifyRequest, id: number, input: BundleInput): Promise<AdminBundle> {
  const result = await audited(
    db,
    request,
    { permission: 'promotion:write', stale: 'promotions', action: 'bundle.update', targetType: 'combination', targetId: id },
    async (tx) => {
      const [before] = await tx.select().from(combinations).where(eq(combinations.id, id)).for('update');
      if (!before) throw notFound('组合不存在');
      const [after] = await tx
        .update(combinations)
        .set(await checked(tx, input))
        .where(eq(combinations.id, id))
        .returning();
      return { before: audit(before), after: audit(after), result: (await views(tx, [after]))[0] };
    },
  );
  return result;
}

/** `POST /api/admin/bundles/{id}/show {is_show}`: 上架 or 下架; a bundle taken off leaves /zhzq and can no longer be bought. */
export async function showBundle(db: Db, request: FastifyRequest, id: number, show: boolean): Promise<AdminBundle> {
  const result = await audited(
    db,
    request,
    { permission: 'promotion:write', stale: 'promotions', action: show ? 'bundle.enable' : 'bundle.disable', targetType: 'combination', targetId: id },
    async (tx) => {
      const [before] = await tx.select().from(combinations).where(eq(combinations.id, id)).for('update');
      if (!before) throw notFound('组合不存在');
      if (before.isShow === show) return { before: null, after: null, result: (await views(tx, [before]))[0] };
      const [after] = await tx.update(combinations).set({ isShow: show }).where(eq(combinations.id, id)).returning();
      return { before: audit(before), after: audit(after), result: (await views(tx, [after]))[0] };
    },
  );
  return result;
}
