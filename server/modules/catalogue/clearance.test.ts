/** A batch's near-expiry price set in the console: audited, refused without goods:write, and what the zone then sells at. */
import { describe, it, expect } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { chinaToday } from '../../../core/schemas/admin-goods.js';
import { auditLog } from '../../db/schema/operators.js';
import { goodsBatches } from '../../db/schema/catalogue.js';
import { dbLabel, operatorLogin } from '../../testing.js';
import { t, ops, buyer, create, openGoodsConsole } from './admin.fixture.js';

openGoodsConsole();

const dayFrom = (days: number) => new Date(Date.parse(`${chinaToday()}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe(`a batch's near-expiry price on ${dbLabel}`, () => {
  it('is set and cleared by goods:write with an audit row, sells at it in the zone, and is refused to others and when malformed', async () => {
    const g = await create({ base_price: '20.00', ladder_price: [], zbz: 1 });
    const [batch] = await t.db
      .insert(goodsBatches)
      .values({ goodsId: g.id, batchNo: 'J240101', scrq: dayFrom(-600), xq: dayFrom(60), quantity: 30, status: 1 })
      .returning();
    const url = `/api/admin/quality/batches/${batch.id}/clearance_price`;
    // Without a price of its own: 70% of ¥20.00.
    expect((await ops.get(url)).body.data).toMatchObject({ clearance_price: null, rate: 70, near_price: '14.00', near: 1, xq: dayFrom(60) });
    const zoneCard = async () =>
      ((await buyer.get('/api/goods/list?zone=jxq&per_page=100')).body.data.data as { id: number; base_price: string; type: number }[]).find(
        (c) => c.id === g.id,
      );
    expect(await zoneCard()).toMatchObject({ base_price: '14.00', type: 4 });

    const set = await ops.post(url, { clearance_price: '9.90' });
    expect(set.body.code, set.body.message).toBe(10000);
    expect(set.body.data).toMatchObject({ clearance_price: '9.90', near_price: '9.90' });
    expect((await t.db.select().from(goodsBatches).where(eq(goodsBatches.id, batch.id)))[0].clearancePrice).toBe(990);
    expect(await zoneCard()).toMatchObject({ base_price: '9.90' });
    // The same price again writes nothing.
    expect((await ops.post(url, { clearance_price: '9.9' })).body.code).toBe(10000);
    expect((await ops.post(url, { clearance_price: null })).body.data).toMatchObject({ clearance_price: null, near_price: '14.00' });
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'batch'), eq(auditLog.targetId, String(batch.id)), eq(auditLog.action, 'batch.clearance_price')))
      .orderBy(asc(auditLog.id));
    expect(audits.map((a) => [a.before, a.after])).toEqual([
      [{ clearance_price: '默认折扣' }, { clearance_price: '9.90' }],
      [{ clearance_price: '9.90' }, { clearance_price: '默认折扣' }],
    ]);

    for (const bad of ['0', '-1', '1.234', 'abc']) {
      const res = await ops.post(url, { clearance_price: bad });
      expect(res.status, bad).toBe(422);
    }
    expect((await ops.post('/api/admin/quality/batches/99999999/clearance_price', { clearance_price: '1.00' })).status).toBe(404);
    const qa = await operatorLogin(t.app, 'qa');
    expect((await qa.post(url, { clearance_price: '5.00' })).status).toBe(403);
    expect((await buyer.post(url, { clearance_price: '5.00' })).status).toBe(401);
  });
});
