/**
 * Demo activity pages (docs/decisions/023-activity-pages.md): two 活动专区 pages (`/yjh/1`, `/yjh/2`, together
 * the tabs of `/Hdzx/1,2/1`), a 专题专区 (`/zqmb`) and a 活动专题 (`/hdmb`), composed of the blocks an operator
 * would use: a drawn banner, a countdown, a strip of the coupon centre's coupons, goods grids (chosen best
 * sellers, or a filter), the bundles of 组合购, rules as rich text and links to the other promotions.
 */
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { blockInput, type BlockInput } from '../../core/schemas/activity-pages.js';
import type { Db } from '../db/client.js';
import { activityPages, categories, coupons, goods } from '../db/schema/index.js';

const DAY_MS = 86_400_000;

const banner = (q: Record<string, string>) => `/api/img/banner.svg?${new URLSearchParams({ p: 'yx', ...q })}`;

/** The best sellers on sale, buyable by everybody, of a top category and its children. */
async function bestOf(db: Db, categoryName: string, limit: number): Promise<{ category: number | undefined; ids: number[] }> {
  const [top] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.name, categoryName), eq(categories.parentId, 0)));
  if (!top) return { category: undefined, ids: [] };
  const children = (await db.select({ id: categories.id }).from(categories).where(eq(categories.parentId, top.id))).map((c) => c.id);
  const rows = await db
    .select({ id: goods.id })
    .from(goods)
    .where(and(inArray(goods.categoryId, [top.id, ...children]), eq(goods.isOnSale, true), eq(goods.isBuy, true), eq(goods.isKx, false)))
    .orderBy(desc(goods.sales), goods.id)
    .limit(limit);
  return { category: top.id, ids: rows.map((r) => r.id) };
}

const RULES_HTML = `<h3>活动规则</h3>
<ol>
<li>活动时间内，资质审核通过的药店、诊所、连锁门店均可参与；</li>
<li>专区商品与满减、优惠券可叠加使用，秒杀、特价商品除外；</li>
<li>领取的优惠券在结算页自动匹配，<strong>每张订单限用一张</strong>；</li>
<li>订单完成后满返红包自动到账，可在“我的钱包-红包”查看；</li>
<li>如有疑问请联系您的专属客服，或拨打客服热线 400-800-1234。</li>
</ol>`;

/** Seeds the demo pages once, when there are goods and coupons and no pages yet. */
export async function seedActivityPages(db: Db, now = Date.now()) {
  const [{ n }] = await db.select({ n: count() }).from(activityPages);
  if (n > 0) return;
  const [{ g }] = await db.select({ g: count() }).from(goods);
  if (g === 0) return;
  const centre = (await db.select({ id: coupons.id }).from(coupons).where(eq(coupons.isShow, true)).orderBy(coupons.id)).map((c) => c.id);
  const cold = await bestOf(db, '感冒呼吸', 10);
  const chronic = await bestOf(db, '心脑血管', 10);
  const herbs = await bestOf(db, '中药饮片', 15);
  const period = { startsAt: new Date(now - DAY_MS), endsAt: new Date(now + 45 * DAY_MS), isShow: true };
  const coupon: BlockInput[] = centre.length ? [{ kind: 'coupons', title: '专区好券 先领后买', coupon_ids: centre.slice(0, 4) }] : [];
  const links: BlockInput = {
    kind: 'links',
    title: '更多优惠',
    links: [
      { title: '满返专区', url: '/hb', image: '' },
      { title: '全场94折', url: '/welfare', image: '' },
      { title: '组合套餐', url: '/zhzq', image: '' },
      { title: '领券中心', url: '/lqzx', image: '' },
    ],
  };
  const pages: { kind: string; title: string; theme: string; blocks: BlockInput[] }[] = [
    {
      kind: 'yjh',
      title: '冬季呼吸道用药专区',
      theme: '#d7141e',
      blocks: [
        {
          kind: 'banner',
          image: banner({
            t: '冬季呼吸道用药专区',
            s: '感冒 止咳 抗过敏 一站备齐',
            c: 'd7141e',
            th: 'festival',
            g: 'granule,bottle,capsule',
            gn: '感冒灵颗粒,急支糖浆,氯雷他定',
          }),
          url: '',
        },
        { kind: 'countdown', title: '专区限时供应' },
        ...coupon,
        { kind: 'goods', title: '热销爆品', goods_ids: cold.ids, keywords: '', sort: 'sales', limit: 10 },
        { kind: 'goods', title: '感冒呼吸 新品上架', goods_ids: [], keywords: '', category_id: cold.category, sort: 'newest', limit: 10 },
        { kind: 'bundles', title: '组合套餐 更省钱' },
        { kind: 'text', html: RULES_HTML },
        links,
      ],
    },
    {
      kind: 'yjh',
      title: '慢病用药关爱季',
      theme: '#1677ff',
      blocks: [
        {
          kind: 'banner',
          image: banner({
            t: '慢病用药关爱季',
            s: '降压 降糖 调脂 长期用药放心采',
            c: '1677ff',
            th: 'brand',
            g: 'tablet,box,bottle',
            gn: '硝苯地平,二甲双胍,阿托伐他汀',
          }),
          url: '',
        },
        { kind: 'countdown', title: '关爱季倒计时' },
        { kind: 'goods', title: '心脑血管 精选', goods_ids: chronic.ids, keywords: '', sort: 'sales', limit: 10 },
        { kind: 'goods', title: '片剂常备', goods_ids: [], keywords: '片', category_id: chronic.category, sort: 'price', limit: 10 },
        { kind: 'text', html: RULES_HTML },
      ],
    },
    {
      kind: 'zqmb',
      title: '道地药材 中药饮片专题',
      theme: '#3f9d5a',
      blocks: [
        {
          kind: 'banner',
          image: banner({ t: '道地药材 中药饮片专题', s: '产地直采 批批检验', c: '3f9d5a', th: 'tcm', g: 'jar,bag,box', gn: '枸杞子,黄芪,当归' }),
          url: '/zyyp',
        },
        { kind: 'goods', title: '道地好药', goods_ids: herbs.ids, keywords: '', sort: 'sales', limit: 15 },
        links,
      ],
    },
    {
      kind: 'hdmb',
      title: '新店开业采购季',
      theme: '#fa541c',
      blocks: [
        {
          kind: 'banner',
          image: banner({
            t: '新店开业采购季',
            s: '首单立减 开业好券送不停',
            c: 'fa541c',
            th: 'welcome',
            g: 'box,mask,thermometer',
            gn: '维生素C,医用口罩,体温计',
          }),
          url: '',
        },
        { kind: 'countdown', title: '开业季限时' },
        ...coupon,
        { kind: 'goods', title: '开业必备', goods_ids: [...cold.ids.slice(0, 5), ...chronic.ids.slice(0, 5)], keywords: '', sort: 'sales', limit: 10 },
        { kind: 'bundles', title: '开业套餐' },
        { kind: 'text', html: RULES_HTML },
      ],
    },
  ];
  // Held to the console's own rules, as if an operator had saved them.
  // A small catalogue may have no goods of a category: its grid of chosen goods is left out.
  const filled = (b: BlockInput) => b.kind !== 'goods' || b.goods_ids.length > 0 || b.category_id !== undefined || b.keywords !== '';
  await db.insert(activityPages).values(pages.map((p) => ({ ...p, ...period, blocks: p.blocks.filter(filled).map((b) => blockInput.parse(b)) })));
}
