/**
 * 我的清单: the named lists a buyer keeps (每周补货, 月底备货 ...), at most 20 of at most 500 goods, each line a goods
 * and its quantity in whole middle packages. Every write of an account's lists takes the account's turn (a
 * transaction-scoped advisory lock), so that two posts at once neither pass a limit together nor make two lists
 * of one name: a create posted twice answers the one list. Another account's list answers 404.
 */
import { and, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  GOODS_LIST_ITEMS_MAX,
  GOODS_LISTS_MAX,
  type GoodsListDetail,
  type GoodsListItem,
  type GoodsLists,
  type GoodsListSaved,
  type GoodsListSummary,
  type goodsListCreateBody,
  type goodsListLine,
} from '../../../core/schemas/goods-lists.js';
import type { Conn, Db, Tx } from '../../db/client.js';
import { goodsListItems, goodsLists } from '../../db/schema/goods-lists.js';
import type { SessionUser } from '../../http/auth.js';
import { invalid, notFound } from '../../http/envelope.js';
import { goodsByIds, goodsView, visibleAmong, visibleGoodsByIds, type Viewer } from '../catalogue/index.js';
import type { Download } from '../../http/download.js';
import { goodsListWorkbook } from './excel.js';
import { cartNumberOf, priceAt } from './quantities.js';

export const LIST_MISSING = '清单不存在';
export const LISTS_FULL = `最多创建${GOODS_LISTS_MAX}个清单，请先删除不用的清单`;
export const ITEMS_FULL = `每个清单最多${GOODS_LIST_ITEMS_MAX}种商品`;

type Line = z.output<typeof goodsListLine>;
type ListRow = typeof goodsLists.$inferSelect;

/** The first key of the advisory lock of an account's lists; the second is the account. */
const LISTS_LOCK = 38_002;
const takeTurn = (tx: Tx, userId: number) => tx.execute(sql`select pg_advisory_xact_lock(${LISTS_LOCK}::int, ${userId}::int)`);

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** The account's list `id`, or 404. */
async function ownList(conn: Conn, userId: number, id: number): Promise<ListRow> {
  const [row] = await conn
    .select()
    .from(goodsLists)
    .where(and(eq(goodsLists.id, id), eq(goodsLists.userId, userId)));
  if (!row) throw notFound(LIST_MISSING);
  return row;
}

async function itemCount(conn: Conn, listId: number): Promise<number> {
  const [{ n }] = await conn.select({ n: count() }).from(goodsListItems).where(eq(goodsListItems.listId, listId));
  return n;
}

const summary = (row: ListRow, n: number): GoodsListSummary => ({ id: row.id, name: row.name, count: n, updated_at: seconds(row.updatedAt) });

/** GET /api/goods_list: the account's lists, the latest changed first. */
export async function listsOf(db: Db, userId: number): Promise<GoodsLists> {
  const rows = await db
    .select({ list: goodsLists, n: sql<number>`(select count(*)::int from ${goodsListItems} where ${goodsListItems.listId} = ${goodsLists.id})` })
    .from(goodsLists)
    .where(eq(goodsLists.userId, userId))
    .orderBy(desc(goodsLists.updatedAt), desc(goodsLists.id));
  return { data: rows.map((r) => summary(r.list, Number(r.n))), max: GOODS_LISTS_MAX, items_max: GOODS_LIST_ITEMS_MAX };
}

/**
 * Checks lines against their goods before any transaction: goods the buyer may see, quantities in whole middle
 * packages (422 on the line's field, in Chinese).
 */
async function checkLines(db: Db, viewer: Viewer, lines: Line[], field = 'items') {
  const goods = new Map(
    (
      await visibleGoodsByIds(
        db,
        lines.map((l) => l.goods_id),
        viewer,
      )
    ).map((g) => [g.id, g]),
  );
  lines.forEach((l, i) => {
    const g = goods.get(l.goods_id);
    if (!g) throw invalid(`${field}.${i}.goods_id`, '商品不存在或已下架');
    if (l.number % g.zbz !== 0) throw invalid(`${field}.${i}.number`, `${g.name}的数量须为中包装${g.zbz}${g.bzdw}的整数倍`);
  });
}

/** Puts checked lines in a list inside the caller's transaction (a goods already there takes the new quantity); answers the new ones. */
async function putLines(tx: Tx, list: ListRow, lines: Line[]): Promise<number> {
  if (!lines.length) return 0;
  const held = await tx
    .select({ goodsId: goodsListItems.goodsId })
    .from(goodsListItems)
    .where(
      and(
        eq(goodsListItems.listId, list.id),
        inArray(
          goodsListItems.goodsId,
          lines.map((l) => l.goods_id),
        ),
      ),
    );
  const added = lines.length - held.length;
  if ((await itemCount(tx, list.id)) + added > GOODS_LIST_ITEMS_MAX) throw invalid('items', ITEMS_FULL);
  await tx
    .insert(goodsListItems)
    .values(lines.map((l) => ({ listId: list.id, goodsId: l.goods_id, quantity: l.number })))
    .onConflictDoUpdate({ target: [goodsListItems.listId, goodsListItems.goodsId], set: { quantity: sql`excluded.quantity` } });
  await tx.update(goodsLists).set({ updatedAt: new Date() }).where(eq(goodsLists.id, list.id));
  return added;
}

/**
 * POST /api/goods_list: a new list with its first lines. A name the account already has answers that list, with
 * the lines put in it: a create posted twice at once (a double click) makes one list.
 */
