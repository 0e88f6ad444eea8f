/**
 * The points mall on opening day: twelve goods a pharmacy redeems points for (masks, a thermometer, a blood
 * pressure monitor with cash on top, till rolls, coupons and red packets, one already gone), the coupon
 * templates its coupons hand out (not offered in the coupon centre), and the orders behind the accounts'
 * points history: demo's box of masks of three weeks ago (its ledger row of the wallet seed), and chain's
 * red packets credited and thermometer waiting to ship. Runs after the accounts and their wallets.
 */
import { and, eq } from 'drizzle-orm';
import type { PointsGoodsKind } from '../db/schema/points.js';
import type { PackForm } from '../../core/schemas/drawings.js';
import type { Db } from '../db/client.js';
import { coupons, ledger, pointsGoods, pointsOrders, users } from '../db/schema/index.js';
import { move } from '../modules/wallet/ledger.js';

const DAY_MS = 86_400_000;

const packshot = (name: string, maker: string, spec: string, form: PackForm, colour: string) =>
  `/api/img/goods.svg?${new URLSearchParams({ n: name, m: maker, g: spec, c: colour, f: form, r: 'none' })}`;
const ticket = (title: string, sub: string, colour: string) =>
  `/api/img/banner.svg?${new URLSearchParams({ t: title, s: sub, c: colour, p: 'tile', th: 'coupon' })}`;

type Seeded = {
  name: string;
  kind: PointsGoodsKind;
  picture: string;
  description: string;
  points: number;
  cash?: number;
  stock: number;
  perUser: number;
  coupon?: { name: string; threshold: number; amount: number; validDays: number };
  redPacket?: number;
};

const GOODS: Seeded[] = [
  {
    name: '医用外科口罩 50只/盒',
    kind: 'physical',
    picture: packshot('医用外科口罩', '稳健医疗', '50只/盒', 'mask', '1677ff'),
    description: '三层防护，细菌过滤效率≥95%，独立包装，门店日常防护与顾客赠送皆宜。兑换后 3 个工作日内发货，全国包邮。',
    points: 200,
    stock: 480,
    perUser: 5,
  },
  {
    name: '电子体温计 软头款',
    kind: 'physical',
    picture: packshot('电子体温计', '欧姆龙', 'MC-246 软头', 'thermometer', '0e7c86'),
    description: '软头设计，约 60 秒测温，记忆上次读数，附电池。门店测温与会员赠礼常用款。',
    points: 600,
    stock: 118,
    perUser: 2,
  },
  {
    name: '上臂式电子血压计',
    kind: 'physical',
    picture: packshot('电子血压计', '鱼跃', 'YE660D 上臂式', 'monitor', '1d4ed8'),
    description: '上臂式测量，大屏显示，双人各 90 组记忆，附电源适配器。积分 + 现金兑换，现金部分从账户余额支付。',
    points: 1000,
    cash: 3_900,
    stock: 30,
    perUser: 1,
  },
  {
    name: '药店收银小票纸 57×50mm 50卷',
    kind: 'physical',
    picture: packshot('热敏收银纸', '晨光', '57×50mm 50卷/箱', 'box', 'ea580c'),
    description: '热敏收银纸，适配门店常见小票打印机，字迹清晰不卡纸，整箱发货。',
    points: 450,
    stock: 200,
    perUser: 10,
  },
  {
    name: '75%酒精消毒液 500ml',
    kind: 'physical',
    picture: packshot('75%酒精消毒液', '利尔康', '500ml/瓶', 'bottle', '16a34a'),
    description: '75% 乙醇消毒液，用于皮肤及物体表面消毒，门店柜台清洁常备。',
    points: 150,
    stock: 300,
    perUser: 5,
  },
  {
    name: '一次性医用检查手套 100只/盒',
    kind: 'physical',
    picture: packshot('医用检查手套', '英科医疗', '100只/盒 M码', 'box', '0891b2'),
    description: '丁腈材质，无粉，M 码，拆零称重、配药与清洁时使用。',
    points: 350,
    stock: 160,
    perUser: 5,
  },
  {
    name: '指夹式血氧仪',
    kind: 'physical',
    picture: packshot('指夹式血氧仪', '鱼跃', 'YX303', 'device', '7c3aed'),
    description: '测血氧饱和度与脉率，OLED 屏，附挂绳与电池。本期已兑完，下期补货请留意站内消息。',
    points: 1200,
    cash: 1_990,
    stock: 0,
    perUser: 1,
  },
  {
    name: '维生素C咀嚼片 100片',
    kind: 'physical',
    picture: packshot('维生素C咀嚼片', '汤臣倍健', '100片/瓶', 'jar', 'f59e0b'),
    description: '香橙味咀嚼片，门店会员活动赠品常用。',
    points: 500,
    stock: 80,
    perUser: 3,
  },
  {
    name: '10元无门槛券',
    kind: 'coupon',
    picture: ticket('10元券', '无门槛 全场通用', 'e4393c'),
    description: '兑换后立即放入“我的钱包-优惠券”，全场商品下单可用，无门槛，自兑换起 30 天内有效。',
    points: 300,
    stock: 1000,
    perUser: 5,
    coupon: { name: '积分兑换10元无门槛券', threshold: 0, amount: 1_000, validDays: 30 },
  },
  {
    name: '满500减30优惠券',
    kind: 'coupon',
    picture: ticket('满500减30', '积分兑换专享', 'd4380d'),
    description: '兑换后立即到账，订单满 500 元减 30 元，自兑换起 30 天内有效。',
    points: 600,
    stock: 500,
    perUser: 3,
    coupon: { name: '积分兑换满500减30券', threshold: 50_000, amount: 3_000, validDays: 30 },
  },
  {
    name: '5元账户红包',
    kind: 'red_packet',
    picture: ticket('5元红包', '兑换即到账', 'c81623'),
    description: '兑换后立即存入“我的钱包-账户红包”，下单时可抵扣订单金额。',
    points: 200,
    stock: 2000,
    perUser: 10,
    redPacket: 500,
  },
  {
    name: '20元账户红包',
    kind: 'red_packet',
    picture: ticket('20元红包', '兑换即到账', 'b91c1c'),
    description: '兑换后立即存入“我的钱包-账户红包”，下单时可抵扣订单金额。',
    points: 750,
    stock: 500,
    perUser: 3,
    redPacket: 2_000,
  },
];

