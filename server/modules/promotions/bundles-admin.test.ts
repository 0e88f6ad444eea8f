/**
 * 营销活动 › 组合购 as operators use it: a bundle composed in the console is offered on /zhzq at once and bought
 * as a cart line of type 3 at its price; editing it changes the price the cart shows; 下架 takes it off the page;
 * bad forms answer 422 on the field with nothing written; other roles, buyers and guests are refused; every write
 * is in the audit log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, desc, eq, gt } from 'drizzle-orm';
import { okOf } from '../../../core/schemas/envelope.js';
import { AdminBundlePage } from '../../../core/schemas/admin-promotions.js';
import { activities, auditLog, cartItems, combinations, goods } from '../../db/schema/index.js';
import { undeclared } from '../../http/serializer.js';
import { agent, buildTestApp, dbLabel, loginAs, operatorLogin, type TestApp } from '../../testing.js';

let t: TestApp;
let ops: Awaited<ReturnType<typeof operatorLogin>>;
let activityId: number;
type GoodsRow = typeof goods.$inferSelect;
let members: GoodsRow[];

beforeAll(async () => {
  t = await buildTestApp({ goods: 200, config: { RATE_LIMIT_FACTOR: 100 } });
  ops = await operatorLogin(t.app, 'ops');
  [{ id: activityId }] = await t.db.select({ id: activities.id }).from(activities).where(eq(activities.type, 'combination'));
  members = await t.db
    .select()
    .from(goods)
    .where(and(eq(goods.isKx, false), eq(goods.isBuy, true), eq(goods.isOnSale, true), eq(goods.isEphedrine, false), gt(goods.number, 500)))
    .orderBy(asc(goods.id))
    .limit(3);
});
afterAll(async () => t?.close());

const separateFen = (n: number[]) => members.slice(0, n.length).reduce((sum, g, i) => sum + g.basePrice * n[i], 0);
const yuan = (fen: number) => (fen / 100).toFixed(2);
const form = (over: Record<string, unknown> = {}) => ({
  activity_id: activityId,
  name: '运营组合：测试两件套',
  price: yuan(Math.floor(separateFen([2, 1]) * 0.8)),
  items: [
    { goods_id: members[0].id, number: 2 },
    { goods_id: members[1].id, number: 1 },
  ],
  ...over,
});
const bundleCount = async () => (await t.db.select({ n: count() }).from(combinations))[0].n;

describe(`console bundles on ${dbLabel}`, () => {
  it('composes a bundle that /zhzq offers at once and the cart sells at its price, edits it and takes it off', async () => {
    const chain = await loginAs(t.app, 'chain');
    // The page is a shared answer: read it first, so that the write must drop it.
    expect((await chain.get('/api/activity/combination')).body.code).toBe(10000);

    const made = await ops.post('/api/admin/bundles', form());
    expect(made.body.code, JSON.stringify(made.body)).toBe(10000);
    const price = Math.floor(separateFen([2, 1]) * 0.8);
    expect(made.body.data).toMatchObject({
      name: '运营组合：测试两件套',
      price: yuan(price),
      separate_price: yuan(separateFen([2, 1])),
      saving: yuan(separateFen([2, 1]) - price),
      is_show: 1,
      activity_state: '进行中',
      items: [
        { goods_id: members[0].id, number: 2, name: members[0].name },
        { goods_id: members[1].id, number: 1 },
      ],
    });
    const id = made.body.data.id;
    const listed = await ops.get('/api/admin/bundles?keyword=测试两件套');
    expect(undeclared(listed.body, okOf(AdminBundlePage).parse(listed.body))).toEqual([]);
    expect(listed.body.data.data.map((b: { id: number }) => b.id)).toEqual([id]);

    const offered = (await chain.get('/api/activity/combination')).body.data.bundles.find((b: { id: number }) => b.id === id);
    expect(offered).toMatchObject({ price: yuan(price), separate_price: yuan(separateFen([2, 1])) });
    const add = await chain.post('/api/cart', { params: [{ goods_id: members[0].id, number: 1, type: '3', combination_id: id }] });
    expect(add.body.code, JSON.stringify(add.body)).toBe(10000);
    const [line] = await t.db.select().from(cartItems).where(eq(cartItems.combinationId, id));
    expect(line).toBeTruthy();

    // Three goods now, at a new price: the page and the audit log follow.
    const edited = await ops.post(
      `/api/admin/bundles/${id}`,
      form({
        name: '运营组合：测试三件套',
        price: yuan(separateFen([2, 1, 1]) - 100),
        items: [
          { goods_id: members[0].id, number: 2 },
          { goods_id: members[1].id, number: 1 },
          { goods_id: members[2].id, number: 1 },
        ],
      }),
    );
    expect(edited.body.data).toMatchObject({ name: '运营组合：测试三件套', saving: '1.00' });
    const again = (await chain.get('/api/activity/combination')).body.data.bundles.find((b: { id: number }) => b.id === id);
    expect(again.items).toHaveLength(3);
    expect(again.price).toBe(yuan(separateFen([2, 1, 1]) - 100));

    const off = await ops.post(`/api/admin/bundles/${id}/show`, { is_show: 0 });
    expect(off.body.data.is_show).toBe(0);
    const page = (await chain.get('/api/activity/combination')).body.data;
    expect(page.bundles.map((b: { id: number }) => b.id)).not.toContain(id);
    const refused = await chain.post('/api/cart', { params: [{ goods_id: members[0].id, number: 1, type: '3', combination_id: id }] });
    expect(refused.body.code).not.toBe(10000);

    const actions = (await t.db.select().from(auditLog).where(eq(auditLog.targetType, 'combination')).orderBy(desc(auditLog.id)).limit(3)).map((r) => r.action);
    expect(actions).toEqual(['bundle.disable', 'bundle.update', 'bundle.create']);
  });

  it('answers a bad bundle with 422 on its field and writes nothing', async () => {
    const [welfare] = await t.db.select({ id: activities.id }).from(activities).where(eq(activities.type, 'welfare'));
    const before = await bundleCount();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '' }, 'name', '请输入组合名称'],
      [{ price: '0' }, 'price', '组合价须大于0'],
      [{ price: yuan(separateFen([2, 1])) }, 'price', `组合价须低于单买合计¥${yuan(separateFen([2, 1]))}`],
      [{ items: [{ goods_id: members[0].id, number: 1 }] }, 'items', '组合至少包含2个商品'],
      [
        {
          items: [
            { goods_id: members[0].id, number: 1 },
            { goods_id: members[0].id, number: 2 },
          ],
        },
        'items.1.goods_id',
        '组合中的商品不能重复',
      ],
      [
        {
          items: [
            { goods_id: members[0].id, number: 1 },
            { goods_id: 99999999, number: 1 },
          ],
        },
        'items.1.goods_id',
        '商品不存在',
      ],
      [
        {
          items: [
            { goods_id: members[0].id, number: 0 },
            { goods_id: members[1].id, number: 1 },
          ],
        },
        'items.0.number',
        '数量至少为1',
      ],
      [{ activity_id: welfare.id }, 'activity_id', '请选择组合购活动'],
    ];
    for (const [over, field, message] of cases) {
      const res = await ops.post('/api/admin/bundles', form(over));
      expect(res.status, JSON.stringify(over)).toBe(422);
      const errors = res.body.data.errors[field];
      expect(errors, `${field} of ${JSON.stringify(over)}: ${JSON.stringify(res.body.data.errors)}`).toBeTruthy();
      expect(errors[0]).toBe(message);
    }
    expect(await bundleCount()).toBe(before);
  });

  it('refuses operators without promotion:write, buyers and guests, and answers 404 for an unknown bundle', async () => {
    const qa = await operatorLogin(t.app, 'qa');
    expect((await qa.get('/api/admin/bundles')).status).toBe(403);
    expect((await qa.post('/api/admin/bundles', form())).status).toBe(403);
    const demo = await loginAs(t.app, 'demo');
    expect((await demo.post('/api/admin/bundles', form())).status).toBe(401);
    expect((await agent(t.app).get('/api/admin/bundles')).status).toBe(401);
    expect((await ops.post('/api/admin/bundles/99999999', form())).status).toBe(404);
    expect((await ops.post('/api/admin/bundles/99999999/show', { is_show: 1 })).status).toBe(404);
  });
});
