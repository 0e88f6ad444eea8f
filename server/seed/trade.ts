/**
 * Demo trade data: the promotions the pricing engine applies (年终采购节 manjian on six brands, 94% off on
 * vitamins and skin care, 满返 on colds and digestion, 买赠 on 白云山, 换购 on 以岭, two combinations), coupons, the e-contract, and for
 * every approved demo account a wallet (opened with ledger rows), coupons and receiving addresses.
 * Goods get the tags 满, 返, 赠 and 换购 only when they are in such an activity (spec section 9 colours).
 */
import { and, asc, count, eq, inArray, isNull, like, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { CHINA_MS } from '../lib/china-time.js';
import {
  activities,
  activityGoods,
  addresses,
  brands,
  businessScopes,
  categories,
  combinations,
  contractTexts,
  coupons,
  goods,
  ledger,
  payPasswords,
  userCoupons,
  users,
  wallets,
} from '../db/schema/index.js';

const DAY_MS = 86_400_000;

/** The last second of the China day `at` falls on: the demo's coupons are good through the day they show (有效期至). */
const chinaDayEnd = (at: number) => new Date(Math.floor((at + CHINA_MS) / DAY_MS) * DAY_MS + DAY_MS - CHINA_MS - 1000);

const MANJIAN_BRANDS = ['华北制药', '石药', '哈药', '修正', '云南白药', '同仁堂'];
const WELFARE_CATEGORIES = ['维生素矿物质', '皮肤五官'];

async function goodsOfBrands(db: Db, names: string[]) {
  return db
    .select({ id: goods.id })
    .from(goods)
    .innerJoin(brands, eq(brands.id, goods.brandId))
    .where(and(inArray(brands.name, names), eq(goods.isOnSale, true)));
}

async function goodsOfTopCategories(db: Db, names: string[]) {
  const tops = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(inArray(categories.name, names), eq(categories.parentId, 0)));
  if (!tops.length) return [];
  const subs = await db
    .select({ id: categories.id })
    .from(categories)
    .where(
      inArray(
        categories.parentId,
        tops.map((t) => t.id),
      ),
    );
  return db
    .select({ id: goods.id })
    .from(goods)
    .where(
      and(
        inArray(
          goods.categoryId,
          [...tops, ...subs].map((c) => c.id),
        ),
        eq(goods.isOnSale, true),
      ),
    );
}

async function tag(db: Db, ids: number[], label: string) {
  for (let i = 0; i < ids.length; i += 5000) {
    const part = ids.slice(i, i + 5000);
    await db
      .update(goods)
      .set({ tags: sql`${goods.tags} || ${JSON.stringify([label])}::jsonb` })
      .where(and(inArray(goods.id, part), sql`not ${goods.tags} @> ${JSON.stringify([label])}::jsonb`));
  }
}

async function addGoods(db: Db, activityId: number, ids: number[], extra: Partial<typeof activityGoods.$inferInsert> = {}) {
  for (let i = 0; i < ids.length; i += 2000) {
    await db.insert(activityGoods).values(ids.slice(i, i + 2000).map((goodsId, sort) => ({ activityId, goodsId, sort, ...extra })));
  }
}

const CASHBACK_CATEGORIES = ['感冒呼吸', '消化系统'];

/** 满返 on colds and digestion, once: 满500返10, 满1000返30, 满3000返120 per order, as red packet on completion. */
async function seedCashback(db: Db, now: number) {
  const [{ n }] = await db.select({ n: count() }).from(activities).where(eq(activities.type, 'cashback'));
  if (n > 0) return;
  const ids = (await goodsOfTopCategories(db, CASHBACK_CATEGORIES)).map((g) => g.id);
  if (!ids.length) return;
  const [cashback] = await db
    .insert(activities)
    .values({
      type: 'cashback',
      name: '冬季备货 满返红包',
      description: '感冒呼吸、消化系统类活动商品单笔订单实付满500元返10元、满1000元返30元、满3000元返120元账户红包',
      startsAt: new Date(now - DAY_MS),
      endsAt: new Date(now + 90 * DAY_MS),
      rules: {
        tiers: [
          { amount: 50_000, back: 1_000 },
          { amount: 100_000, back: 3_000 },
          { amount: 300_000, back: 12_000 },
        ],
      },
    })
    .returning({ id: activities.id });
  await addGoods(db, cashback.id, ids);
  await tag(db, ids, '返');
}