export async function createList(db: Db, user: SessionUser, viewer: Viewer, body: z.output<typeof goodsListCreateBody>): Promise<GoodsListSaved> {
  await checkLines(db, viewer, body.items);
  return db.transaction(async (tx) => {
    await takeTurn(tx, user.id);
    let [list] = await tx
      .select()
      .from(goodsLists)
      .where(and(eq(goodsLists.userId, user.id), eq(goodsLists.name, body.name)));
    if (!list) {
      const [{ n }] = await tx.select({ n: count() }).from(goodsLists).where(eq(goodsLists.userId, user.id));
      if (n >= GOODS_LISTS_MAX) throw invalid('name', LISTS_FULL);
      [list] = await tx.insert(goodsLists).values({ userId: user.id, name: body.name }).returning();
    }
    const added = await putLines(tx, list, body.items);
    return { ...summary(list, await itemCount(tx, list.id)), added };
  });
}

/** POST /api/goods_list/{id}: renames a list; a name another of the account's lists has is refused. */
export async function renameList(db: Db, user: SessionUser, id: number, name: string): Promise<GoodsListSummary> {
  return db.transaction(async (tx) => {
    await takeTurn(tx, user.id);
    await ownList(tx, user.id, id);
    const [same] = await tx
      .select({ id: goodsLists.id })
      .from(goodsLists)
      .where(and(eq(goodsLists.userId, user.id), eq(goodsLists.name, name), ne(goodsLists.id, id)));
    if (same) throw invalid('name', `已有名为“${name}”的清单`);
    const [row] = await tx.update(goodsLists).set({ name, updatedAt: new Date() }).where(eq(goodsLists.id, id)).returning();
    return summary(row, await itemCount(tx, id));
  });
}

/** DELETE /api/goods_list/{id}: the list and its lines. */
export async function deleteList(db: Db, user: SessionUser, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await takeTurn(tx, user.id);
    await ownList(tx, user.id, id);
    await tx.delete(goodsLists).where(eq(goodsLists.id, id));
  });
}

/** POST /api/goods_list/{id}/items: puts lines in the list (a goods already there takes the new quantity). */
export async function putItems(db: Db, user: SessionUser, viewer: Viewer, id: number, items: Line[]): Promise<GoodsListSaved> {
  await ownList(db, user.id, id);
  await checkLines(db, viewer, items);
  return db.transaction(async (tx) => {
    await takeTurn(tx, user.id);
    const list = await ownList(tx, user.id, id);
    const added = await putLines(tx, list, items);
    return { ...summary(list, await itemCount(tx, id)), added };
  });
}

/** POST /api/goods_list/{id}/remove: takes goods out of the list (goods not in it are ignored). */
export async function removeItems(db: Db, user: SessionUser, id: number, goodsIds: number[]): Promise<GoodsListSummary> {
  return db.transaction(async (tx) => {
    await takeTurn(tx, user.id);
    const list = await ownList(tx, user.id, id);
    await tx.delete(goodsListItems).where(and(eq(goodsListItems.listId, id), inArray(goodsListItems.goodsId, goodsIds)));
    await tx.update(goodsLists).set({ updatedAt: new Date() }).where(eq(goodsLists.id, id));
    return summary(list, await itemCount(tx, id));
  });
}

/** The lines of a list (the chosen goods only, when `goodsIds` is given), the latest added first. */
export async function linesOf(db: Db, user: SessionUser, id: number, goodsIds?: number[]) {
  const list = await ownList(db, user.id, id);
  const where = goodsIds?.length ? and(eq(goodsListItems.listId, id), inArray(goodsListItems.goodsId, goodsIds)) : eq(goodsListItems.listId, id);
  const lines = await db.select().from(goodsListItems).where(where).orderBy(desc(goodsListItems.addedAt), desc(goodsListItems.goodsId));
  return { list, lines };
}

/** GET /api/goods_list/{id}: the list with each line's goods as they are today (price, stock, expiry). */
export async function listDetail(db: Db, user: SessionUser, viewer: Viewer, id: number): Promise<GoodsListDetail> {
  return (await detailAndBarcodes(db, user, viewer, id)).detail;
}

/** GET /api/goods_list/{id}/export: the list as .xlsx. */
export async function listExport(db: Db, user: SessionUser, viewer: Viewer, id: number): Promise<Download> {
  const { detail, barcodes } = await detailAndBarcodes(db, user, viewer, id);
  return goodsListWorkbook(detail, barcodes);
}

async function detailAndBarcodes(db: Db, user: SessionUser, viewer: Viewer, id: number) {
  const { list, lines } = await linesOf(db, user, id);
  const ids = lines.map((l) => l.goodsId);
  const [rows, shown] = await Promise.all([goodsByIds(db, ids), visibleAmong(db, ids, viewer)]);
  const goods = new Map(rows.map((g) => [g.id, g]));
  const items = lines.flatMap((l) => {
    const g = goods.get(l.goodsId);
    if (!g) return [];
    const onSale = shown.has(g.id);
    const item: GoodsListItem = {
      goods: goodsView(g, viewer),
      number: l.quantity,
      cart_number: onSale && g.isBuy ? cartNumberOf(g, l.quantity) : 0,
      price: priceAt(g, l.quantity, viewer),
      on_sale: onSale ? 1 : 0,
      added_at: seconds(l.addedAt),
    };
    return [item];
  });
  return { detail: { ...summary(list, lines.length), items }, barcodes: new Map(rows.map((g) => [g.id, g.tm])) };
}
