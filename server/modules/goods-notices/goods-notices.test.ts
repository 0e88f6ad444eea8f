/**
 * 到货通知 and 降价提醒 as buyers and operators meet them: a buyer subscribes a goods out of stock and is told once, by
 * a message that links to the goods, when qa releases a batch of it, however many batches follow and even when two
 * are released at once; a price lowered in the console tells a 降价提醒 once (not a raise, not above its target);
 * guests log in first, a buyer reads and cancels only their own, and goods in stock are not subscribed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, gt, like, lte, ne } from 'drizzle-orm';
import { okOf } from '../../../core/schemas/envelope.js';
import { GoodsNoticePage, GoodsNoticeSaved, GoodsNoticeState } from '../../../core/schemas/goods-notices.js';
import { goods, goodsBatches, goodsNotices, messages, users } from '../../db/schema/index.js';
import { undeclared } from '../../http/serializer.js';
import { agent, anotherConnection, buildTestApp, dbLabel, loginAs, operatorLogin, type TestApp } from '../../testing.js';
import { lockGoods, syncGoodsStock } from '../catalogue/batches.js';
import { dayFrom, takeOne } from '../catalogue/batches.fixture.js';
import { IN_STOCK, PRICES_HIDDEN } from './service.js';
import { sweepGoodsNotices } from './tell.js';

type Agent = ReturnType<typeof agent>;
type Operator = Awaited<ReturnType<typeof operatorLogin>>;
type Goods = typeof goods.$inferSelect;

let t: TestApp;
let demo: Agent;
let chain: Agent;
let pending: Agent;
let qa: Operator;
let warehouse: Operator;
let ops: Operator;
let demoId: number;
let pool: Goods[] = [];

beforeAll(async () => {
  t = await buildTestApp({ goods: 120, config: { RATE_LIMIT_FACTOR: 100 } });
  [demo, chain, pending] = await Promise.all(['demo', 'chain', 'pending'].map((u) => loginAs(t.app, u)));
  [qa, warehouse, ops] = await Promise.all(['qa', 'warehouse', 'ops'].map((u) => operatorLogin(t.app, u)));
  [{ id: demoId }] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'demo'));
  // Goods of their own for each test: buyable, sold in middle packages of at most 10.
  pool = await t.db
    .select()
    .from(goods)
    .where(
      and(
        eq(goods.isOnSale, true),
        eq(goods.isBuy, true),
        eq(goods.isKx, false),
        eq(goods.isEphedrine, false),
        lte(goods.zbz, 10),
        gt(goods.number, 100),
        gt(goods.basePrice, 500),
      ),
    )
    .orderBy(asc(goods.id))
    .limit(16);
});
afterAll(async () => t?.close());

const fresh = () => takeOne(pool);
const goodsNow = async (id: number) => (await t.db.select().from(goods).where(eq(goods.id, id)))[0];
const noticeNow = async (id: number) => (await t.db.select().from(goodsNotices).where(eq(goodsNotices.id, id)))[0];
const badge = async (a: Agent) => (await a.get('/api/user/base')).body.data.message_count as number;
/** The messages of the buyer about a goods (their content links to it). */
const messagesOf = (userId: number, goodsId: number) =>
  t.db
    .select()
    .from(messages)
    .where(and(eq(messages.userId, userId), like(messages.content, `%/list/info/${goodsId}`)));

/** The goods out of stock: every batch it has made 不合格, its stock worked out again. */
async function emptied(g: Goods) {
  await t.db.update(goodsBatches).set({ status: 3 }).where(eq(goodsBatches.goodsId, g.id));
  await t.db.transaction(async (tx) => {
    await lockGoods(tx, [g.id]);
    await syncGoodsStock(tx, [g.id]);
  });
  expect((await goodsNow(g.id)).number).toBe(0);
}

/** The warehouse receives a batch of the goods (待验); answers its id. */
async function received(g: Goods, batchNo: string, quantity = 50) {
  const res = await warehouse.postJson('/api/admin/quality/batches', {
    goods_id: g.id,
    batch_no: batchNo,
    scrq: dayFrom(-30),
    xq: dayFrom(700),
    quantity,
    supplier: '华北制药股份有限公司',
  });
  expect(res.body.code, res.body.message).toBe(10000);
  return res.body.data.id as number;
}

