/**
 * The member centre and the account centre: the summary of /user, licences and their renewal, messages,
 * WeChat binding, a chain's stores and acting for one, and quick purchase (goods bought before). Everything
 * is the session account's own; another account's id answers 404.
 */
import { and, asc, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { LICENCE_EXPIRY_WARN_DAYS, LICENCE_TYPES, REQUIRED_LICENCES, type CompanyType, type LicenceType } from '../../../core/constants.js';
import { chinaToday, type fastBuyQuery, type licenceAddBody, type licenceUploadBody } from '../../../core/schemas/member.js';
import type { Conn, Db } from '../../db/client.js';
import { goods, licences, messages, orderItems, orders, users, wechatTickets } from '../../db/schema/index.js';
import { invalid, notFound, refuse } from '../../http/envelope.js';
import { ACTING_REFUSED, storesOf, userBase } from '../accounts/service.js';
import { setActingFor, type CurrentSession, type SessionUser } from '../accounts/sessions.js';
import { recommendations } from '../catalogue/home.js';
import { goodsCore, goodsView, visible } from '../catalogue/service.js';
import type { Viewer } from '../catalogue/viewer.js';
import { listOrders } from '../orders/service.js';
import { couponNum, userMoney } from '../wallet/service.js';
import { ownsUploads } from '../uploads/service.js';

export const LICENCE_MISSING = '资质证件不存在';
export const MESSAGE_MISSING = '消息不存在';
export const STORE_MISSING = '门店不存在';
export const MESSAGES_PER_PAGE = 10;
export const FAST_BUY_PER_PAGE = 20;
/** Items 8 (gift) and 9 (add-on) came with a promotion, 3 is a bundle: none is bought again on its own. */
const REBUYABLE_TYPES = [0, 1];
const DAY_MS = 86_400_000;
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** Whole days from today (China) to a YYYY-MM-DD date: 0 today, negative once past. */
export function daysUntil(date: string, now = Date.now()) {
  return Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${chinaToday(now)}T00:00:00Z`)) / DAY_MS);
}

type LicenceRow = typeof licences.$inferSelect;

const LICENCE_STATUS = { 0: '审核中', 1: '已通过', 2: '未通过' } as const;

function licenceView(l: LicenceRow, now: number) {
  const days = l.validUntil ? daysUntil(l.validUntil, now) : null;
  return {
    id: l.id,
    type: l.type,
    type_name: LICENCE_TYPES[l.type as LicenceType] ?? l.type,
    number: l.number,
    valid_until: l.validUntil ?? '',
    image: l.image,
    status: l.status,
    status_text: LICENCE_STATUS[l.status as keyof typeof LICENCE_STATUS] ?? '审核中',
    remark: l.remark,
    /** Days left until it expires; null when it has no end date. */
    days_left: days,
    /** 1 when it expires within LICENCE_EXPIRY_WARN_DAYS days, 2 when it has expired. */
    expiry: days === null ? 0 : days < 0 ? 2 : days <= LICENCE_EXPIRY_WARN_DAYS ? 1 : 0,
    updated_at: seconds(l.createdAt),
  };
}
type LicenceView = ReturnType<typeof licenceView>;

const requiredOf = (user: SessionUser) => REQUIRED_LICENCES[user.companyType as CompanyType] ?? REQUIRED_LICENCES['单体药店'];

async function licenceRows(conn: Conn, userId: number) {
  return conn.select().from(licences).where(eq(licences.userId, userId)).orderBy(asc(licences.id));
}

/**
 * Where the account stands with its licences and what to do next: finish registering, wait for the review,
 * upload again after a refusal, or renew a licence that has expired or expires within 30 days.
 */
export function licenceState(user: SessionUser, list: LicenceView[]) {
  const expired = list.filter((l) => l.expiry === 2);
  const expiring = list.filter((l) => l.expiry === 1);
  const toLicences = (label: string) => ({ label, to: '/zhzx/zzzj' });
  if (user.registerStep < 3) {
    return {
      state: 'incomplete',
      text: '注册资料未完善',
      tip: user.registerStep < 2 ? '请填写企业信息并上传资质，审核通过后即可查看价格并采购。' : '请上传资质证件，审核通过后即可查看价格并采购。',
      action: { label: '继续完善资料', to: `/register/step${user.registerStep + 1}` },
    };
  }
  if (user.isPassed === 2) {
    return { state: 'rejected', text: '资质审核未通过', tip: user.rejectReason || '请按要求重新上传资质证件。', action: toLicences('重新上传资质') };
  }
  if (user.isPassed === 0) {
    return { state: 'waiting', text: '资质审核中', tip: '我们将在1-2个工作日内完成审核，审核结果将通过站内消息通知您。', action: toLicences('查看资质') };
  }
  if (expired.length) {
    return { state: 'expired', text: '资质已过期', tip: `${expired.map((l) => l.type_name).join('、')}已过期，请尽快上传新证件，以免影响采购。`, action: toLicences('更新资质') };
  }
  if (expiring.length) {
    const first = [...expiring].sort((a, b) => a.days_left! - b.days_left!)[0];
    return {
      state: 'expiring',
      text: '资质即将到期',
      tip: `${first.type_name}将于${first.valid_until}到期（剩余${first.days_left}天），请及时上传新证件。`,
      action: toLicences('上传新证件'),
    };
  }
  return { state: 'approved', text: '资质已审核通过', tip: '您可以查看价格并在线采购。', action: null };
}

/** GET /api/user/center: everything the member centre shows, in one answer (the page skips the base call). */
export async function memberCentre(db: Db, session: CurrentSession, viewer: Viewer) {
  const { user } = session;
  const now = Date.now();
  const [base, rows, money, coupons, orderPage, recommend] = await Promise.all([
    userBase(db, user, session.token, session.actor),
    licenceRows(db, user.id),
    userMoney(db, user),
    couponNum(db, user),
    listOrders(db, user, { keywords: '', page: 1 }, 5),
    recommendations(db, viewer, 1),
  ]);
  const list = rows.map((l) => licenceView(l, now));
  return {
    user: base,
    licence: { ...licenceState(user, list), expiring: list.filter((l) => l.expiry > 0) },
    wallet: {
      balance: money.balance,
      credit_limit: money.credit_limit,
      credit_used: money.credit_used,
      credit_available: money.credit_available,
      red_packet: money.red_packet,
      points: money.points,
      coupons: coupons.unused,
      coupons_expiring: coupons.expiring,
    },
    order_counts: orderPage.counts,
    recent_orders: orderPage.data,
    recommend: recommend.data,
  };
}

/** GET /api/user/zizhi: the account's licences, the types its company type needs, and where it stands. */
export async function listLicences(db: Db, user: SessionUser) {
  const now = Date.now();
  const list = (await licenceRows(db, user.id)).map((l) => licenceView(l, now));
  const held = new Set(list.map((l) => l.type));
  return {
    is_passed: user.isPassed,
    reject_reason: user.rejectReason,
    state: licenceState(user, list),
    warn_days: LICENCE_EXPIRY_WARN_DAYS,
    required: requiredOf(user).map((type) => ({ type, name: LICENCE_TYPES[type], held: held.has(type) ? 1 : 0 })),
    types: Object.entries(LICENCE_TYPES).map(([type, name]) => ({ type, name })),
    list,
  };
}

async function assertOwnUpload(db: Db, userId: number, image: string) {
  if (!(await ownsUploads(db, userId, [image]))) throw invalid('image', '资质图片无效，请重新上传');
}

/**
 * A new picture of a licence waits for review (status 0) in place of the old one. An approved account keeps
 * buying meanwhile; a refused account goes back to waiting for review.
 */
async function saveLicence(db: Db, user: SessionUser, type: string, input: z.infer<typeof licenceUploadBody>, id?: number) {
  await assertOwnUpload(db, user.id, input.image);
  const values = { image: input.image, number: input.number, validUntil: input.valid_until, status: 0, remark: '', createdAt: new Date() };
  const saved = await db.transaction(async (tx) => {
    let row: LicenceRow | undefined;
    if (id) {
      [row] = await tx
        .update(licences)
        .set(values)
        .where(and(eq(licences.id, id), eq(licences.userId, user.id)))
        .returning();
      if (!row) throw notFound(LICENCE_MISSING);
    } else {
      [row] = await tx
        .update(licences)
        .set(values)
        .where(and(eq(licences.userId, user.id), eq(licences.type, type)))
        .returning();
      if (!row) [row] = await tx.insert(licences).values({ userId: user.id, type, ...values }).returning();
    }
    if (user.isPassed === 2) await tx.update(users).set({ isPassed: 0, rejectReason: '' }).where(eq(users.id, user.id));
    return row;
  });
  return licenceView(saved, Date.now());
}

export const reuploadLicence = (db: Db, user: SessionUser, id: number, input: z.infer<typeof licenceUploadBody>) => saveLicence(db, user, '', input, id);

export const addLicence = (db: Db, user: SessionUser, input: z.infer<typeof licenceAddBody>) => saveLicence(db, user, input.type, input);

// Messages

export async function listMessages(db: Db, userId: number, q: { page: number; type: 'all' | 'unread' }) {
  const where = q.type === 'unread' ? and(eq(messages.userId, userId), eq(messages.isRead, false)) : eq(messages.userId, userId);
  const [rows, [{ n }], [{ unread }]] = await Promise.all([
    db
      .select()
      .from(messages)
      .where(where)
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(MESSAGES_PER_PAGE)
      .offset((q.page - 1) * MESSAGES_PER_PAGE),
    db.select({ n: count() }).from(messages).where(where),
    db.select({ unread: count() }).from(messages).where(and(eq(messages.userId, userId), eq(messages.isRead, false))),
  ]);
  return {
    current_page: q.page,
    data: rows.map((m) => ({ id: m.id, title: m.title, content: m.content, is_read: m.isRead ? 1 : 0, created_at: seconds(m.createdAt) })),
    last_page: Math.max(1, Math.ceil(n / MESSAGES_PER_PAGE)),
    per_page: MESSAGES_PER_PAGE,
    total: n,
    unread,
  };
}

/** Marks messages read: the given ids (all of them the account's, else 404 and nothing changes) or all. */
export async function readMessages(db: Db, userId: number, input: { ids?: number[]; all?: unknown }) {
  const mine = eq(messages.userId, userId);
  if (input.all) {
    await db.update(messages).set({ isRead: true }).where(and(mine, eq(messages.isRead, false)));
  } else {
    const ids = [...new Set(input.ids!)];
    await db.transaction(async (tx) => {
      const found = await tx.update(messages).set({ isRead: true }).where(and(mine, inArray(messages.id, ids))).returning({ id: messages.id });
      if (found.length !== ids.length) throw notFound(MESSAGE_MISSING);
    });
  }
  const [{ unread }] = await db.select({ unread: count() }).from(messages).where(and(mine, eq(messages.isRead, false)));
  return { unread };
}

// WeChat

/** GET /api/user/wechat: the binding, with the user object (the bind page skips the base call). */
export async function wechatBinding(db: Db, session: CurrentSession) {
  const { user } = session;
  return {
    bound: user.wechatOpenid ? 1 : 0,
    nickname: user.wechatOpenid ? user.wechatNickname || '微信用户' : '',
    user: await userBase(db, user, session.token, session.actor),
  };
}

async function liveTicket(conn: Conn, ticket: string) {
  const [row] = await conn.select().from(wechatTickets).where(eq(wechatTickets.ticket, ticket)).limit(1);
  return row && !row.usedAt && row.expiresAt > new Date() ? row : null;
}

/** GET /api/user/bind_wechat?ticket: whether the QR code shown on the bind page has been scanned. Changes nothing. */
export async function bindTicketStatus(db: Db, ticket: string) {
  const row = await liveTicket(db, ticket);
  if (!row) return { status: 'expired' as const, nickname: '' };
  return row.openid ? { status: 'scanned' as const, nickname: row.nickname } : { status: 'waiting' as const, nickname: '' };
}

/** POST /api/user/bind_wechat: binds the WeChat user who scanned the ticket to the account. */
export async function bindWechat(db: Db, session: CurrentSession, ticket: string) {
  if (session.actor) throw refuse(ACTING_REFUSED);
  const { user } = session;
  return db.transaction(async (tx) => {
    const row = await liveTicket(tx, ticket);
    if (!row) throw invalid('ticket', '二维码已失效，请刷新');
    if (!row.openid) throw refuse('请先用微信扫描二维码');
    const [other] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.wechatOpenid, row.openid), ne(users.id, user.id)))
      .limit(1);
    if (other) throw refuse('该微信已绑定其他账号，请先在该账号中解除绑定');
    await tx.update(wechatTickets).set({ usedAt: new Date() }).where(eq(wechatTickets.ticket, ticket));
    await tx.update(users).set({ wechatOpenid: row.openid, wechatNickname: row.nickname }).where(eq(users.id, user.id));
    return { bound: 1, nickname: row.nickname || '微信用户' };
  });
}

export async function unbindWechat(db: Db, session: CurrentSession) {
  if (session.actor) throw refuse(ACTING_REFUSED);
  if (!session.user.wechatOpenid) throw refuse('当前账号未绑定微信');
  await db.update(users).set({ wechatOpenid: null, wechatNickname: '' }).where(eq(users.id, session.user.id));
  return { bound: 0 };
}

// Stores of a chain headquarters

/** The headquarters the session logs in as: itself, or the one acting for a store. */
const headquartersOf = (session: CurrentSession) => session.actor ?? session.user;

/** GET /api/user/dd: the stores, which one the session acts for, and whether this account may have stores. */
export async function chainStores(db: Db, session: CurrentSession) {
  const hq = headquartersOf(session);
  const isChain = hq.companyType === '连锁总部';
  return {
    is_chain: isChain ? 1 : 0,
    headquarters: { id: hq.id, username: hq.username, company: hq.company },
    acting_for: session.actor ? session.user.id : 0,
    stores: isChain ? await storesOf(db, hq.id) : [],
  };
}

/** POST /api/user/act_for: the headquarters acts for one of its stores (cart, orders, wallet are the store's). */
export async function actFor(db: Db, session: CurrentSession, storeId: number) {
  const hq = headquartersOf(session);
  const [store] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, storeId), eq(users.parentId, hq.id)))
    .limit(1);
  if (!store) throw notFound(STORE_MISSING);
  await setActingFor(db, session, store.id);
  return userBase(db, store, session.token, hq);
}

/** DELETE /api/user/act_for: back to the headquarters' own account. */
export async function stopActing(db: Db, session: CurrentSession) {
  const hq = headquartersOf(session);
  if (session.actor) await setActingFor(db, session, null);
  return userBase(db, hq, session.token, null);
}

// Quick purchase

/**
 * GET /api/user/fast_buy: the goods the account bought before (orders not cancelled), each with the quantity
 * of its last purchase, how many orders and units, and when last bought; goods the buyer may no longer see
 * are left out. `cart_number` is the last quantity in whole middle packages, within the stock.
 */
export async function fastBuy(db: Db, user: SessionUser, viewer: Viewer, q: z.infer<typeof fastBuyQuery>, perPage = FAST_BUY_PER_PAGE) {
  const bought = db
    .select({
      goodsId: orderItems.goodsId,
      lastNumber: sql<number>`(array_agg(${orderItems.number} order by ${orders.createdAt} desc, ${orderItems.id} desc))[1]`.as('last_number'),
      times: sql<number>`count(distinct ${orders.id})::int`.as('times'),
      totalNumber: sql<number>`sum(${orderItems.number})::int`.as('total_number'),
      lastTime: sql<Date>`max(${orders.createdAt})`.as('last_time'),
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orders.userId, user.id), ne(orders.status, 4), inArray(orderItems.type, REBUYABLE_TYPES)))
    .groupBy(orderItems.goodsId)
    .as('bought');
  const where: SQL[] = [visible(viewer)];
  if (q.keywords) {
    const like = `%${q.keywords.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(sql`(${goods.name} ilike ${like} or ${goods.sccj} ilike ${like})`);
  }
  const order = {
    time: [desc(bought.lastTime)],
    count: [desc(bought.times), desc(bought.lastTime)],
    number: [desc(bought.totalNumber), desc(bought.lastTime)],
  }[q.order];
  const condition = and(...where);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({ goods: goodsCore, lastNumber: bought.lastNumber, times: bought.times, totalNumber: bought.totalNumber, lastTime: bought.lastTime })
      .from(bought)
      .innerJoin(goods, eq(goods.id, bought.goodsId))
      .where(condition)
      .orderBy(...order, asc(goods.id))
      .limit(perPage)
      .offset((q.page - 1) * perPage),
    db.select({ n: count() }).from(bought).innerJoin(goods, eq(goods.id, bought.goodsId)).where(condition),
  ]);
  return {
    current_page: q.page,
    data: rows.map((r) => {
      const g = r.goods;
      const last = Number(r.lastNumber);
      const packs = Math.max(1, Math.ceil(last / g.zbz)) * g.zbz;
      const inStock = Math.floor(g.number / g.zbz) * g.zbz;
      return {
        goods: goodsView(g, viewer),
        last_number: last,
        cart_number: Math.min(packs, Math.max(inStock, 0)) || 0,
        times: Number(r.times),
        total_number: Number(r.totalNumber),
        last_time: seconds(new Date(r.lastTime)),
      };
    }),
    last_page: Math.max(1, Math.ceil(n / perPage)),
    per_page: perPage,
    total: n,
  };
}
