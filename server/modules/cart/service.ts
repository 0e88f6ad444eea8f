/**
 * The cart (spec section 7 "Cart"): adding lines, the priced list, quantities, selection, deleting, quick
 * add, checkout, the next hint and copying lines to a chain's stores. Every line is checked against the goods
 * as they are now (approved buyer, on sale, visible, buyable, whole middle packages, stock); the server never
 * keeps a price the browser sent. Lines of another account answer 404.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  CART_ALL,
  type CartCheckout,
  type CartCopy,
  type CartCount,
  type CartDeleted,
  type CartHints,
  type CartLine,
  type CartList,
  type CartTotal,
} from '../../../core/schemas/cart.js';
import { chinaToday } from '../../../core/schemas/admin-goods.js';
import { LineType } from '../../../core/status.js';
import type { Conn, Db } from '../../db/client.js';
import { cartItems } from '../../db/schema/cart.js';
import { anyId, uniqueIds } from '../../db/params.js';
import type { SessionUser } from '../../http/auth.js';
import { invalid, notFound, refuse } from '../../http/envelope.js';
import { requireLicencesValid, requireStoreLicencesValid, storeOf } from '../accounts/index.js';
import { cartFacts, expiriesOfGoodsJsonSql, expiriesOfJson, heldBatchNotes, viewerOfUser } from '../catalogue/index.js';
import { promotionContext } from '../promotions/index.js';
import { addLinesIn, addToCart, lineCount, nearShort, nearUnitsOf, requireApproved } from './add.js';
import { priceCartOf, priceTotalsOf, type Besides } from './pricing.js';
export { addToCart } from './add.js';
import { activityView, hintsView, lineExpiries, lineView, shippingView, totalsView } from './view.js';

const LINE_MISSING = '购物车商品不存在';

export async function cartTotal(db: Db, userId: number): Promise<CartTotal> {
  return { total: await lineCount(db, userId) };
}

/** The priced cart; `filters` keeps the lines of one manjian activity, 0 those that cannot be bought, 99999 all. */
/** A line short of stock with the hold that took its goods off sale, in its reason. */
function withHold(line: CartLine, holds: Map<number, string>): CartLine {
  const note = line.excluded && line.excluded.reason !== 'unselected' ? holds.get(line.goods_id) : undefined;
  return note && line.excluded ? { ...line, excluded: { ...line.excluded, message: `${line.excluded.message}：${note}` } } : line;
}

/** The expiries of the account's lines' goods, read with the lines (one round trip for the list, not two). */
const withExpiries: Besides = {
  key: 'expiries',
  columns: {
    expiries: expiriesOfGoodsJsonSql(
      sql`array(select ${cartItems.goodsId} from ${cartItems} where ${cartItems.userId} = ${sql.placeholder('userId')})`,
      sql`${sql.placeholder('today')}`,
    ),
  },
};

export async function listCart(db: Db, user: SessionUser, filters = CART_ALL): Promise<CartList> {
  requireApproved(user);
  const p = await priceCartOf(db, db, user, {}, { read: withExpiries, values: { today: chinaToday() } });
  const viewer = viewerOfUser(user);
  const lines = p.priced.lines.filter((l) => l.source === 'cart');
  const invalidCount = lines.filter((l) => l.excluded && l.excluded.reason !== 'unselected').length;
  const shown =
    filters === CART_ALL
      ? lines
      : filters === 0
        ? lines.filter((l) => l.excluded && l.excluded.reason !== 'unselected')
        : lines.filter((l) => l.manjian_activity_id === filters);
  const expiries = lineExpiries(lines, expiriesOfJson(p.besides.expiries as string), p.near);
  // A line short of stock because a batch was locked (a quality hold or a recall) says so.
  const short = shown.filter((l) => l.excluded?.reason === 'sold_out' || l.excluded?.reason === 'insufficient_stock');
  const holds = short.length
    ? await heldBatchNotes(
        db,
        short.map((l) => l.goods_id),
      )
    : new Map<number, string>();
  return {
    list: shown.map((l) => withHold(lineView(l, p, viewer, expiries.get(l)), holds)),
    addons: p.priced.lines.filter((l) => l.source === 'huangou').map((l) => lineView(l, p, viewer)),
    activity_data: activityView(p.priced),
    ...shippingView(p.priced),
    next_hints: hintsView(p.priced),
    filter_data: {
      current: filters,
      filters: [
        { id: CART_ALL, name: '全部商品', count: lines.length },
        ...p.priced.activity_data.manjians.map((m) => ({ id: m.activity_id, name: m.name, count: m.line_ids.length })),
        ...(invalidCount ? [{ id: 0, name: '失效商品', count: invalidCount }] : []),
      ],
    },
    total: totalsView(p.priced),
  };
}

/** The account's line, or 404: another account's line does not exist for this one. */
async function ownLine(conn: Conn, userId: number, id: number) {
  const [line] = await conn
    .select()
    .from(cartItems)
    .where(and(eq(cartItems.id, id), eq(cartItems.userId, userId)));
  const [g] = line ? await cartFacts(conn, [line.goodsId]) : [];
  if (!line || !g) throw notFound(LINE_MISSING);
  return { line, goods: g };
}

async function ownIds(conn: Conn, userId: number, ids: number[]) {
  const unique = [...new Set(ids)];
  const rows = await conn
    .select({ id: cartItems.id })
    .from(cartItems)
    .where(and(eq(cartItems.userId, userId), inArray(cartItems.id, unique)));
  if (rows.length !== unique.length) throw notFound(LINE_MISSING);
  return unique;
}

