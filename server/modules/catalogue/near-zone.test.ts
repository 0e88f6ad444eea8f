/**
 * The near-expiry zone built from batches: what it lists and what its cards offer, held to the batches themselves,
 * and its price order, price range and 仅显示有货 by those offers.
 */
import { describe, it, expect } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { goodsListQuery, type Goods } from '../../../core/schemas/goods.js';
import { chinaToday } from '../../../core/schemas/admin-goods.js';
import { fenToYuan } from '../../../core/money.js';
import { LineType } from '../../../core/status.js';
import { cartItems, goods, goodsBatches, users } from '../../db/schema/index.js';
import { clearKeptAnswers } from '../../http/cache.js';
import { dbLabel, operatorLogin } from '../../testing.js';
import { listGoods } from './lists.js';
import { forgetGoodsIndex } from './list-index.js';
import { syncGoodsStock } from './batches.js';
import { giveBatches, untakenGoods } from './batches.fixture.js';
import { t, demo, openCatalogue } from './catalogue.fixture.js';

openCatalogue();

const day = (offset: number) => new Date(Date.parse(`${chinaToday()}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
const viewer = { userId: null, approved: true, special: false, priceTip: null };

/** Every page of the zone, as the index or the database works it out. */
async function zone(via: 'index' | 'database', extra: Record<string, string> = {}): Promise<Goods[]> {
  const out: Goods[] = [];
  for (let page = 1; ; page++) {
    const p = await listGoods(t.db, goodsListQuery.parse({ zone: 'jxq', per_page: '100', page: String(page), ...extra }), viewer, { via });
    out.push(...p.data);
    if (page >= p.last_page) return out;
  }
}

/** The zone as the batches say, worked out here from the rows: goods id to its offer (null for a listing). */
async function expected() {
  const today = chinaToday();
  const rows = await t.db
    .select()
    .from(goods)
    .where(and(eq(goods.isOnSale, true), eq(goods.isKx, false)));
  const batches = await t.db
    .select()
    .from(goodsBatches)
    .where(
      inArray(
        goodsBatches.goodsId,
        rows.map((r) => r.id),
      ),
    );
  const out = new Map<number, { price: number; units: number; xq: string } | null>();
  for (const g of rows) {
    const limit = day(g.minShelfDays);
    const near = batches
      .filter((b) => b.goodsId === g.id && b.status === 1 && b.quantity > b.held && b.xq > today && b.xq <= limit)
      .sort((a, b) => a.xq.localeCompare(b.xq) || a.id - b.id);
    if (near.length)
      out.set(g.id, {
        price: near[0].clearancePrice ?? Math.round((g.basePrice * 70) / 100),
        units: near.reduce((s, b) => s + b.quantity - b.held, 0),
        xq: near[0].xq,
      });
    else if (g.minShelfDays === 0 && g.xq <= day(183)) out.set(g.id, null);
  }
  return out;
}

describe(`the near-expiry zone from batches on ${dbLabel}`, () => {
  it('lists exactly the goods whose batches offer near units, and the listings, at the batches’ price, units and expiry', async () => {
    // Two goods of the ordinary kind get near batches: one at its own price, one at the default rate; a third a
    // near batch that is locked, a fourth one with every unit held, a fifth one already expired.
    const plain = await t.db
      .select({ id: goods.id, basePrice: goods.basePrice })
      .from(goods)
      .where(and(eq(goods.isOnSale, true), eq(goods.isKx, false), eq(goods.minShelfDays, 183)))
      .orderBy(goods.id)
      .limit(5);
    const add = (goodsId: number, no: string, xq: string, more: Partial<typeof goodsBatches.$inferInsert>) =>
      t.db.insert(goodsBatches).values({ goodsId, batchNo: no, scrq: day(-600), xq, quantity: 40, status: 1, ...more });
    await add(plain[0].id, 'N-OWN-1', day(60), { clearancePrice: 123 });
    await add(plain[0].id, 'N-OWN-2', day(90), { clearancePrice: 456, quantity: 10 });
    await add(plain[1].id, 'N-RATE', day(100), {});
    await add(plain[2].id, 'N-LOCK', day(100), { status: 2 });
    await add(plain[3].id, 'N-HELD', day(100), { held: 40 });
    await add(plain[4].id, 'N-GONE', day(-1), {});
    await t.db.transaction((tx) =>
      syncGoodsStock(
        tx,
        plain.map((p) => p.id),
      ),
    );
    clearKeptAnswers(t.db);

    const want = await expected();
    expect(want.get(plain[0].id)).toEqual({ price: 123, units: 50, xq: day(60) });
    expect(want.get(plain[1].id)).toEqual({ price: Math.round((plain[1].basePrice * 70) / 100), units: 40, xq: day(100) });
    for (const p of plain.slice(2)) expect(want.has(p.id)).toBe(false);

    for (const via of ['index', 'database'] as const) {
      const listed = await zone(via);
      expect(new Set(listed.map((g) => g.id)), via).toEqual(new Set(want.keys()));
      expect(listed.length).toBe(want.size);
      // A card of near batches is their offer; a near-expiry listing's card is the goods' own.
      const byId = (a: [number, unknown], b: [number, unknown]) => a[0] - b[0];
      const seen = listed.map((c): [number, unknown] => [
        c.id,
        c.type === LineType.near ? { price: c.base_price, units: c.number, xq: c.xq, tagged: c.tags.includes('近效期'), tiers: c.ladder_price.length } : null,
      ]);
      const offered = [...want].map(([id, o]): [number, unknown] => [id, o && { price: fenToYuan(o.price), units: o.units, xq: o.xq, tagged: true, tiers: 0 }]);
      expect(seen.sort(byId)).toEqual(offered.sort(byId));
    }
    // Outside the zone the goods sells as before: its own price, its stock that sells, no near line.
    const [outside] = (await listGoods(t.db, goodsListQuery.parse({ keywords: '', per_page: '100' }), viewer, { among: [plain[0].id] })).data;
    expect(outside).toMatchObject({ id: plain[0].id, base_price: fenToYuan(plain[0].basePrice) });
    expect(outside.type).not.toBe(LineType.near);
    expect(outside.tags).not.toContain('近效期');

    // A guest sees the zone's cards without their prices.
    const guestCard = (
      await listGoods(t.db, goodsListQuery.parse({ zone: 'jxq', per_page: '100' }), { ...viewer, approved: false, priceTip: '登录可见' })
    ).data.find((g) => g.id === plain[0].id);
    expect(guestCard).toMatchObject({ base_price: null, number: 50 });
    // Over HTTP, as the storefront reads it.
    const body = (await demo.get('/api/goods/list?zone=jxq&per_page=100')).body.data;
    expect(body.data.find((g: Goods) => g.id === plain[1].id)).toMatchObject({ type: LineType.near, xq: day(100) });
  });
});

describe(`the zone's price order, price range and 仅显示有货 by its offers on ${dbLabel}`, () => {
  it('sorts and finds a dear goods by its cheap near price, lists near units under 仅显示有货, and follows an order and a lock', async () => {
    const [dear, nearOnly] = await untakenGoods(t.db, { limit: 2 });
    await t.db.update(goods).set({ basePrice: 98_765, minShelfDays: 183 }).where(eq(goods.id, dear.id));
    await t.db.update(goods).set({ minShelfDays: 183 }).where(eq(goods.id, nearOnly.id));
    // ¥987.65 as itself, ¥0.50 near expiry; the other holds no units but near ones.
    const batches = await giveBatches(t.db, dear.id, [
      { no: 'D-NEAR', days: 50, quantity: 30, price: 50 },
      { no: 'D-FRESH', days: 400, quantity: 20 },
    ]);
    await giveBatches(t.db, nearOnly.id, [{ no: 'O-NEAR', days: 80, quantity: 6, price: 1_234 }]);
    clearKeptAnswers(t.db);
    const page = async (query: string) => {
      const out: Goods[] = [];
      for (let p = 1; ; p++) {
        const body = (await demo.get(`/api/goods/list?zone=jxq&per_page=100&page=${p}&${query}`)).body.data;
        out.push(...(body.data as Goods[]));
        if (p >= body.last_page) return out;
      }
    };

    // Cheapest first by what the cards show: the dear goods at ¥0.50, ahead of goods far cheaper than ¥987.65.
    const cheapest = await page('sort=price&order=asc');
    const prices = cheapest.map((g) => Number(g.base_price));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const at = cheapest.findIndex((g) => g.id === dear.id);
    expect(cheapest[at]).toMatchObject({ base_price: '0.50', type: LineType.near });
    expect(prices.slice(at + 1).filter((p) => p < 987.65).length).toBeGreaterThan(0);
    expect((await page('sort=price&order=desc')).map((g) => g.id).indexOf(dear.id)).toBe(cheapest.length - 1 - at);
    // A price range finds it around its near price, not around its own.
    expect((await page('price_min=0.40&price_max=0.60')).map((g) => g.id)).toContain(dear.id);
    expect((await page('price_min=987.00&price_max=988.00')).map((g) => g.id)).not.toContain(dear.id);
    // 仅显示有货: units only near expiry are units in stock there.
    expect(nearOnly.id).not.toBe(dear.id);
    expect((await page('in_stock=1')).find((g) => g.id === nearOnly.id)).toMatchObject({ number: 6, type: LineType.near });

    // An order takes every near unit. Orders write no console change: the index follows once it renews from what
    // moves, as it does when 15 s old (dropping it here is that renewal, with no clock to wait for).
    const [{ id: demoId }] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'demo'));
    await t.db.delete(cartItems).where(eq(cartItems.userId, demoId));
    expect((await demo.post('/api/cart', { params: [{ goods_id: nearOnly.id, number: 6, type: '4' }] })).body.code).toBe(10000);
    const ids = ((await demo.get('/api/cart/list')).body.data.list as { id: number }[]).map((l) => l.id);
    await demo.post('/api/cart/checkout', { ids });
    const confirm = (await demo.get('/api/cart/confirm?coupon_id=0')).body.data;
    const placed = await demo.post('/api/order', { address_id: confirm.address_id, coupon_id: 0 });
    expect(placed.body.code, placed.body.message).toBe(10000);
    forgetGoodsIndex(t.db);
    const inStock = goodsListQuery.parse({ zone: 'jxq', in_stock: '1', per_page: '100' });
    for (const via of ['index', 'database'] as const)
      expect(
        (await listGoods(t.db, inStock, viewer, { via })).data.map((g) => g.id),
        via,
      ).not.toContain(nearOnly.id);

    // qa locks the near batch that sold at ¥0.50: a console write, so the next list already knows.
    const qa = await operatorLogin(t.app, 'qa');
    const locked = await qa.post(`/api/admin/quality/batches/${batches.get('D-NEAR')}/lock`, { reason: '抽检可疑' });
    expect(locked.body.code, locked.body.message).toBe(10000);
    expect((await page('price_min=0.40&price_max=0.60')).map((g) => g.id)).not.toContain(dear.id);
    expect((await page('sort=price&order=asc')).map((g) => g.id)).not.toContain(dear.id);
  });
});
