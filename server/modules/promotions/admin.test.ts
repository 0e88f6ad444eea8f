/**
 * 营销活动 › 促销活动 as operators use it: who may, creating each kind with its checks, goods with prices and
 * tags, switching off, and every change reaching the storefront and the cart at once, in the audit log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, gt } from 'drizzle-orm';
import { activities, activityGoods, addresses, auditLog, cartItems, goods, orderItems, users } from '../../db/schema/index.js';
import { agent, buildTestApp, dbLabel, loginAs, operatorLogin, type TestApp } from '../../testing.js';

let t: TestApp;
let ops: Awaited<ReturnType<typeof operatorLogin>>;
let warehouse: Awaited<ReturnType<typeof operatorLogin>>;
let buyer: ReturnType<typeof agent>;
let buyerId: number;

beforeAll(async () => {
  t = await buildTestApp({ goods: 300, config: { RATE_LIMIT_FACTOR: 100 } });
  [ops, warehouse] = await Promise.all([operatorLogin(t.app, 'ops'), operatorLogin(t.app, 'warehouse')]);
  buyer = await loginAs(t.app, 'chain');
  [{ id: buyerId }] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'chain'));
});
afterAll(async () => t?.close());

/** China wall-clock minutes around now. */
const minute = (offsetMs: number) => new Date(Date.now() + offsetMs + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
const DAY = 86_400_000;

/** A plain goods no other activity prices, for a clean cart. */
async function plainGoods(skip = 0) {
  const taken = (await t.db.select({ id: activityGoods.goodsId }).from(activityGoods)).map((r) => r.id);
  const rows = await t.db
    .select()
    .from(goods)
    .where(and(eq(goods.isKx, false), eq(goods.isBuy, true), eq(goods.isOnSale, true), eq(goods.isEphedrine, false), gt(goods.number, 500)))
    .orderBy(asc(goods.id));
  const free = rows.filter((g) => !taken.includes(g.id) && !g.ladderPrice.length);
  return free[skip];
}

describe(`console activities on ${dbLabel}`, () => {
  it('lets only promotion:write in, and lists every type with its goods count and state', async () => {
    expect((await warehouse.get('/api/admin/activities')).status).toBe(403);
    expect((await agent(t.app).get('/api/admin/activities')).status).toBe(401);
    const list = (await ops.get('/api/admin/activities')).body.data;
    const types = new Set(list.data.map((a: { type: string }) => a.type));
    for (const type of ['manjian', 'welfare', 'cashback', 'gift', 'huangou', 'combination']) expect(types).toContain(type);
    const manjian = list.data.find((a: { type: string }) => a.type === 'manjian');
    expect(manjian).toMatchObject({
      type_text: '满减',
      editable: 1,
      state_text: '进行中',
      tiers: [{ amount: '1000.00', value: '50.00' }, expect.anything(), expect.anything()],
    });
    expect(manjian.goods_count).toBeGreaterThan(0);
    const gift = list.data.find((a: { type: string }) => a.type === 'gift');
    expect(gift).toMatchObject({ editable: 1, gift: { per: 'line', by: 'number', threshold: '20', repeat: 1, number: 1 } });
    expect(list.data.find((a: { type: string }) => a.type === 'huangou')).toMatchObject({ editable: 1, threshold: '300.00' });
    expect(list.data.find((a: { type: string }) => a.type === 'combination').editable).toBe(0);
    expect((await ops.get('/api/admin/activities?type=cashback')).body.data.data.map((a: { type: string }) => a.type)).toEqual(['cashback']);
  });

  it('refuses activities that cannot work, on the field, writing nothing', async () => {
    const before = (await t.db.select().from(activities)).length;
    const base = { type: 'manjian', name: '测试满减', starts_at: minute(0), ends_at: minute(DAY), tiers: [{ amount: '100', value: '10' }] };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ends_at: minute(-DAY) }, 'ends_at', '结束时间须晚于开始时间'],
      [{ tiers: [] }, 'tiers', '请至少设置一个档位'],
      [{ tiers: [{ amount: '100', value: '100' }] }, 'tiers.0.value', '减免金额须小于满足金额'],
      [
        {
          tiers: [
            { amount: '200', value: '10' },
            { amount: '100', value: '20' },
          ],
        },
        'tiers.1.amount',
        '满足金额须逐档递增',
      ],
      [{ type: 'welfare', tiers: [] }, 'rate', '请输入折扣（10-99，如 94 为9.4折）'],
      [{ type: 'spike', daily_start: '12:00', daily_end: '10:00' }, 'daily_end', '场次结束时间须晚于开始时间'],
      [{ starts_at: '2026-02-30 10:00' }, 'starts_at', '开始时间不是有效时间'],
      [{ type: 'combination' }, 'type', '请选择活动类型'],
      [{ type: 'gift' }, 'gift.goods_id', '请选择赠品'],
      [
        { type: 'gift', gift: { goods_id: 1, number: 1, per: 'line', by: 'number', threshold: '2.5', repeat: 1 } },
        'gift.threshold',
        '按件数赠送时，门槛须为1-99999的整数',
      ],
      [
        { type: 'gift', gift: { goods_id: 1, number: 1, per: 'line', by: 'amount', threshold: '0', repeat: 1 } },
        'gift.threshold',
        '按金额赠送时，门槛须为大于0的金额（元）',
      ],
      [{ type: 'gift', gift: { goods_id: 1, number: 0, per: 'line', by: 'number', threshold: '10', repeat: 1 } }, 'gift.number', '赠送数量至少为1'],
      [{ type: 'gift', gift: { goods_id: 99_999_999, number: 1, per: 'line', by: 'number', threshold: '10', repeat: 1 } }, 'gift.goods_id', '赠品商品不存在'],
      [{ type: 'huangou' }, 'threshold', '请输入换购门槛（大于0的金额）'],
    ];
    for (const [patch, field, message] of cases) {
      const res = await ops.post('/api/admin/activities', { ...base, ...patch });
      expect(res.status, JSON.stringify(patch)).toBe(422);
      expect(res.body.data.errors[field]?.[0], JSON.stringify(patch)).toBe(message);
    }
    expect((await t.db.select().from(activities)).length).toBe(before);
  });

  it('runs a new 满减 on chosen goods: the cart takes it off at once, the goods carry 满, and switching it off ends it', async () => {
    const g = await plainGoods();
    const created = await ops.post('/api/admin/activities', {
      type: 'manjian',
      name: '控制台满减',
      description: '指定商品满100减10',
      starts_at: minute(-60_000),
      ends_at: minute(DAY),
      tiers: [{ amount: '100', value: '10' }],
    });
    expect(created.body.code, created.body.message).toBe(10000);
    const id = created.body.data.id as number;
    expect(created.body.data).toMatchObject({ type: 'manjian', state_text: '进行中', goods_count: 0, tiers: [{ amount: '100.00', value: '10.00' }] });
    const added = await ops.post(`/api/admin/activities/${id}/goods`, { goods_ids: [g.id] });
    expect(added.body.data).toEqual({ added: 1 });
    expect((await t.db.select({ tags: goods.tags }).from(goods).where(eq(goods.id, g.id)))[0].tags).toContain('满');
    expect((await ops.get(`/api/admin/activities/${id}/goods`)).body.data.data).toEqual([expect.objectContaining({ goods_id: g.id, price: null })]);

    await t.db.delete(cartItems).where(eq(cartItems.userId, buyerId));
    const number = Math.ceil(10_000 / g.basePrice / g.zbz) * g.zbz;
    expect((await buyer.post('/api/cart', { params: [{ goods_id: g.id, number }] })).body.code).toBe(10000);
    const cart = (await buyer.get('/api/cart/list')).body.data;
    expect(cart.activity_data.manjians.find((m: { activity_id: number }) => m.activity_id === id)).toMatchObject({ reduce: '10.00' });

    const off = await ops.post(`/api/admin/activities/${id}/show`, { is_show: 0 });
    expect(off.body.data.state_text).toBe('已停用');
    const after = (await buyer.get('/api/cart/list')).body.data;
    expect(after.activity_data.manjians.find((m: { activity_id: number }) => m.activity_id === id)).toBeUndefined();

    expect((await ops.post(`/api/admin/activities/${id}/goods/remove`, { goods_ids: [g.id] })).body.data).toEqual({ removed: 1 });
    expect((await t.db.select({ tags: goods.tags }).from(goods).where(eq(goods.id, g.id)))[0].tags).not.toContain('满');
    const actions = (
      await t.db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(and(eq(auditLog.targetType, 'activity'), eq(auditLog.targetId, String(id))))
    ).map((r) => r.action);
    expect(actions).toEqual(['activity.create', 'activity.goods_add', 'activity.disable', 'activity.goods_remove']);
    await t.db.delete(cartItems).where(eq(cartItems.userId, buyerId));
  });

  it('prices a new flash sale only below the goods price, and the home page shows it at once', async () => {
    const g = await plainGoods(1);
    const id = (
      await ops.post('/api/admin/activities', {
        type: 'spike',
        name: '控制台秒杀',
        starts_at: minute(-DAY),
        ends_at: minute(DAY),
        daily_start: '00:00',
        daily_end: '24:00',
      })
    ).body.data.id as number;
    const dear = await ops.post(`/api/admin/activities/${id}/goods`, { goods_ids: [g.id], price: ((g.basePrice + 100) / 100).toFixed(2) });
    expect(dear.status).toBe(422);
    expect(dear.body.data.errors.price[0]).toContain('活动价须低于商品原价');
    const noPrice = await ops.post(`/api/admin/activities/${id}/goods`, { goods_ids: [g.id] });
    expect(noPrice.body.data.errors.price[0]).toBe('请输入活动价');
    expect((await ops.get(`/api/admin/activities/${id}/goods`)).body.data.total).toBe(0);
    const price = (Math.floor(g.basePrice / 2) / 100).toFixed(2);
    expect((await ops.post(`/api/admin/activities/${id}/goods`, { goods_ids: [g.id], price, limit_per_user: 5, quota: 100 })).body.code).toBe(10000);
    const spike = (await buyer.get('/api/index/spike')).body.data;
    const sessions = spike.sessions.map((s: { id: number }) => s.id);
    expect(sessions).toContain(id);
    // The session runs all day, from 00:00, so it is the one on now, before the seeded ones of the day.
    expect(spike.current).toMatchObject({ id, status: 1 });
    expect(spike.goods.find((x: { id: number }) => x.id === g.id)).toMatchObject({ activity_price: price, limit: 5, quota: 100 });
    await ops.post(`/api/admin/activities/${id}/show`, { is_show: 0 });
  });

  it('composes a 月月惠 on member days: refused without days, its goods need a price, and /yyh sells them today', async () => {
    const today = Number(new Date(Date.now() + 8 * 3_600_000).toISOString().slice(8, 10));
    const base = { type: 'monthly', name: '控制台月月惠', starts_at: minute(-DAY), ends_at: minute(40 * DAY) };
    expect((await ops.post('/api/admin/activities', base)).body.data.errors.days[0]).toBe('请选择会员日');
    expect((await ops.post('/api/admin/activities', { ...base, days: [today, today] })).body.data.errors.days[0]).toBe('会员日不能重复');
    expect((await ops.post('/api/admin/activities', { ...base, days: [32] })).body.data.errors['days.0'][0]).toBe('会员日不能超过31');

    // The seeded 月月惠 steps aside while this one runs, so that /yyh shows it.
    const seeded = (await ops.get('/api/admin/activities?type=monthly')).body.data.data as { id: number; is_show: number }[];
    for (const a of seeded) await ops.post(`/api/admin/activities/${a.id}/show`, { is_show: 0 });
    const other = today === 1 ? 2 : 1;
    const created = await ops.post('/api/admin/activities', { ...base, days: [today, other] });
    expect(created.body.data).toMatchObject({ type_text: '月月惠', editable: 1, days: [Math.min(today, other), Math.max(today, other)] });
    const id = created.body.data.id as number;
    const g = await plainGoods(2);
    expect((await ops.post(`/api/admin/activities/${id}/goods`, { goods_ids: [g.id] })).body.data.errors.price[0]).toBe('请输入活动价');
    const price = (Math.floor((g.basePrice * 8) / 10) / 100).toFixed(2);
    expect((await ops.post(`/api/admin/activities/${id}/goods`, { goods_ids: [g.id], price, limit_per_user: 20 })).body.code).toBe(10000);

    const yyh = (await buyer.get('/api/activity/yyh')).body.data;
    expect(yyh.activity.id).toBe(id);
    expect(yyh.on).toBe(1);
    expect(yyh.goods.find((x: { id: number }) => x.id === g.id)).toMatchObject({ activity_price: price, limit: 20 });

    await ops.post(`/api/admin/activities/${id}/show`, { is_show: 0 });
    for (const a of seeded) await ops.post(`/api/admin/activities/${a.id}/show`, { is_show: a.is_show });
  });

  it('composes a 买赠: each line of its goods earns the gift per multiple of the threshold, the cart shows it and the order carries it', async () => {
    const g = await plainGoods(3);
    const present = await plainGoods(4);
    const threshold = g.zbz * 2;
    const created = await ops.post('/api/admin/activities', {
      type: 'gift',
      name: '控制台买赠',
      description: `每满${threshold}件赠${present.name}2件`,
      starts_at: minute(-60_000),
      ends_at: minute(DAY),
      gift: { goods_id: present.id, number: 2, per: 'line', by: 'number', threshold: String(threshold), repeat: 1 },
    });
    expect(created.body.code, created.body.message).toBe(10000);
    const id = created.body.data.id as number;
    expect(created.body.data).toMatchObject({
      type_text: '买赠',
      editable: 1,
      gift: { goods_id: present.id, name: present.name, number: 2, per: 'line', by: 'number', threshold: String(threshold), repeat: 1 },
      threshold: null,
    });
    expect((await ops.post(`/api/admin/activities/${id}/goods`, { goods_ids: [g.id], price: '1.00' })).body.data).toEqual({ added: 1 });
    expect((await ops.get(`/api/admin/activities/${id}/goods`)).body.data.data).toEqual([expect.objectContaining({ goods_id: g.id, price: null })]);
    expect((await t.db.select({ tags: goods.tags }).from(goods).where(eq(goods.id, g.id)))[0].tags).toContain('赠');

    await t.db.delete(cartItems).where(eq(cartItems.userId, buyerId));
    expect((await buyer.post('/api/cart', { params: [{ goods_id: g.id, number: threshold * 2 + g.zbz }] })).body.code).toBe(10000);
    const gifts = (await buyer.get('/api/cart/list')).body.data.activity_data.gifts as { activity_id: number }[];
    expect(gifts.find((x) => x.activity_id === id)).toMatchObject({
      gift_goods_id: present.id,
      gift_name: present.name,
      measure: threshold * 2 + g.zbz,
      total: 4,
    });

    // Once reached: one gift set whatever the multiple.
    const once = await ops.post(`/api/admin/activities/${id}`, {
      type: 'gift',
      name: '控制台买赠',
      starts_at: minute(-60_000),
      ends_at: minute(DAY),
      gift: { goods_id: present.id, number: 2, per: 'line', by: 'number', threshold: String(threshold), repeat: 0 },
    });
    expect(once.body.data.gift.repeat).toBe(0);
    const after = (await buyer.get('/api/cart/list')).body.data.activity_data.gifts as { activity_id: number }[];
    expect(after.find((x) => x.activity_id === id)).toMatchObject({ type: 2, total: 2 });

    const ids = ((await buyer.get('/api/cart/list')).body.data.list as { id: number }[]).map((l) => l.id);
    expect((await buyer.post('/api/cart/checkout', { ids })).body.code).toBe(10000);
    const [address] = await t.db.select({ id: addresses.id }).from(addresses).where(eq(addresses.userId, buyerId));
    const placed = await buyer.post('/api/order', { address_id: address.id });
    expect(placed.body.code, placed.body.message).toBe(10000);
    const orderId = placed.body.data.orders[0].id as number;
    const items = await t.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    expect(items.find((i) => i.goodsId === present.id)).toMatchObject({ type: 8, number: 2, amount: 0, activityId: id });
    await ops.post(`/api/admin/activities/${id}/show`, { is_show: 0 });
    expect((await buyer.get('/api/cart/list')).body.data.activity_data.gifts.find((x: { activity_id: number }) => x.activity_id === id)).toBeUndefined();
    await t.db.delete(cartItems).where(eq(cartItems.userId, buyerId));
  });

  it('composes a 换购: the goods that reach its threshold and the add-ons at their price, which the cart offers once the threshold is met', async () => {
    const g = await plainGoods(5);
    const addon = await plainGoods(6);
    const created = await ops.post('/api/admin/activities', {
      type: 'huangou',
      name: '控制台换购',
      starts_at: minute(-60_000),
      ends_at: minute(DAY),
      threshold: '200',
    });
    expect(created.body.data).toMatchObject({ type_text: '换购', threshold: '200.00', gift: null });
    const id = created.body.data.id as number;
    expect((await ops.post(`/api/admin/activities/${id}/goods`, { goods_ids: [g.id] })).body.data).toEqual({ added: 1 });
    const dear = await ops.post(`/api/admin/activities/${id}/goods`, { goods_ids: [addon.id], price: (addon.basePrice / 100).toFixed(2) });
    expect(dear.status).toBe(422);
    expect(dear.body.data.errors.price[0]).toContain('换购价须低于商品原价');
    expect((await ops.post(`/api/admin/activities/${id}/goods`, { goods_ids: [addon.id], price: '1.00', limit_per_user: 3 })).body.data).toEqual({ added: 1 });
    const lines = (await ops.get(`/api/admin/activities/${id}/goods`)).body.data.data;
    expect(lines).toEqual([
      expect.objectContaining({ goods_id: g.id, price: null }),
      expect.objectContaining({ goods_id: addon.id, price: '1.00', limit_per_user: 3 }),
    ]);
    const tags = async (goodsId: number) => (await t.db.select({ tags: goods.tags }).from(goods).where(eq(goods.id, goodsId)))[0].tags;
    expect(await tags(g.id)).toContain('换购');
    expect(await tags(addon.id)).not.toContain('换购');

    await t.db.delete(cartItems).where(eq(cartItems.userId, buyerId));
    const unitsUnder = Math.max(g.zbz, Math.floor(10_000 / g.basePrice / g.zbz) * g.zbz);
    expect((await buyer.post('/api/cart', { params: [{ goods_id: g.id, number: unitsUnder }] })).body.code).toBe(10000);
    const below = (await buyer.get('/api/cart/list')).body.data.activity_data.huangous.find((h: { activity_id: number }) => h.activity_id === id);
    expect(below).toMatchObject({ threshold: '200.00', reached: false, offers: [{ goods_id: addon.id, price: '1.00', limit: 3, taken: 0 }] });
    await t.db.delete(cartItems).where(eq(cartItems.userId, buyerId));
    const unitsOver = Math.ceil(20_000 / g.basePrice / g.zbz) * g.zbz;
    expect((await buyer.post('/api/cart', { params: [{ goods_id: g.id, number: unitsOver }] })).body.code).toBe(10000);
    const reached = (await buyer.get('/api/cart/list')).body.data.activity_data.huangous.find((h: { activity_id: number }) => h.activity_id === id);
    expect(reached).toMatchObject({ reached: true, need: '0.00' });
    await ops.post(`/api/admin/activities/${id}/show`, { is_show: 0 });
    await t.db.delete(cartItems).where(eq(cartItems.userId, buyerId));
  });

  it('changes a 满返 activity’s tiers and keeps its type; 组合购 activities can only be switched', async () => {
    const list = (await ops.get('/api/admin/activities')).body.data.data as { id: number; type: string; starts_at: string; ends_at: string; name: string }[];
    const cashback = list.find((a) => a.type === 'cashback')!;
    const body = { type: 'cashback', name: cashback.name, starts_at: cashback.starts_at, ends_at: cashback.ends_at, tiers: [{ amount: '400', value: '8' }] };
    const changed = await ops.post(`/api/admin/activities/${cashback.id}`, body);
    expect(changed.body.data.tiers).toEqual([{ amount: '400.00', value: '8.00' }]);
    expect((await agent(t.app).get('/api/activity/cashback')).body.data.activity.tiers).toEqual([{ amount: '400.00', back: '8.00' }]);
    const retype = await ops.post(`/api/admin/activities/${cashback.id}`, { ...body, type: 'manjian' });
    expect(retype.status).toBe(422);
    const combination = list.find((a) => a.type === 'combination')!;
    expect((await ops.post(`/api/admin/activities/${combination.id}`, { ...body, type: 'manjian' })).body.message).toBe('组合购活动只能启用或停用');
    expect((await ops.post(`/api/admin/activities/999999/show`, { is_show: 0 })).status).toBe(404);
  });
});
