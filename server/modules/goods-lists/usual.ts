/**
 * 常购清单 (GET /api/user/fast_buy): the goods the store bought in the last 180 days, China time, with how often,
 * when last, the last quantity and unit price and today's price at that quantity. The list is the session
 * account's: a chain headquarters acting for a store sees the store's.
 */
import type { z } from 'zod';
import { fenToYuan } from '../../../core/money.js';
import { USUAL_GOODS_DAYS, type FastBuyPage, type fastBuyExportQuery, type fastBuyQuery, type FastBuyRow } from '../../../core/schemas/goods-lists.js';
import type { Db } from '../../db/client.js';
import type { SessionUser } from '../../http/auth.js';
import { CHINA_MS, DAY_MS, today } from '../../lib/china-time.js';
import { goodsByIds, goodsView, visibleAmong, type GoodsCore, type Viewer } from '../catalogue/index.js';
import { boughtGoods } from '../orders/index.js';
import type { Download } from '../../http/download.js';
import { usualGoodsWorkbook } from './excel.js';
import { cartNumberOf, inPackages, priceAt } from './quantities.js';

const PER_PAGE = 20;

type Bought = Awaited<ReturnType<typeof boughtGoods>>[number];

/** The first instant of the window: China midnight 179 days before today's. */
export function usualSince(now = Date.now()): Date {
  return new Date(Date.parse(`${today(now)}T00:00:00Z`) - CHINA_MS - (USUAL_GOODS_DAYS - 1) * DAY_MS);
}

const ORDERS = {
  time: (a: Bought, b: Bought) => b.lastTime - a.lastTime,
  count: (a: Bought, b: Bought) => b.times - a.times || b.lastTime - a.lastTime,
  number: (a: Bought, b: Bought) => b.totalNumber - a.totalNumber || b.lastTime - a.lastTime,
};

/** The account's usual goods it may still see, matching `keywords`, in the asked order. */
async function usualBought(db: Db, user: SessionUser, viewer: Viewer, q: z.infer<typeof fastBuyExportQuery>, now = Date.now()): Promise<Bought[]> {
  const bought = await boughtGoods(db, user.id, usualSince(now));
  const shown = await visibleAmong(
    db,
    bought.map((b) => b.goodsId),
    viewer,
    q.keywords,
  );
  const byOrder = ORDERS[q.order];
  return bought.filter((b) => shown.has(b.goodsId)).sort((a, b) => byOrder(a, b) || a.goodsId - b.goodsId);
}

function usualRow(b: Bought, g: GoodsCore, viewer: Viewer): FastBuyRow {
  return {
    goods: goodsView(g, viewer),
    last_number: b.lastNumber,
    last_price: viewer.approved ? fenToYuan(b.lastPrice) : null,
    cart_number: cartNumberOf(g, b.lastNumber),
    price: priceAt(g, inPackages(g, b.lastNumber), viewer),
    times: b.times,
    total_number: b.totalNumber,
    last_time: Math.floor(b.lastTime / 1000),
  };
}

/** The rows of `bought` with their goods as they are now (a goods gone since is left out), and the goods' barcodes. */
async function withGoods(db: Db, bought: Bought[], viewer: Viewer): Promise<{ rows: FastBuyRow[]; barcodes: Map<number, string> }> {
  const rows = new Map(
    (
      await goodsByIds(
        db,
        bought.map((b) => b.goodsId),
      )
    ).map((g) => [g.id, g]),
  );
  return {
    rows: bought.flatMap((b) => {
      const g = rows.get(b.goodsId);
      return g ? [usualRow(b, g, viewer)] : [];
    }),
    barcodes: new Map([...rows.values()].map((g) => [g.id, g.tm])),
  };
}

/** GET /api/user/fast_buy: a page of the usual goods (20 a page). */
export async function usualGoodsPage(db: Db, user: SessionUser, viewer: Viewer, q: z.infer<typeof fastBuyQuery>, perPage = PER_PAGE): Promise<FastBuyPage> {
  const all = await usualBought(db, user, viewer, q);
  const { rows: data } = await withGoods(db, all.slice((q.page - 1) * perPage, q.page * perPage), viewer);
  return { current_page: q.page, data, last_page: Math.max(1, Math.ceil(all.length / perPage)), per_page: perPage, total: all.length, days: USUAL_GOODS_DAYS };
}

/** GET /api/user/fast_buy/export: every usual goods in the asked order, as .xlsx. */
export async function usualGoodsExport(db: Db, user: SessionUser, viewer: Viewer, q: z.infer<typeof fastBuyExportQuery>): Promise<Download> {
  const { rows, barcodes } = await withGoods(db, await usualBought(db, user, viewer, q), viewer);
  return usualGoodsWorkbook(rows, barcodes);
}