/** The goods-wide promotions, once, when there are goods and none of these activities yet. */
export async function seedTradePromotions(db: Db, now: number) {
  await seedCashback(db, now);
  const [{ n }] = await db
    .select({ n: count() })
    .from(activities)
    .where(inArray(activities.type, ['manjian', 'welfare', 'gift', 'huangou', 'combination']));
  if (n > 0) return;
  const [{ total }] = await db.select({ total: count() }).from(goods);
  if (!total) return;
  const startsAt = new Date(now - DAY_MS);
  const endsAt = new Date(now + 365 * DAY_MS);
  const base = { startsAt, endsAt };

  const manjianIds = (await goodsOfBrands(db, MANJIAN_BRANDS)).map((g) => g.id);
  const [manjian] = await db
    .insert(activities)
    .values({
      ...base,
      type: 'manjian',
      name: '年终采购节 满减',
      description: `${MANJIAN_BRANDS.join('、')}品牌商品满1000减50，满3000减150，满5000减300`,
      rules: {
        tiers: [
          { amount: 100_000, reduce: 5_000 },
          { amount: 300_000, reduce: 15_000 },
          { amount: 500_000, reduce: 30_000 },
        ],
      },
    })
    .returning({ id: activities.id });
  await addGoods(db, manjian.id, manjianIds);
  await tag(db, manjianIds, '满');

  const welfareIds = (await goodsOfTopCategories(db, WELFARE_CATEGORIES)).map((g) => g.id);
  const [welfare] = await db
    .insert(activities)
    .values({ ...base, type: 'welfare', name: '全场94折', description: '维生素矿物质、皮肤五官类商品享94折', rules: { rate: 94 } })
    .returning({ id: activities.id });
  await addGoods(db, welfare.id, welfareIds);

  const [mask] = await db
    .select()
    .from(goods)
    .where(and(like(goods.name, '%医用外科口罩%'), eq(goods.isOnSale, true)))
    .orderBy(asc(goods.id))
    .limit(1);
  const giftIds = (await goodsOfBrands(db, ['白云山'])).map((g) => g.id);
  if (mask && giftIds.length) {
    const [gift] = await db
      .insert(activities)
      .values({
        ...base,
        type: 'gift',
        name: '白云山 买20赠1',
        description: `白云山品牌商品每买满20件，赠${mask.name}1${mask.bzdw}`,
        rules: { per: 'line', by: 'number', threshold: 20, type: 1, gift: { goods_id: mask.id, name: mask.name, number: 1, stock: 5000 } },
      })
      .returning({ id: activities.id });
    await addGoods(db, gift.id, giftIds);
    await tag(db, giftIds, '赠');
  }

  const huangouIds = (await goodsOfBrands(db, ['以岭'])).map((g) => g.id);
  const addons = await db
    .select()
    .from(goods)
    .where(and(inArray(goods.name, ['维生素C片', '医用外科口罩']), eq(goods.isOnSale, true), eq(goods.isBuy, true)))
    .orderBy(asc(goods.id))
    .limit(2);
  if (huangouIds.length && addons.length) {
    const [huangou] = await db
      .insert(activities)
      .values({ ...base, type: 'huangou', name: '以岭满300元换购', description: '以岭品牌商品满300元，可1元换购指定商品', rules: { threshold: 30_000 } })
      .returning({ id: activities.id });
    await addGoods(db, huangou.id, huangouIds);
    await db.insert(activityGoods).values(addons.map((a, sort) => ({ activityId: huangou.id, goodsId: a.id, price: 100, limitPerUser: a.zbz * 2, sort })));
    await tag(db, huangouIds, '换购');
  }

  // Combinations of goods a pharmacy stocks together, 10% below their separate prices.
  const pick = async (name: string) =>
    (
      await db
        .select()
        .from(goods)
        .where(and(eq(goods.name, name), eq(goods.isOnSale, true), eq(goods.isBuy, true), eq(goods.isKx, false)))
        .orderBy(asc(goods.id))
        .limit(1)
    )[0];
  const sets = [
    { name: '感冒组合：感冒灵颗粒 + 板蓝根颗粒', items: ['感冒灵颗粒', '板蓝根颗粒'] },
    { name: '家庭常备：布洛芬缓释胶囊 + 医用外科口罩', items: ['布洛芬缓释胶囊', '医用外科口罩'] },
  ];
  const [combo] = await db
    .insert(activities)
    .values({ ...base, type: 'combination', name: '组合购', description: '搭配购买更优惠' })
    .returning({ id: activities.id });
  for (const [sort, set] of sets.entries()) {
    const rows = (await Promise.all(set.items.map(pick))).filter(Boolean);
    if (rows.length !== set.items.length) continue;
    const items = rows.map((g) => ({ goods_id: g!.id, number: g!.zbz }));
    const full = rows.reduce((sum, g) => sum + g!.basePrice * g!.zbz, 0);
    await db.insert(combinations).values({ activityId: combo.id, name: set.name, price: Math.floor((full * 90) / 1000) * 10, items, sort });
  }
}

