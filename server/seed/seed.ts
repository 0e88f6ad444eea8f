/**
 * Demo data of DESIGN.md section 8: the site's content, a realistic catalogue and the demo accounts.
 * Deterministic (a seeded random generator), so two databases seeded alike hold the same goods.
 */
import { count, eq, sql } from 'drizzle-orm';
import { REQUIRED_LICENCES } from '../../core/constants.js';
import { pinyinOf } from '../modules/catalogue/pinyin.js';
import { classifyGoodsScopes } from '../modules/catalogue/scopes.js';
import { refreshGoodsTerms } from '../modules/catalogue/terms.js';
import type { Db } from '../db/client.js';
import {
  ads,
  brands,
  businessScopes,
  categories,
  friendlyLinks,
  goods,
  goodsBatches,
  hotSearches,
  licenceReminders,
  licences,
  messages,
  nav,
  payPasswords,
  serviceContacts,
  siteConfig,
  traceGoods,
  users,
} from '../db/schema/index.js';
import { DEMO_PASSWORD, DEMO_PAY_PASSWORD } from './demo-password.js';
import { ADS, BUSINESS_SCOPES, CATEGORY_TREE, FRIENDLY_LINKS, HOT_SEARCHES, KXZQ_SECTIONS, NAV, SITE_CONFIG } from './content.js';
import { seedHelp } from './help-articles.js';
import { seedPromotions } from './promotions.js';
import { seedDemoOrders } from './orders.js';
import { seedPointsMall } from './points.js';
import { seedDemoWallet, settleSeededLedger } from './wallet.js';
import { seedLottery } from './lottery.js';
import { seedChat } from './chat.js';
import { seedSelfService } from './self-service.js';
import { seedDemoInvoices } from './invoices.js';
import { seedTradeAccounts, seedTradePromotions } from './trade.js';
import { seedActivityPages } from './activity-pages.js';
import { DEVICE_MAKERS, DEVICES, DRUGS, FOOD_MAKERS, FOODS, HERB_MAKERS, HERBS, MAKERS, type DrugEntry } from './drugs.js';
import { packClassOf, packFormOf } from './pictures.js';
import { batchesOf } from './batches.js';
import { traceGoodsOf } from './trace.js';
import { random } from './random.js';

/** mulberry32: a small seeded generator; the seed's randomness must repeat. */

/** Makers that really are the only source of a product. */
const SOLE_MAKERS: Record<string, string[]> = {
  连花清瘟胶囊: ['石家庄以岭药业股份有限公司'],
  连花清瘟颗粒: ['石家庄以岭药业股份有限公司'],
  云南白药胶囊: ['云南白药集团股份有限公司'],
  安宫牛黄丸: ['北京同仁堂股份有限公司'],
  速效救心丸: ['天津中新药业集团股份有限公司'],
  复方丹参滴丸: ['天津天士力医药集团股份有限公司'],
  脑心通胶囊: ['陕西步长制药有限公司'],
  蒲地蓝消炎片: ['济川药业集团有限公司'],
  金嗓子喉片: ['广西金嗓子有限责任公司'],
  西瓜霜润喉片: ['桂林三金药业股份有限公司'],
  感冒灵颗粒: ['华润三九医药股份有限公司'],
  复方盐酸伪麻黄碱缓释胶囊: ['中美天津史克制药有限公司'],
  正天丸: ['华润三九医药股份有限公司'],
  健胃消食片: ['江中药业股份有限公司'],
  小儿化食口服液: ['葵花药业集团股份有限公司'],
  急支糖浆: ['太极集团重庆涪陵制药厂有限公司'],
};

/** Makers a product is always among (the search tests rely on 华北制药 making amoxicillin). */
const FIRST_MAKERS: Record<string, string> = {
  阿莫西林胶囊: '华北制药股份有限公司',
  阿莫西林颗粒: '华北制药股份有限公司',
  头孢拉定胶囊: '华北制药股份有限公司',
  阿奇霉素片: '石药集团欧意药业有限公司',
  布洛芬缓释胶囊: '中美天津史克制药有限公司',
  板蓝根颗粒: '广州白云山制药股份有限公司',
  六味地黄丸: '仲景宛西制药股份有限公司',
  复方甘草片: '山东新华制药股份有限公司',
};