const release = (batchId: number) => qa.postJson(`/api/admin/quality/batches/${batchId}/release`, { decision: 'release' });

async function subscribed(a: Agent, body: Record<string, unknown>) {
  const res = await a.post('/api/goods_notice', body);
  expect(res.body.code, res.body.message).toBe(10000);
  // The answer holds what its schema declares and nothing else.
  expect(undeclared(res.body, okOf(GoodsNoticeSaved).parse(res.body))).toEqual([]);
  return res.body.data as GoodsNoticeSaved;
}

/** ops sets the goods' price (yuan), with no ladder tiers to stand in its way. */
async function priced(g: Goods, yuan: string) {
  const res = await ops.postJson(`/api/admin/goods/${g.id}`, { base_price: yuan, ladder_price: [] });
  expect(res.body.code, res.body.message).toBe(10000);
}

describe(`到货通知 on ${dbLabel}`, () => {
  it('sends a guest to log in, and refuses 到货通知 on goods in stock with a Chinese message', async () => {
    const guest = agent(t.app);
    expect((await guest.get('/api/goods_notice')).status).toBe(401);
    expect((await guest.post('/api/goods_notice', { goods_id: 1, kind: 'arrival' })).status).toBe(401);
    const g = fresh();
    const res = await demo.post('/api/goods_notice', { goods_id: g.id, kind: 'arrival' });
    expect(res.status).toBe(422);
    expect(res.body.data.errors.goods_id).toEqual([IN_STOCK]);
    const bad = await demo.post('/api/goods_notice', { goods_id: g.id, kind: 'soon' });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toMatch(/[\u4e00-\u9fff]/);
    expect(await t.db.select().from(goodsNotices).where(eq(goodsNotices.goodsId, g.id))).toEqual([]);
  });

  it('keeps one subscription however often it is posted, lists it, and tells it once when qa releases a batch', async () => {
    const g = fresh();
    await emptied(g);
    const [first, second] = await Promise.all([subscribed(demo, { goods_id: g.id, kind: 'arrival' }), subscribed(demo, { goods_id: g.id, kind: 'arrival' })]);
    expect(second.id).toBe(first.id);
    expect([first.already, second.already].sort()).toEqual([0, 1]);
    expect(first).toMatchObject({ kind: 'arrival', status: 0, status_text: '等待中', told_at: null, goods: { id: g.id, number: 0 } });
    expect((await subscribed(demo, { goods_id: g.id, kind: 'arrival' })).already).toBe(1);

    const list = await demo.get('/api/goods_notice?kind=arrival');
    expect(undeclared(list.body, okOf(GoodsNoticePage).parse(list.body))).toEqual([]);
    const page = list.body.data as GoodsNoticePage;
    expect(page.data.map((n) => n.id)).toContain(first.id);
    expect(page.counts.arrival).toBeGreaterThanOrEqual(1);
    const state = (await demo.get(`/api/goods_notice/goods/${g.id}`)).body.data as GoodsNoticeState;
    expect(state.arrival?.id).toBe(first.id);
    expect(state.price).toBeNull();

    const unread = await badge(demo);
    const b1 = await received(g, 'DH250101');
    // Received is not yet sellable: nobody is told of a batch waiting for inspection.
    expect((await noticeNow(first.id)).status).toBe(0);
    expect((await release(b1)).body.code).toBe(10000);
    const told = await messagesOf(demoId, g.id);
    expect(told).toHaveLength(1);
    expect(told[0].title).toBe(`您订阅的 ${g.name} ${g.ypgg} 已到货`);
    expect(told[0].content).toContain(`${g.name}（${g.ypgg}，${g.sccj}）已到货`);
    expect(told[0].content.endsWith(`/list/info/${g.id}`)).toBe(true);
    expect(await badge(demo)).toBe(unread + 1);
    expect(await noticeNow(first.id)).toMatchObject({ status: 1, messageId: told[0].id });
    const after = (await demo.get('/api/goods_notice?kind=arrival')).body.data as GoodsNoticePage;
    expect(after.data.find((n) => n.id === first.id)).toMatchObject({ status: 1, status_text: '已通知' });
    expect((await demo.get(`/api/goods_notice/goods/${g.id}`)).body.data.arrival).toBeNull();

    // A second batch released finds nobody waiting.
    expect((await release(await received(g, 'DH250102'))).body.code).toBe(10000);
    expect((await goodsNow(g.id)).number).toBe(100);
    expect(await messagesOf(demoId, g.id)).toHaveLength(1);
    expect(await badge(demo)).toBe(unread + 1);
    // And the goods in stock again takes no new 到货通知.
    expect((await demo.post('/api/goods_notice', { goods_id: g.id, kind: 'arrival' })).status).toBe(422);
  });

  it('tells once when two batches are released at the same moment', async () => {
    const g = fresh();
    await emptied(g);
    const n = await subscribed(demo, { goods_id: g.id, kind: 'arrival' });
    const [a, b] = [await received(g, 'TS250201'), await received(g, 'TS250202')];
    const answers = await Promise.all([release(a), release(b)]);
    expect(answers.map((r) => r.body.code)).toEqual([10000, 10000]);
    expect((await goodsNow(g.id)).number).toBe(100);
    expect(await messagesOf(demoId, g.id)).toHaveLength(1);
    expect((await noticeNow(n.id)).status).toBe(1);
    // The sweep finds nothing more to tell.
    await sweepGoodsNotices(t.db);
    expect(await messagesOf(demoId, g.id)).toHaveLength(1);
  });

  it("answers 404 for another buyer's subscription, and a cancelled one is not told", async () => {
    const g = fresh();
    await emptied(g);
    const n = await subscribed(demo, { goods_id: g.id, kind: 'arrival' });
    expect((await chain.post(`/api/goods_notice/${n.id}/cancel`)).status).toBe(404);
    expect(((await chain.get('/api/goods_notice?kind=arrival')).body.data as GoodsNoticePage).data.map((r) => r.id)).not.toContain(n.id);
    expect((await noticeNow(n.id)).status).toBe(0);
    expect((await demo.post('/api/goods_notice/99999999/cancel')).status).toBe(404);

    const cancelled = await demo.post(`/api/goods_notice/${n.id}/cancel`);
    expect(cancelled.body.data).toMatchObject({ id: n.id, status: 2, status_text: '已取消' });
    expect((await demo.post(`/api/goods_notice/${n.id}/cancel`)).body.data.status).toBe(2);
    // chain's own subscription of the same goods is told; demo's cancelled one is not.
    const theirs = await subscribed(chain, { goods_id: g.id, kind: 'arrival' });
    expect((await release(await received(g, 'QX250301'))).body.code).toBe(10000);
    expect((await noticeNow(theirs.id)).status).toBe(1);
    expect((await noticeNow(n.id)).status).toBe(2);
    expect(await messagesOf(demoId, g.id)).toHaveLength(0);
    // Subscribing again after a cancel makes a new one (the goods is in stock now, so after it runs out again).
    await emptied(g);
    const again = await subscribed(demo, { goods_id: g.id, kind: 'arrival' });
    expect(again).toMatchObject({ already: 0, status: 0 });
    expect(again.id).not.toBe(n.id);
  });

  it('lets a buyer waiting for review subscribe 到货通知, and tells them without a price', async () => {
    const g = fresh();
    await emptied(g);
    const n = await subscribed(pending, { goods_id: g.id, kind: 'arrival' });
    expect(n.price).toBeNull();
    expect(n.goods.base_price).toBeNull();
    expect((await release(await received(g, 'PD250401'))).body.code).toBe(10000);
    const [{ id: pendingId }] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'pending'));
    const told = await messagesOf(pendingId, g.id);
    expect(told).toHaveLength(1);
    expect(told[0].content).not.toMatch(/¥/);
  });
});