/** Runs once, after the accounts, their wallets and the wallet seed's ledger. */
export async function seedPointsMall(db: Db, now = Date.now()) {
  if ((await db.select({ id: pointsGoods.id }).from(pointsGoods).limit(1)).length) return;
  const byName = new Map<string, typeof pointsGoods.$inferSelect>();
  for (const [i, g] of GOODS.entries()) {
    let couponId: number | null = null;
    if (g.coupon) {
      const [c] = await db
        .insert(coupons)
        .values({
          name: g.coupon.name,
          type: 'manjian',
          threshold: g.coupon.threshold,
          amount: g.coupon.amount,
          validDays: g.coupon.validDays,
          startsAt: new Date(now - 30 * DAY_MS),
          endsAt: new Date(now + 365 * DAY_MS),
          isShow: false,
        })
        .returning({ id: coupons.id });
      couponId = c.id;
    }
    const [row] = await db
      .insert(pointsGoods)
      .values({
        name: g.name,
        kind: g.kind,
        picture: g.picture,
        description: g.description,
        points: g.points,
        cash: g.cash ?? 0,
        stock: g.stock,
        redeemed: g.stock === 0 ? 60 : 0,
        perUser: g.perUser,
        couponId,
        redPacket: g.redPacket ?? 0,
        sort: i,
        createdAt: new Date(now - 40 * DAY_MS),
      })
      .returning();
    byName.set(g.name, row);
  }
  await seedOrders(db, byName, now);
}

type Order = { user: string; goods: string; quantity: number; daysAgo: number; status: 0 | 1 | 2; carrier?: string; trackingNo?: string };

/** Oldest first: the ledger reads the same by id and by date. */
const ORDERS: Order[] = [
  { user: 'demo', goods: '医用外科口罩 50只/盒', quantity: 1, daysAgo: 22, status: 2, carrier: '顺丰速运', trackingNo: 'SF1462038851207' },
  { user: 'chain', goods: '5元账户红包', quantity: 3, daysAgo: 5, status: 2 },
  { user: 'chain', goods: '电子体温计 软头款', quantity: 1, daysAgo: 2, status: 0 },
];

async function seedOrders(db: Db, goods: Map<string, typeof pointsGoods.$inferSelect>, now: number) {
  for (const [i, o] of ORDERS.entries()) {
    const [u] = await db.select().from(users).where(eq(users.username, o.user));
    const g = goods.get(o.goods)!;
    if (!u) continue;
    const at = new Date(now - o.daysAgo * DAY_MS);
    const physical = g.kind === 'physical';
    await db.transaction(async (tx) => {
      const [order] = await tx
        .insert(pointsOrders)
        .values({
          orderNo: `JF${new Date(at.getTime() + 8 * 3_600_000).toISOString().replace(/\D/g, '').slice(0, 14)}${String(1201 + i)}`,
          userId: u.id,
          goodsId: g.id,
          goodsName: g.name,
          goodsPicture: g.picture,
          kind: g.kind,
          quantity: o.quantity,
          points: g.points * o.quantity,
          status: o.status,
          consignee: physical ? u.name : '',
          phone: physical ? u.contactPhone : '',
          address: physical ? `${u.province}${u.city}${u.district}${u.address}` : '',
          carrier: o.carrier ?? '',
          trackingNo: o.trackingNo ?? '',
          shippedAt: o.carrier ? new Date(at.getTime() + DAY_MS) : null,
          completedAt: o.status === 2 ? new Date(at.getTime() + (physical ? 4 : 0) * DAY_MS) : null,
          createdAt: at,
        })
        .returning();
      await tx
        .update(pointsGoods)
        .set({ stock: g.stock - o.quantity, redeemed: g.redeemed + o.quantity })
        .where(eq(pointsGoods.id, g.id));
      g.stock -= o.quantity;
      g.redeemed += o.quantity;
      const memo = `积分商城兑换 ${g.name} ×${o.quantity}`;
      const points = { userId: u.id, instrument: 'points' as const, kind: 'exchange', refType: 'points_order', refId: order.id, memo };
      // demo's masks were spent by the wallet seed's row of that day, which now names its order.
      const [spent] = await tx
        .update(ledger)
        .set({ refType: 'points_order', refId: order.id, memo })
        .where(
          and(eq(ledger.userId, u.id), eq(ledger.instrument, 'points'), eq(ledger.kind, 'exchange'), eq(ledger.refId, 0), eq(ledger.amount, -order.points)),
        )
        .returning({ id: ledger.id });
      if (!spent) await move(tx, { ...points, amount: -order.points });
      let credited = '';
      if (g.kind === 'red_packet') {
        await move(tx, { ...points, instrument: 'red_packet', amount: g.redPacket * o.quantity });
        credited = `¥${((g.redPacket * o.quantity) / 100).toFixed(2)} 账户红包`;
      }
      if (credited) await tx.update(pointsOrders).set({ credited }).where(eq(pointsOrders.id, order.id));
      await tx
        .update(ledger)
        .set({ createdAt: at })
        .where(and(eq(ledger.refType, 'points_order'), eq(ledger.refId, order.id)));
    });
  }
}