/** Trade names (商品名) that a maker really sells a product under, by product and maker. */
const TRADE_NAMES: Record<string, Record<string, string>> = {
  感冒灵颗粒: { 华润三九医药股份有限公司: '999感冒灵' },
  复方盐酸伪麻黄碱缓释胶囊: { 中美天津史克制药有限公司: '新康泰克' },
  布洛芬缓释胶囊: { 中美天津史克制药有限公司: '芬必得' },
};

const GENERAL_MAKERS = MAKERS.map((m) => m.name).filter((n) => !DEVICE_MAKERS.includes(n) && !HERB_MAKERS.slice(0, 2).includes(n) && n !== FOOD_MAKERS[0]);

const COLOURS = ['e4393c', '2f6db5', '1f9d55', 'e67e22', '8e44ad', '16a085', 'c0392b', '2c3e50'];

/** The manufacturer's short name for a package drawing: 华北制药股份有限公司 → 华北制药. */
const shortMaker = (name: string) =>
  name
    .replace(/(集团)?(股份)?有限(责任)?公司$/, '')
    .replace(/(制药总厂|\(中国\))$/, '')
    .slice(0, 8);

function makersFor(entry: DrugEntry, index: number): string[] {
  const sole = SOLE_MAKERS[entry.name];
  if (sole) return sole;
  const rnd = random(7919 * (index + 1));
  const pool = entry.cfl === '器械' ? DEVICE_MAKERS : entry.cfl === '中药饮片' ? HERB_MAKERS : entry.cfl === '保健食品' ? FOOD_MAKERS : GENERAL_MAKERS;
  const wanted = Math.min(pool.length, entry.cfl === '处方药' || entry.cfl.endsWith('OTC') ? rnd.int(4, 8) : pool.length);
  const chosen = new Set<string>();
  const first = FIRST_MAKERS[entry.name];
  if (first) chosen.add(first);
  while (chosen.size < wanted) chosen.add(rnd.pick(pool));
  return [...chosen];
}

/** The packshot of an entry's goods, drawn by its dosage form with its class mark (view 1 and 2 for the gallery). */
const goodsImage = (entry: DrugEntry, maker: string, spec: string, colour: string, view = 0) =>
  `/api/img/goods.svg?${new URLSearchParams({
    n: entry.name,
    m: shortMaker(maker),
    g: spec,
    c: colour,
    ...(view ? { v: String(view) } : {}),
    f: packFormOf(entry, spec),
    r: packClassOf(entry),
  })}`;

const day = 86_400_000;
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

type GoodsRow = typeof goods.$inferInsert;

/**
 * The catalogue's products (entry × maker × spec) in a stable order that visits every entry before any
 * entry's second variant, so that even a small catalogue covers the whole range of drugs. Larger
 * catalogues repeat the list per warehouse and batch.
 */
function products() {
  const entries = [...DRUGS, ...DEVICES, ...HERBS, ...FOODS];
  const variants = entries.map((entry, i) => makersFor(entry, i).flatMap((maker) => entry.specs.map((spec) => ({ entry, maker, spec }))));
  const list: { entry: DrugEntry; maker: string; spec: string }[] = [];
  for (let k = 0; list.length < variants.reduce((n, v) => n + v.length, 0); k++) {
    for (const v of variants) if (k < v.length) list.push(v[k]);
  }
  return list;
}

function approvalNumber(entry: DrugEntry, rnd: ReturnType<typeof random>): string {
  if (entry.cfl === '中药饮片') return '';
  if (entry.cfl === '器械') return `${rnd.pick(['苏', '浙', '粤', '国'])}械注准20${rnd.int(15, 24)}2${rnd.int(100000, 999999)}`;
  if (entry.cfl === '保健食品') return `国食健注G20${rnd.int(10, 24)}${rnd.int(1000, 9999)}`;
  const letter = entry.category.startsWith('中成药') || (/丸|颗粒|口服液|膏/.test(entry.name) && !entry.category.startsWith('抗感染')) ? 'Z' : 'H';
  return `国药准字${letter}${rnd.int(10, 69)}${rnd.int(100000, 999999)}`;
}