export async function editNumber(db: Db, user: SessionUser, id: number, number: number): Promise<CartList> {
  requireApproved(user);
  const { line, goods: g } = await ownLine(db, user.id, id);
  if (line.type !== 3 && number % g.zbz !== 0) throw invalid('params.number', `${g.name}的采购数量须为中包装${g.zbz}${g.bzdw}的整数倍`);
  if (line.type === LineType.near) {
    const units = (await nearUnitsOf(db, [{ goods_id: g.id, type: String(LineType.near) }])).get(g.id) ?? 0;
    if (number > units) throw nearShort(g, units);
  } else if (line.type !== 3 && number > g.number)
    throw refuse(g.number > 0 ? `${g.name}库存不足，最多可采购${Math.floor(g.number / g.zbz) * g.zbz}${g.bzdw}` : `${g.name}已售罄`);
  await db.update(cartItems).set({ number }).where(eq(cartItems.id, id));
  return listCart(db, user);
}

export async function batchSelect(db: Db, user: SessionUser, ids: number[], selected: boolean): Promise<CartList> {
  requireApproved(user);
  const own = await ownIds(db, user.id, ids);
  await db
    .update(cartItems)
    .set({ isSelected: selected })
    .where(and(eq(cartItems.userId, user.id), inArray(cartItems.id, own)));
  return listCart(db, user);
}

export async function batchDelete(db: Db, user: SessionUser, ids: number[]): Promise<CartDeleted> {
  const own = await ownIds(db, user.id, ids);
  await db.delete(cartItems).where(and(eq(cartItems.userId, user.id), inArray(cartItems.id, own)));
  return { cart: await lineCount(db, user.id), deleted: own };
}

/** 快速加购: one middle package (or `number`) of goods the buyer bought before or keeps. */
export async function quickAdd(db: Db, user: SessionUser, goodsId: number, number?: number): Promise<CartCount> {
  const [g] = await cartFacts(db, [goodsId]);
  if (!g) throw notFound('商品不存在或已下架');
  return addToCart(db, user, [{ goods_id: goodsId, number: number ?? g.zbz }]);
}

/** 去结算: exactly these lines are chosen; at least one of them must be buyable now. */
export async function checkout(db: Db, user: SessionUser, ids: number[]): Promise<CartCheckout> {
  requireApproved(user);
  requireLicencesValid(user);
  const own = uniqueIds(ids);
  // One statement: the selection changes only when every id is a line of this account, else nothing changes.
  const chosen = anyId(sql`id`, own);
  // Lines already chosen as wanted are not written again (a buyer coming back to the same selection).
  const result = (await db.execute(sql`
    with mine as (select count(*)::int as n from ${cartItems} where user_id = ${user.id} and ${chosen}),
    changed as (
      update ${cartItems} set is_selected = (${chosen})
      where user_id = ${user.id} and (select n from mine) = ${own.length} and is_selected <> (${chosen})
      returning id
    )
    select (select n from mine) as n, (select count(*) from changed) as changed`)) as unknown as { rows: { n: number }[] };
  if (Number(result.rows[0].n) !== own.length) throw notFound(LINE_MISSING);
  const p = await priceTotalsOf(db, db, user, { lineIds: own });
  const counted = p.priced.lines.filter((l) => l.counted && l.source === 'cart');
  if (!counted.length) {
    const reason = p.priced.lines.find((l) => l.excluded)?.excluded?.message;
    throw refuse(reason ? `所选商品暂时无法购买：${reason}` : '请选择要结算的商品');
  }
  return { ids: counted.flatMap((l) => (l.id === null ? [] : [l.id])), total: totalsView(p.priced) };
}

/** What to add to reach the next manjian tier, gift, add-on threshold or free shipping. */
export async function nextHint(db: Db, user: SessionUser, activityId?: number): Promise<CartHints> {
  requireApproved(user);
  const p = await priceTotalsOf(db, db, user);
  const hints = hintsView(p.priced).filter((h) => activityId === undefined || h.activity_id === activityId || h.kind === 'shipping');
  return { hints, ...shippingView(p.priced), activity_data: activityView(p.priced) };
}

/**
 * A chain headquarters copies lines to its stores' carts, all or nothing: a store that is not its own answers
 * 404, and a store that may not buy them refuses the whole copy.
 */
export async function copyToStores(db: Db, user: SessionUser, ids: number[], storeIds: number[]): Promise<CartCopy> {
  requireApproved(user);
  requireLicencesValid(user);
  const own = await ownIds(db, user.id, ids);
  const ctx = await promotionContext(db);
  const near = await nearUnitsOf(
    db,
    (await db.select({ goods_id: cartItems.goodsId, type: cartItems.type }).from(cartItems).where(inArray(cartItems.id, own))).map((l) => ({
      goods_id: l.goods_id,
      type: String(l.type),
    })),
  );
  return db.transaction(async (tx) => {
    const lines = await tx.select().from(cartItems).where(inArray(cartItems.id, own));
    const copied: CartCopy['stores'] = [];
    for (const id of [...new Set(storeIds)]) {
      const store = await storeOf(tx, user.id, id);
      if (!store) throw notFound('门店不存在');
      if (store.isPassed !== 1) throw refuse(`${store.company}的资质尚未审核通过，不能为其加购`);
      requireStoreLicencesValid(store);
      const result = await addLinesIn(
        tx,
        ctx,
        store,
        lines.map((l) => ({
          goods_id: l.goodsId,
          number: l.number,
          type: String(l.type) as '0' | '1' | '3' | '4',
          combination_id: l.combinationId ?? undefined,
        })),
        near,
      );
      copied.push({ store_id: store.id, cart: result.cart });
    }
    return { stores: copied };
  });
}