const COUPONS = [
  { name: '满500减20', type: 'manjian' as const, threshold: 50_000, amount: 2_000 },
  { name: '满1000减50', type: 'manjian' as const, threshold: 100_000, amount: 5_000 },
  { name: '抗感染药满200减10', type: 'manjian' as const, threshold: 20_000, amount: 1_000, category: '抗感染药' },
  { name: '全场9折券（最高减50元）', type: 'discount' as const, threshold: 30_000, rate: 90, maxDiscount: 5_000 },
];

/** Coupons only the coupon centre (领券中心) hands out: nobody holds them until claimed. */
const CENTRE_COUPONS = [
  { name: '领券中心专享 满300减15', type: 'manjian' as const, threshold: 30_000, amount: 1_500, total: 500, claimed: 137, perUser: 2, validDays: 15 },
  { name: '新客立减 满99减5', type: 'manjian' as const, threshold: 9_900, amount: 500, total: 200, claimed: 200, perUser: 1, validDays: 7 },
  {
    name: '采购节9.5折券（最高减30元）',
    type: 'discount' as const,
    threshold: 20_000,
    rate: 95,
    maxDiscount: 3_000,
    total: 0,
    claimed: 0,
    perUser: 1,
    validDays: 30,
  },
];

const CONTRACT = `药采通平台药品采购服务协议

甲方（采购方）：在本平台注册并通过资质审核的药品经营企业或医疗机构
乙方（平台方）：药采通

一、甲方保证所提交的《营业执照》《药品经营许可证》等资质真实、有效，资质变更或到期前应及时更新。
二、乙方保证所售药品来源合法、质量合格，随货提供同批号检验报告，并按 GSP 要求储存、运输。
三、订单以甲方在平台提交并支付（或经乙方确认的对公转账）为准；含麻黄碱类复方制剂须对公转账并回传签收单。
四、账期客户应在账单到期日前还款，逾期将暂停账期额度。
五、药品退货须符合《药品经营质量管理规范》，近效期、冷藏、拆零商品除质量问题外不予退换。
六、本协议自甲方在线签署之日起生效。`;

type DemoWallet = { balance: number; credit: number; redPacket: number };
const WALLETS: Record<string, DemoWallet> = {
  demo: { balance: 5_000_000, credit: 10_000_000, redPacket: 20_000 },
  chain: { balance: 2_000_000, credit: 5_000_000, redPacket: 10_000 },
  'chain-a': { balance: 500_000, credit: 0, redPacket: 0 },
  'chain-b': { balance: 500_000, credit: 0, redPacket: 0 },
};