/**
 * The product's EAN-13 barcode: 69 (made in China), ten digits from its name, maker and spec, and the check
 * digit; listings of one product in several warehouses share it. Taken from no random stream, so that adding it
 * changed no other seeded value.
 */
function barcodeOf(name: string, maker: string, spec: string): string {
  let h = 0x811c9dc5;
  for (const ch of `${name}|${maker}|${spec}`) h = Math.imul(h ^ ch.codePointAt(0)!, 0x01000193) >>> 0;
  const body = `69${String(h % 1e9).padStart(9, '0')}${(h >>> 28) % 10}`;
  const sum = [...body].reduce((s, d, i) => s + Number(d) * (i % 2 ? 3 : 1), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

function buildGoods(
  index: number,
  product: { entry: DrugEntry; maker: string; spec: string },
  round: number,
  ids: { category: Map<string, number>; brand: Map<string, number> },
  now: number,
): GoodsRow {
  const { entry, maker, spec } = product;
  const rnd = random(104_729 * (index + 1));
  const [low, high] = entry.price;
  const yuan = low + rnd.next() * (high - low);
  const basePrice = Math.max(50, Math.round(yuan * 10) * 10);
  const zbz = entry.zbz ?? (basePrice >= 10_000 ? 1 : basePrice >= 3000 ? 5 : 10);
  const ladder =
    rnd.chance(0.35) && zbz > 1
      ? [
          { number: zbz * 5, price: Math.floor((basePrice * 97) / 100) },
          { number: zbz * 10, price: Math.floor((basePrice * 94) / 100) },
        ]
      : [];
  const isDevice = entry.cfl === '器械';
  const isHerb = entry.cfl === '中药饮片';
  const isTcm = isHerb || entry.category.startsWith('中成药');
  const nearExpiry = rnd.chance(0.04);
  let produced = now - rnd.int(30, 420) * day - round * 7 * day;
  let expiry = nearExpiry ? now + rnd.int(20, 170) * day : produced + (isHerb ? 540 : rnd.pick([730, 1095])) * day;
  // Goods on sale as usual have at least 200 days left, so that their batch sells (docs/decisions/033-batches.md).
  if (!nearExpiry && expiry < now + 200 * day) {
    produced += now + 200 * day - expiry;
    expiry = now + 200 * day;
  }
  const isYoux = rnd.chance(0.2);
  const tags: string[] = [];
  // 满, 赠 and 换购 come with the activities that give them (trade.ts); 秒 and 特 with the promotions.
  if (isYoux) tags.push('优');
  if (nearExpiry) tags.push('特');
  if (rnd.chance(0.06)) tags.push('新');
  const isFreeShipping = rnd.chance(0.1);
  const colour = COLOURS[index % COLOURS.length];
  const name = pinyinOf(entry.name);
  const sccj = pinyinOf(maker);
  const makerInfo = MAKERS.find((m) => m.name === maker);
  return {
    ckId: 1 + (round % 3),
    name: entry.name,
    sccj: maker,
    ypgg: spec,
    bzdw: entry.unit,
    images: [goodsImage(entry, maker, spec, colour), goodsImage(entry, maker, spec, colour, 1), goodsImage(entry, maker, spec, colour, 2)],
    basePrice,
    isBuy: !rnd.chance(0.01),
    number: rnd.chance(0.03) ? 0 : rnd.int(5, 500) * zbz,
    isYoux,
    ladderPrice: ladder,
    ladderPriceType: ladder.length ? 1 : 0,
    isFreeShipping,
    freeShippingNumber: isFreeShipping ? zbz * 10 : 0,
    tags,
    zbz,
    jzl: zbz * rnd.pick([20, 30, 40, 50]),
    pzwh: approvalNumber(entry, rnd),
    tm: entry.cfl === '中药饮片' ? '' : barcodeOf(entry.name, maker, spec),
    jx: entry.jx,
    cfl: entry.cfl,
    xq: isoDate(expiry),
    scrq: isoDate(produced),
    // A near-expiry listing (特) sells its batches until they expire.
    minShelfDays: nearExpiry ? 0 : 183,
    ccfs: entry.storage ?? (isHerb || entry.jx.includes('软胶囊') ? '阴凉' : '常温'),
    categoryId: ids.category.get(entry.category) ?? ids.category.values().next().value!,
    brandId: makerInfo?.brand ? (ids.brand.get(makerInfo.brand) ?? null) : null,
    isEphedrine: entry.ephedrine ?? false,
    isKx: !isDevice && !isHerb && rnd.chance(0.05),
    isZy: isTcm,
    isQx: isDevice,
    sales: Math.floor(rnd.next() ** 3 * 20_000),
    tym: isDevice || entry.cfl === '保健食品' ? '' : entry.name,
    spm: TRADE_NAMES[entry.name]?.[maker] ?? '',
    gnzz: entry.use,
    instructions: [
      `【药品名称】${entry.name}`,
      `【规格】${spec}`,
      `【剂型】${entry.jx}`,
      `【功能主治/适应症】${entry.use}。`,
      '【用法用量】请仔细阅读说明书并按说明使用或在药师指导下购买和使用。',
      `【贮藏】${entry.storage === '冷藏' ? '2-8℃避光保存' : '密封，置阴凉干燥处'}。`,
      `【生产企业】${maker}${makerInfo ? `（${makerInfo.region}）` : ''}`,
    ].join('\n'),
    namePy: name.full,
    nameSzm: name.initials,
    sccjPy: sccj.full,
    sccjSzm: sccj.initials,
  };
}

async function idMaps(db: Db) {
  const cats = await db.select({ id: categories.id, name: categories.name, parentId: categories.parentId }).from(categories);
  const top = new Map(cats.filter((c) => c.parentId === 0).map((c) => [c.id, c.name]));
  const category = new Map(cats.filter((c) => c.parentId !== 0).map((c) => [`${top.get(c.parentId)}/${c.name}`, c.id]));
  const brand = new Map((await db.select({ id: brands.id, name: brands.name }).from(brands)).map((b) => [b.name, b.id]));
  return { category, brand };
}

/** Adds `total` goods after those already there (the catalogue grows for benchmarks without reseeding). */
export async function seedGoods(db: Db, total: number, opts: { batch?: number; onProgress?: (done: number) => void } = {}) {
  const list = products();
  const ids = await idMaps(db);
  const [{ n: existing }] = await db.select({ n: count() }).from(goods);
  const now = Date.now();
  const batch = opts.batch ?? 500;
  for (let start = 0; start < total; start += batch) {
    const rows: GoodsRow[] = [];
    for (let i = start; i < Math.min(total, start + batch); i++) {
      const k = existing + i;
      rows.push(buildGoods(k, list[k % list.length], Math.floor(k / list.length), ids, now));
    }
    const made = await db.insert(goods).values(rows).returning({ id: goods.id });
    await db.insert(goodsBatches).values(made.flatMap((g, i) => batchesOf(g.id, rows[i], existing + start + i, now)));
    await db.insert(traceGoods).values(traceGoodsOf(made, rows));
    opts.onProgress?.(Math.min(total, start + batch));
  }
  await classifyGoodsScopes(db);
  await refreshGoodsTerms(db);
}

const bannerImage = (q: Record<string, string>) => `/api/img/banner.svg?${new URLSearchParams(Object.entries(q).filter(([, v]) => v))}`;
/** The packs a brand's banner shows: three of the maker's own goods, of different forms where it has them. */
function brandPacks(brand: string, list: ReturnType<typeof products>) {
  const maker = MAKERS.find((m) => m.brand === brand)?.name;
  const own = list.filter((p) => p.maker === maker).map((p) => ({ form: packFormOf(p.entry, p.spec), name: p.entry.name.slice(0, 12) }));
  const picked: typeof own = [];
  for (const distinct of [true, false]) {
    for (const p of own) {
      if (picked.length === 3) break;
      if (picked.some((q) => q.name === p.name) || (distinct && picked.some((q) => q.form === p.form))) continue;
      picked.push(p);
    }
  }
  return { g: picked.map((p) => p.form).join(','), gn: picked.map((p) => p.name).join(',') };
}

async function seedContent(db: Db) {
  await db.insert(siteConfig).values(Object.entries(SITE_CONFIG).map(([key, value]) => ({ key, value })));
  await db.insert(businessScopes).values(BUSINESS_SCOPES.map((name, sort) => ({ name, sort })));
  for (const [sort, top] of CATEGORY_TREE.entries()) {
    const [row] = await db
      .insert(categories)
      .values({ name: top.name, sort, logo1: `/api/img/icon.svg?k=${top.icon}` })
      .returning({ id: categories.id });
    await db.insert(categories).values(top.children.map((name, i) => ({ name, parentId: row.id, sort: i })));
  }
  const brandNames = MAKERS.filter((m) => m.brand).map((m) => m.brand!);
  const catalogue = products();
  await db.insert(brands).values(
    brandNames.map((name, sort) => ({
      name,
      sort,
      logo: `/api/img/brand.svg?${new URLSearchParams({ n: name, c: COLOURS[sort % COLOURS.length] })}`,
      description: `${MAKERS.find((m) => m.brand === name)!.name}官方授权，正品直供。`,
      banner: bannerImage({
        t: `${name} 品牌专区`,
        s: '官方授权 正品直供 全系产品',
        c: COLOURS[sort % COLOURS.length],
        p: 'brand',
        th: 'brand',
        ...brandPacks(name, catalogue),
      }),
    })),
  );
  for (const [sort, item] of NAV.entries()) {
    const [row] = await db
      .insert(nav)
      .values({ name: item.name, url: item.url, isOpen: item.isOpen ?? 0, sort })
      .returning({ id: nav.id });
    if (item.children?.length) {
      await db.insert(nav).values(item.children.map((c, i) => ({ name: c.name, url: c.url, parentId: row.id, sort: i })));
    }
  }
  await db.insert(ads).values(
    ADS.map((a, sort) => ({
      position: a.position,
      title: a.title,
      url: a.url,
      sort,
      bannerId: a.bannerId ?? null,
      image: bannerImage({ t: a.title, s: a.sub, c: a.colour, p: a.position, th: a.theme, g: a.goods.join(','), gn: (a.names ?? []).join(',') }),
    })),
  );
  // The controlled-sale zone's sections: one per category, each opening /kxzq/goods/{category}/{ad}.
  const tops = await db.select({ id: categories.id, name: categories.name }).from(categories).where(eq(categories.parentId, 0));
  for (const [sort, section] of KXZQ_SECTIONS.entries()) {
    const top = tops.find((c) => c.name === section.category);
    if (!top) continue;
    const [ad] = await db
      .insert(ads)
      .values({
        position: 'kxzq_ad',
        title: section.title,
        sort,
        image: bannerImage({
          t: section.title,
          s: section.sub,
          c: section.colour,
          p: 'kxzq_ad',
          th: 'control',
          g: section.goods.join(','),
          gn: section.names.join(','),
        }),
      })
      .returning({ id: ads.id });
    await db
      .update(ads)
      .set({ url: `/kxzq/goods/${top.id}/${ad.id}` })
      .where(eq(ads.id, ad.id));
  }
  await db.insert(hotSearches).values(HOT_SEARCHES.map((name, sort) => ({ name, sort, url: `/search?keywords=${encodeURIComponent(name)}` })));
  await seedHelp(db, Date.now());
  await db.insert(friendlyLinks).values(FRIENDLY_LINKS.map((l, sort) => ({ ...l, sort })));
}

/** Seeds content and `goods` goods into an empty database; answers whether it did. */
export async function seedIfEmpty(db: Db, opts: { goods: number }): Promise<boolean> {
  const [{ n }] = await db.select({ n: count() }).from(siteConfig);
  if (n > 0) return false;
  await seedContent(db);
  await seedGoods(db, opts.goods);
  await seedPromotions(db, Date.now());
  await seedTradePromotions(db, Date.now());
  // The tags written on goods after they were made left a dead row each: cleared now (PGlite has no autovacuum), so
  // that the room each page keeps (migration 0033) is there for the first orders' stock.
  await db.execute(sql`vacuum ${goods}`);
  return true;
}

type DemoAccount = {
  username: string;
  phone: string;
  name: string;
  company: string;
  companyType: string;
  isPassed: number;
  registerStep: number;
  points?: number;
  isSpecial?: boolean;
  isCanChat?: boolean;
  parent?: string;
  address: [string, string, string, string];
  /** 经营范围 classes it was not approved for (it sees 超出经营范围 on their goods). */
  scopesLeftOut?: string[];
};

/** What the waiting clinic declared: a clinic dispenses drugs, not decoction pieces, devices or cold-chain goods. */
const CLINIC_SCOPES = ['处方药', '甲类非处方药', '乙类非处方药', '中成药', '化学药制剂', '抗生素制剂'];

const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    username: 'demo',
    phone: '13800000001',
    name: '张敏',
    company: '杭州仁和大药房有限公司',
    companyType: '单体药店',
    isPassed: 1,
    registerStep: 3,
    points: 1280,
    isSpecial: true,
    isCanChat: true,
    address: ['浙江省', '杭州市', '西湖区', '文三路 478 号'],
  },
  {
    username: 'pending',
    phone: '13800000002',
    name: '李娜',
    company: '宁波康宁诊所',
    companyType: '诊所',
    isPassed: 0,
    registerStep: 3,
    address: ['浙江省', '宁波市', '鄞州区', '天童南路 588 号'],
  },
  {
    username: 'chain',
    phone: '13800000003',
    name: '陈刚',
    company: '浙江康泰连锁药业有限公司',
    companyType: '连锁总部',
    isPassed: 1,
    registerStep: 3,
    points: 5600,
    isCanChat: true,
    address: ['浙江省', '杭州市', '拱墅区', '莫干山路 1418 号'],
  },
  {
    username: 'chain-a',
    phone: '13800000004',
    name: '周洁',
    company: '浙江康泰连锁药业有限公司湖墅店',
    companyType: '连锁门店',
    isPassed: 1,
    registerStep: 3,
    parent: 'chain',
    address: ['浙江省', '杭州市', '拱墅区', '湖墅南路 186 号'],
  },
  {
    username: 'chain-b',
    phone: '13800000005',
    name: '吴磊',
    company: '浙江康泰连锁药业有限公司滨江店',
    companyType: '连锁门店',
    isPassed: 1,
    registerStep: 3,
    parent: 'chain',
    address: ['浙江省', '杭州市', '滨江区', '江南大道 3688 号'],
    scopesLeftOut: ['中药饮片', '医疗器械', '冷藏药品'],
  },
];

