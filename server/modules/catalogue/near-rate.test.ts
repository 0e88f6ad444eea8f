/**
 * The site's default near-expiry rate (近效期默认折扣) set in the console's 站点设置: what a near batch without a price of
 * its own sells at in the zone and in a near-expiry cart line from the next request, audited, and refused to
 * anything but a whole percent from 1 to 100 and to operators who may not set prices.
 */
import { describe, it, expect } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { LineType } from '../../../core/status.js';
import { cartItems, siteConfig, users } from '../../db/schema/index.js';
import { auditLog } from '../../db/schema/operators.js';
import { dbLabel, operatorLogin } from '../../testing.js';
import { t, ops, buyer, create, openGoodsConsole } from './admin.fixture.js';
import { giveBatches } from './batches.fixture.js';

openGoodsConsole();

const URL = '/api/admin/quality/near_expiry_rate';

describe(`the default near-expiry rate on ${dbLabel}`, () => {
  it('set to 50 by goods:write sells a near batch without its own price at half its base price in the zone and the cart, with an audit row', async () => {
    const g = await create({ base_price: '20.00', ladder_price: [], zbz: 1, number: 0 });
    const ids = await giveBatches(t.db, g.id, [
      { no: 'J240101', days: 60, quantity: 30 },
      { no: 'A250301', days: 400, quantity: 10 },
    ]);
    const zoneCard = async () =>
      ((await buyer.get('/api/goods/list?zone=jxq&per_page=100')).body.data.data as { id: number; base_price: string; type: number }[]).find(
        (c) => c.id === g.id,
      );
    const [{ id: demoId }] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'demo'));
    await t.db.delete(cartItems).where(eq(cartItems.userId, demoId));
    expect((await buyer.post('/api/cart', { params: [{ goods_id: g.id, number: 4, type: '4' }] })).body.code).toBe(10000);
    const nearLine = async () =>
      ((await buyer.get('/api/cart/list')).body.data.list as { goods_id: number; type: number; price: string; amount: string }[]).find(
        (l) => l.goods_id === g.id && l.type === LineType.near,
      );

    // The zone's price range reads the offer's price the list index carries: held to the rate too.
    const inRange = async (yuan: string) =>
      ((await buyer.get(`/api/goods/list?zone=jxq&per_page=100&price_min=${yuan}&price_max=${yuan}`)).body.data.data as { id: number }[]).some(
        (c) => c.id === g.id,
      );

    // Never set: 70% of ¥20.00.
    expect((await ops.get(URL)).body.data).toEqual({ near_expiry_rate: 70, default_rate: 70 });
    expect(await zoneCard()).toMatchObject({ base_price: '14.00', type: LineType.near });
    expect(await nearLine()).toMatchObject({ price: '14.00', amount: '56.00' });
    expect([await inRange('14.00'), await inRange('10.00')]).toEqual([true, false]);

    const set = await ops.post(URL, { near_expiry_rate: 50 });
    expect(set.body.code, set.body.message).toBe(10000);
    expect(set.body.data).toEqual({ near_expiry_rate: 50, default_rate: 70 });
    // At once: the zone's card, the cart's near line, the batch's own form and the batch list.
    expect(await zoneCard()).toMatchObject({ base_price: '10.00', type: LineType.near });
    expect(await nearLine()).toMatchObject({ price: '10.00', amount: '40.00' });
    expect([await inRange('14.00'), await inRange('10.00')]).toEqual([false, true]);
    const batchId = ids.get('J240101')!;
    expect((await ops.get(`/api/admin/quality/batches/${batchId}/clearance_price`)).body.data).toMatchObject({ rate: 50, near_price: '10.00' });
    const listed = (await ops.get(`/api/admin/quality/batches?goods_id=${g.id}`)).body.data.data as { id: number; near_price: string | null }[];
    expect(listed.find((b) => b.id === batchId)).toMatchObject({ near_price: '10.00', near_rate: 50 });

    const audits = () =>
      t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'settings.near_expiry_rate'), eq(auditLog.targetType, 'site_settings')))
        .orderBy(asc(auditLog.id));
    const [row, ...more] = await audits();
    expect(more).toEqual([]);
    expect(row).toMatchObject({
      permission: 'goods:write',
      targetId: 'near_expiry_rate',
      before: { near_expiry_rate: '70%' },
      after: { near_expiry_rate: '50%' },
      operatorName: expect.stringContaining('ops'),
    });
    // The same rate again changes nothing and writes no row.
    expect((await ops.post(URL, { near_expiry_rate: '50' })).body.data.near_expiry_rate).toBe(50);
    expect(await audits()).toHaveLength(1);

    // Anything but a whole percent from 1 to 100: 422 on the field with a Chinese message, and nothing changes.
    for (const bad of [0, 101, 12.5, '12.5', 'abc', '', -5, '50%']) {
      const res = await ops.postJson(URL, { near_expiry_rate: bad });
      expect(res.status, String(bad)).toBe(422);
      expect(res.body.data.errors.near_expiry_rate, String(bad)).toEqual([expect.stringMatching(/近效期默认折扣/)]);
    }
    expect((await ops.post(URL, {})).body.data.errors.near_expiry_rate).toEqual(['请输入近效期默认折扣']);
    // Operators who may not set prices: qa reads it, and neither qa nor the warehouse may set it; buyers are not operators.
    const qa = await operatorLogin(t.app, 'qa');
    expect((await qa.get(URL)).body.data.near_expiry_rate).toBe(50);
    expect((await qa.post(URL, { near_expiry_rate: 90 })).status).toBe(403);
    expect((await (await operatorLogin(t.app, 'warehouse')).post(URL, { near_expiry_rate: 90 })).status).toBe(403);
    expect((await buyer.post(URL, { near_expiry_rate: 90 })).status).toBe(401);

    expect(await t.db.select().from(siteConfig).where(eq(siteConfig.key, 'near_expiry_rate'))).toEqual([{ key: 'near_expiry_rate', value: '50' }]);
    expect(await audits()).toHaveLength(1);
    expect(await zoneCard()).toMatchObject({ base_price: '10.00' });
    expect(await nearLine()).toMatchObject({ price: '10.00' });
  });
});