/** Wallets, coupons and addresses of the demo accounts, and the contract text: once. */
export async function seedTradeAccounts(db: Db, now: number) {
  const [{ n }] = await db.select({ n: count() }).from(wallets);
  if (n > 0) return;
  if (!(await db.select({ id: contractTexts.id }).from(contractTexts).limit(1)).length) {
    await db.insert(contractTexts).values({ title: '药采通平台药品采购服务协议', content: CONTRACT, version: '2026.1' });
  }
  let couponIds: { id: number; validDays: number }[] = [];
  if (!(await db.select({ id: coupons.id }).from(coupons).limit(1)).length) {
    const [antiInfective] = await db
      .select({ id: categories.id })
      .from(categories)
      .where(and(eq(categories.name, '抗感染药'), eq(categories.parentId, 0)));
    const subs = antiInfective ? await db.select({ id: categories.id }).from(categories).where(eq(categories.parentId, antiInfective.id)) : [];
    couponIds = await db
      .insert(coupons)
      .values(
        COUPONS.map((c) => ({
          name: c.name,
          type: c.type,
          threshold: c.threshold,
          amount: c.amount ?? 0,
          rate: c.rate ?? 100,
          maxDiscount: c.maxDiscount ?? 0,
          scope: c.category && antiInfective ? { kind: 'categories' as const, ids: [antiInfective.id, ...subs.map((s) => s.id)] } : { kind: 'all' as const },
          validDays: 30,
          startsAt: new Date(now - DAY_MS),
          endsAt: new Date(now + 180 * DAY_MS),
          total: 10_000,
          perUser: 1,
        })),
      )
      .returning({ id: coupons.id, validDays: coupons.validDays });
    await db.insert(coupons).values(CENTRE_COUPONS.map((c) => ({ ...c, startsAt: new Date(now - DAY_MS), endsAt: new Date(now + 60 * DAY_MS) })));
  }
  const accounts = await db
    .select()
    .from(users)
    .where(and(eq(users.isPassed, 1), isNull(users.wechatOpenid)));
  for (const u of accounts) {
    const w = WALLETS[u.username];
    if (!w) continue;
    await db.insert(wallets).values({ userId: u.id, balance: w.balance, creditLimit: w.credit, redPacket: w.redPacket });
    const opening = [
      { instrument: 'balance' as const, amount: w.balance, memo: '期初余额' },
      { instrument: 'red_packet' as const, amount: w.redPacket, memo: '新人红包' },
      { instrument: 'points' as const, amount: u.points, memo: '期初积分' },
    ].filter((o) => o.amount > 0);
    if (opening.length)
      await db.insert(ledger).values(
        opening.map((o) => ({
          userId: u.id,
          instrument: o.instrument,
          amount: o.amount,
          balanceAfter: o.amount,
          kind: 'open',
          memo: o.memo,
          createdAt: new Date(now - 30 * DAY_MS),
        })),
      );
    await db
      .insert(addresses)
      .values({ userId: u.id, name: u.name, phone: u.phone, province: u.province, city: u.city, district: u.district, address: u.address, isDefault: true });
    if (u.username === 'demo') {
      await db.insert(addresses).values({
        userId: u.id,
        name: '赵磊',
        phone: '13800000011',
        province: '浙江省',
        city: '杭州市',
        district: '余杭区',
        address: '五常街道文一西路 998 号 仓库收货',
        isDefault: false,
      });
      if (couponIds.length) {
        await db
          .insert(userCoupons)
          .values(couponIds.map((c) => ({ userId: u.id, couponId: c.id, startsAt: new Date(now - DAY_MS), endsAt: chinaDayEnd(now + c.validDays * DAY_MS) })));
        // One coupon that ran out last month, for the wallet's expired tab.
        await db
          .insert(userCoupons)
          .values({ userId: u.id, couponId: couponIds[0].id, status: 2, startsAt: new Date(now - 60 * DAY_MS), endsAt: new Date(now - 30 * DAY_MS) });
      }
    } else if (couponIds.length) {
      await db.insert(userCoupons).values({ userId: u.id, couponId: couponIds[0].id, startsAt: new Date(now - DAY_MS), endsAt: new Date(now + 30 * DAY_MS) });
    }
  }
}

/**
 * `count` approved buyers `buyer1` ... for load tests (`npm run seed -- --buyers 20`): contract signed, a
 * receiving address, every 经营范围 class and a wallet of ¥1,000,000 opened with a ledger row. Password Demo@2026,
 * payment password 135790, each hashed once for them all.
 */
export async function seedBuyers(db: Db, count: number, hashes: { password: string; payPassword: string }, now = Date.now()) {
  const scopeIds = (await db.select({ id: businessScopes.id }).from(businessScopes)).map((s) => s.id);
  for (let i = 1; i <= count; i++) {
    const username = `buyer${i}`;
    if ((await db.select({ id: users.id }).from(users).where(eq(users.username, username))).length) continue;
    const [u] = await db
      .insert(users)
      .values({
        username,
        phone: `1370000${String(i).padStart(4, '0')}`,
        passwordHash: hashes.password,
        name: '采购员',
        company: `压测药房${i}号店`,
        companyType: '单体药店',
        province: '浙江省',
        city: '杭州市',
        district: '西湖区',
        address: `文三路 ${i} 号`,
        isPassed: 1,
        scopeIds,
        registerStep: 3,
        contractSignedAt: new Date(now),
      })
      .returning();
    await db.insert(payPasswords).values({ userId: u.id, hash: hashes.payPassword });
    await db.insert(wallets).values({ userId: u.id, balance: 100_000_000, creditLimit: 10_000_000 });
    await db.insert(ledger).values({ userId: u.id, instrument: 'balance', amount: 100_000_000, balanceAfter: 100_000_000, kind: 'open', memo: '期初余额' });
    await db
      .insert(addresses)
      .values({ userId: u.id, name: '采购员', phone: u.phone, province: u.province, city: u.city, district: u.district, address: u.address, isDefault: true });
  }
}