/** Demo's business licence expires within the 30 days the account centre warns of. */
const DEMO_LICENCE_DAYS = 25;

const DEMO_MESSAGES = [
  { title: '资质审核通过', content: '您的企业资质已审核通过，现在可以查看价格并下单采购。', isRead: true },
  { title: '年终采购节即将开始', content: '12 月 1 日起全场满 3000 减 150，可叠加优惠券，欢迎提前加购。', isRead: false },
  { title: `您的营业执照将于 ${DEMO_LICENCE_DAYS} 天后到期`, content: '请在“账户中心-资质证件”中上传更新后的营业执照，以免影响下单。', isRead: false },
  { title: '专属客服变更通知', content: '您的专属客服已更新为王晓梅，联系电话 13957100001。', isRead: false },
];

/** Creates the demo accounts of DESIGN.md section 4 unless they exist; all share the password Demo@2026. */
export async function seedAccounts(db: Db, hash: (password: string) => Promise<string>) {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'demo'));
  if (existing) {
    await seedTradeAccounts(db, Date.now());
    await seedSelfService(db);
    await seedDemoInvoices(db);
    return seedActivityPages(db);
  }
  // Hashed once each: argon2id is slow on purpose, and every account shares the same two.
  const passwordHash = await hash(DEMO_PASSWORD);
  const payPasswordHash = await hash(DEMO_PAY_PASSWORD);
  const scopes = await db.select({ id: businessScopes.id, name: businessScopes.name }).from(businessScopes).orderBy(businessScopes.sort);
  const scopesBut = (left: string[]) => scopes.filter((s) => !left.includes(s.name)).map((s) => s.id);
  const clinicScopes = scopes.filter((s) => CLINIC_SCOPES.includes(s.name)).map((s) => s.id);
  const idOf = new Map<string, number>();
  const now = Date.now();
  for (const a of DEMO_ACCOUNTS) {
    const [row] = await db
      .insert(users)
      .values({
        username: a.username,
        phone: a.phone,
        passwordHash,
        name: a.name,
        contactPhone: a.phone,
        company: a.company,
        companyType: a.companyType,
        province: a.address[0],
        city: a.address[1],
        district: a.address[2],
        address: a.address[3],
        // What each declared at registration; an approved account was approved for all it declared.
        jyfw: a.username === 'pending' ? clinicScopes : scopesBut(a.scopesLeftOut ?? []),
        scopeIds: a.isPassed ? scopesBut(a.scopesLeftOut ?? []) : [],
        reviewedAt: a.isPassed ? new Date(now - 90 * day) : null,
        isPassed: a.isPassed,
        registerStep: a.registerStep,
        points: a.points ?? 0,
        isSpecial: a.isSpecial ?? false,
        isCanChat: a.isCanChat ?? false,
        rank: a.isPassed ? (a.companyType === '连锁总部' ? '金牌会员' : '银牌会员') : '普通会员',
        parentId: a.parent ? idOf.get(a.parent) : null,
        contractSignedAt: a.isPassed ? new Date(now - 90 * day) : null,
      })
      .returning({ id: users.id });
    idOf.set(a.username, row.id);
    // The approved accounts pay by balance and credit, which asks for the payment password.
    if (a.isPassed) await db.insert(payPasswords).values({ userId: row.id, hash: payPasswordHash });
    const required = REQUIRED_LICENCES[a.companyType as keyof typeof REQUIRED_LICENCES] ?? [];
    const written = await db
      .insert(licences)
      .values(
        required.map((type, i) => ({
          userId: row.id,
          type,
          number: type === 'cgwts' ? '' : `${a.address[0].slice(0, 1)}${91330100 + row.id}${i}`,
          validUntil: type === 'cgwts' ? null : isoDate(now + (type === 'yyzz' && a.username === 'demo' ? DEMO_LICENCE_DAYS : 700) * day),
          image: `/api/img/licence.svg?${new URLSearchParams({ t: type, c: a.company })}`,
          status: a.isPassed ? 1 : 0,
        })),
      )
      .returning({ id: licences.id, type: licences.type, validUntil: licences.validUntil });
    // Demo's reminder of its business licence is among its messages below: the reminder job sends it no second one.
    const remindedOf = written.find((l) => a.username === 'demo' && l.type === 'yyzz');
    if (remindedOf?.validUntil) await db.insert(licenceReminders).values({ licenceId: remindedOf.id, validUntil: remindedOf.validUntil, days: 30 });
    if (a.isPassed) {
      await db.insert(serviceContacts).values([
        { userId: row.id, name: '王晓梅', phone: '13957100001', isDefault: true },
        { userId: row.id, name: '刘洋', phone: '13957100002', isDefault: false },
      ]);
      await db.insert(messages).values(
        DEMO_MESSAGES.map((m, i) => ({ userId: row.id, ...m, createdAt: new Date(now - (DEMO_MESSAGES.length - i) * day) }))
          // Only demo's business licence is about to expire.
          .filter((m) => a.username === 'demo' || !m.title.includes('到期')),
      );
    }
  }
  await seedTradeAccounts(db, now);
  await seedActivityPages(db, now);
  await seedDemoWallet(db, now);
  await seedDemoOrders(db, now);
  await seedPointsMall(db, now);
  await seedLottery(db, now);
  await seedChat(db, now);
  await seedSelfService(db, now);
  await seedDemoInvoices(db);
  await settleSeededLedger(db);
}
