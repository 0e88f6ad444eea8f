/** What the console's goods tests share: the app, an operator and a buyer signed in, the goods a test creates; `openGoodsConsole()` opens them for a file. */
import { beforeAll, afterAll, expect } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { auditLog } from '../../db/schema/operators.js';
import { brands, categories } from '../../db/schema/catalogue.js';
import { agent, buildTestApp, loginAs, operatorLogin, type TestApp } from '../../testing.js';

export let t: TestApp;
export let ops: Awaited<ReturnType<typeof operatorLogin>>;
export let buyer: ReturnType<typeof agent>;
/** A category without sub-categories, one with them, a brand and a 经营范围 class. */
export let leaf: number;
export let parent: number;
export let brandId: number;
export let scopeId: number;

let serial = 0;
/** A goods form that holds, with a name no seeded goods has. */
export function newGoods(over: Record<string, unknown> = {}) {
  serial += 1;
  return {
    name: `测试灵芝孢子胶囊${serial}号`,
    sccj: '杭州测试制药有限公司',
    ypgg: '0.3g*60粒',
    bzdw: '盒',
    pzwh: `国药准字Z2099${String(1000 + serial)}`,
    jx: '胶囊剂',
    cfl: '甲类OTC',
    scrq: '2025-03-01',
    xq: '2028-02-28',
    zbz: 5,
    jzl: 200,
    ccfs: '阴凉',
    category_id: leaf,
    brand_id: brandId,
    scope_id: null,
    is_free_shipping: 1,
    free_shipping_number: 50,
    tags: ['新'],
    base_price: '36.80',
    ladder_price: [
      { number: 10, price: '35.50' },
      { number: 50, price: '34.00' },
    ],
    instructions: '【功能主治】扶正固本。\n【用法用量】口服，一次2粒，一日2次。',
    number: 500,
    ...over,
  };
}

export async function create(over: Record<string, unknown> = {}) {
  const res = await ops.post('/api/admin/goods', newGoods(over));
  expect(res.body.code, res.body.message).toBe(10000);
  return res.body.data as { id: number; name: string; base_price: string; number: number };
}

export const auditOf = (id: number, action: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'goods'), eq(auditLog.targetId, String(id)), eq(auditLog.action, action)))
    .orderBy(asc(auditLog.id));

/** Opens the app and signs the accounts in before the file's tests, and closes it after them. */
export function openGoodsConsole() {
  beforeAll(async () => {
    t = await buildTestApp({ goods: 60, config: { RATE_LIMIT_FACTOR: 10 } });
    ops = await operatorLogin(t.app, 'ops');
    buyer = await loginAs(t.app, 'demo');
    const cats = await t.db.select().from(categories).orderBy(asc(categories.id));
    const parents = new Set(cats.map((c) => c.parentId));
    leaf = cats.find((c) => c.parentId !== 0 && !parents.has(c.id))!.id;
    parent = cats.find((c) => parents.has(c.id))!.id;
    [{ id: brandId }] = await t.db.select({ id: brands.id }).from(brands).limit(1);
    scopeId = (await agent(t.app).get('/api/user/jyfw')).body.data[0].id;
  });
  afterAll(async () => t?.close());
}