describe(`降价提醒 on ${dbLabel}`, () => {
  it('takes a target below today’s price only, and is for buyers who see prices', async () => {
    const g = fresh();
    const now = (g.basePrice / 100).toFixed(2);
    const same = await demo.post('/api/goods_notice', { goods_id: g.id, kind: 'price', target_price: now });
    expect(same.status).toBe(422);
    expect(same.body.data.errors.target_price[0]).toBe(`目标价须低于当前价 ¥${now}`);
    expect((await demo.post('/api/goods_notice', { goods_id: g.id, kind: 'price', target_price: '1.234' })).status).toBe(422);
    const hidden = await pending.post('/api/goods_notice', { goods_id: g.id, kind: 'price' });
    expect(hidden.body).toMatchObject({ code: 400, message: PRICES_HIDDEN });
    expect(await t.db.select().from(goodsNotices).where(eq(goodsNotices.goodsId, g.id))).toEqual([]);
    const n = await subscribed(demo, { goods_id: g.id, kind: 'price' });
    expect(n).toMatchObject({ kind: 'price', price: now, target_price: null, status: 0 });
    // Posting it again with a target keeps the one subscription and takes the target.
    const target = ((g.basePrice - 100) / 100).toFixed(2);
    expect(await subscribed(demo, { goods_id: g.id, kind: 'price', target_price: target })).toMatchObject({ id: n.id, already: 1, target_price: target });
  });

  it('tells once when the console lowers the price, not on a raise', async () => {
    const g = fresh();
    const n = await subscribed(demo, { goods_id: g.id, kind: 'price' });
    const was = (g.basePrice / 100).toFixed(2);
    await priced(g, ((g.basePrice + 500) / 100).toFixed(2));
    expect((await noticeNow(n.id)).status).toBe(0);
    expect(await messagesOf(demoId, g.id)).toHaveLength(0);
    // Back to where it was is no fall below the price subscribed.
    await priced(g, was);
    expect((await noticeNow(n.id)).status).toBe(0);
    const unread = await badge(demo);
    const lower = ((g.basePrice - 50) / 100).toFixed(2);
    await priced(g, lower);
    const told = await messagesOf(demoId, g.id);
    expect(told).toHaveLength(1);
    expect(told[0].title).toBe(`您关注的 ${g.name} ${g.ypgg} 降价了`);
    expect(told[0].content).toContain(`已由 ¥${was} 降至 ¥${lower}`);
    expect(await badge(demo)).toBe(unread + 1);
    expect(await noticeNow(n.id)).toMatchObject({ status: 1, messageId: told[0].id });
    // Told once: a further fall sends nothing more.
    await priced(g, ((g.basePrice - 80) / 100).toFixed(2));
    expect(await messagesOf(demoId, g.id)).toHaveLength(1);
  });

  it('waits for its target: a fall above it tells nothing, one reaching it tells', async () => {
    const g = fresh();
    const target = g.basePrice - 100;
    const n = await subscribed(demo, { goods_id: g.id, kind: 'price', target_price: (target / 100).toFixed(2) });
    await priced(g, ((target + 1) / 100).toFixed(2));
    expect((await noticeNow(n.id)).status).toBe(0);
    expect(await messagesOf(demoId, g.id)).toHaveLength(0);
    await priced(g, (target / 100).toFixed(2));
    const told = await messagesOf(demoId, g.id);
    expect(told).toHaveLength(1);
    expect(told[0].content).toContain(`目标价 ¥${(target / 100).toFixed(2)}`);
    expect((await noticeNow(n.id)).status).toBe(1);
  });

  it('is told by the sweep when a price changed without the console, once even with two processes sweeping', async () => {
    const g = fresh();
    const n = await subscribed(demo, { goods_id: g.id, kind: 'price' });
    await t.db
      .update(goods)
      .set({ basePrice: g.basePrice - 30, ladderPrice: [] })
      .where(eq(goods.id, g.id));
    expect((await noticeNow(n.id)).status).toBe(0);
    const other = await anotherConnection(t);
    try {
      const told = await Promise.all([sweepGoodsNotices(t.db), sweepGoodsNotices(other.db)]);
      expect(told.reduce((a, b) => a + b, 0)).toBe(1);
    } finally {
      await other.close();
    }
    expect(await messagesOf(demoId, g.id)).toHaveLength(1);
    expect((await noticeNow(n.id)).status).toBe(1);
  });

  it('tells nobody else: other goods and other kinds stay waiting', async () => {
    const g = fresh();
    const other = fresh();
    const n = await subscribed(demo, { goods_id: other.id, kind: 'price' });
    await priced(g, ((g.basePrice - 10) / 100).toFixed(2));
    expect((await noticeNow(n.id)).status).toBe(0);
    expect(
      await t.db
        .select()
        .from(goodsNotices)
        .where(and(eq(goodsNotices.goodsId, g.id), ne(goodsNotices.status, 0))),
    ).toEqual([]);
  });
});
