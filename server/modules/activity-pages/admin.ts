/**
 * The console's activity pages (营销活动 › 活动页面, permission `promotion:write`): the list, and a page composed
 * of blocks, created or changed whole. The goods and coupons a block names must exist; a text block's HTML is
 * kept only through the allow-list sanitizer. Every write is audited and drops the shared answers at once.
 */
import { count, desc, eq, ilike } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  ACTIVITY_PAGE_KIND_TEXT,
  type ActivityPageInput,
  type AdminBlockPage,
  type AdminBlockPageList,
  type BlockInput,
} from '../../../core/schemas/activity-pages.js';
import type { Db, Tx } from '../../db/client.js';
import { activityPages } from '../../db/schema/activity-pages.js';
import { containing } from '../../db/like.js';
import { invalid, notFound } from '../../http/envelope.js';
import { sanitizeRichText } from '../../lib/html.js';
import { goodsByIds } from '../catalogue/index.js';
import { audited } from '../operators/index.js';
import { fromMinute, minuteOf } from '../promotions/index.js';
import { existingCouponIds } from '../wallet/index.js';
import type { PageKind } from './service.js';

type PageRow = typeof activityPages.$inferSelect;
const PER_PAGE = 20;

function stateText(p: PageRow, now = Date.now()) {
  if (!p.isShow) return '未上线';
  if (p.startsAt.getTime() > now) return '未开始';
  if (p.endsAt.getTime() <= now) return '已结束';
  return '进行中';
}

/** Where the storefront shows a page of each kind. */
const pageUrl = (p: { id: number; kind: string }) => (p.kind === 'yjh' ? `/yjh/${p.id}` : `/${p.kind}?id=${p.id}`);

function view(p: PageRow): AdminBlockPage {
  return {
    id: p.id,
    kind: p.kind as PageKind,
    kind_text: ACTIVITY_PAGE_KIND_TEXT[p.kind as PageKind] ?? p.kind,
    title: p.title,
    theme: p.theme,
    starts_at: minuteOf(p.startsAt),
    ends_at: minuteOf(p.endsAt),
    is_show: p.isShow ? 1 : 0,
    state_text: stateText(p),
    blocks: p.blocks,
    url: pageUrl(p),
    updated_at: Math.floor(p.updatedAt.getTime() / 1000),
  };
}

/** `GET /api/admin/activity-pages?page&keyword`: newest first. */
export async function listPages(db: Db, q: { page: number; keyword: string }): Promise<AdminBlockPageList> {
  const where = q.keyword ? ilike(activityPages.title, containing(q.keyword)) : undefined;
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(activityPages)
      .where(where)
      .orderBy(desc(activityPages.id))
      .limit(PER_PAGE)
      .offset((q.page - 1) * PER_PAGE),
    db.select({ n: count() }).from(activityPages).where(where),
  ]);
  return { current_page: q.page, data: rows.map(view), last_page: Math.max(1, Math.ceil(n / PER_PAGE)), per_page: PER_PAGE, total: n };
}

/** The blocks as stored: names checked against the goods and coupons there are, rich text sanitized. */
async function checkedBlocks(tx: Tx, blocks: BlockInput[]): Promise<BlockInput[]> {
  const goodsIds = blocks.flatMap((b) => (b.kind === 'goods' ? b.goods_ids : []));
  const couponIds = blocks.flatMap((b) => (b.kind === 'coupons' ? b.coupon_ids : []));
  const [goods, coupons] = await Promise.all([goodsByIds(tx, goodsIds), existingCouponIds(tx, couponIds)]);
  const knownGoods = new Set(goods.map((g) => g.id));
  return blocks.map((b, i) => {
    if (b.kind === 'goods') {
      const unknown = b.goods_ids.filter((id) => !knownGoods.has(id));
      if (unknown.length) throw invalid(`blocks.${i}.goods_ids`, `商品不存在：${unknown.join('、')}`);
    }
    if (b.kind === 'coupons') {
      const unknown = b.coupon_ids.filter((id) => !coupons.has(id));
      if (unknown.length) throw invalid(`blocks.${i}.coupon_ids`, `优惠券不存在：${unknown.join('、')}`);
    }
    if (b.kind === 'text') {
      const html = sanitizeRichText(b.html);
      if (!html) throw invalid(`blocks.${i}.html`, '图文内容为空或只含不允许的内容');
      return { ...b, html };
    }
    return b;
  });
}

async function columns(tx: Tx, input: ActivityPageInput) {
  return {
    kind: input.kind,
    title: input.title,
    theme: input.theme.toLowerCase(),
    startsAt: fromMinute(input.starts_at),
    endsAt: fromMinute(input.ends_at),
    isShow: input.is_show === 1,
    blocks: await checkedBlocks(tx, input.blocks),
  };
}

const audit = (p: PageRow | undefined) => (p ? { ...view(p), state_text: undefined, updated_at: undefined, url: undefined } : null);

/** `POST /api/admin/activity-pages`: a new page. */
export async function createPage(db: Db, request: FastifyRequest, input: ActivityPageInput): Promise<AdminBlockPage> {
  const result = await audited(
    db,
    request,
    { permission: 'promotion:write', stale: 'promotions', action: 'page.create', targetType: 'activity_page', targetId: 0 },
    async (tx) => {
      const [row] = await tx
        .insert(activityPages)
        .values(await columns(tx, input))
        .returning();
      return { before: null, after: audit(row), result: view(row), targetId: row.id };
    },
  );
  return result;
}

/** `POST /api/admin/activity-pages/{id}`: the page changed whole, blocks and all. */
export async function updatePage(db: Db, request: FastifyRequest, id: number, input: ActivityPageInput): Promise<AdminBlockPage> {
  const result = await audited(
    db,
    request,
    { permission: 'promotion:write', stale: 'promotions', action: 'page.update', targetType: 'activity_page', targetId: id },
    async (tx) => {
      const [before] = await tx.select().from(activityPages).where(eq(activityPages.id, id)).for('update');
      if (!before) throw notFound('页面不存在');
      const [after] = await tx
        .update(activityPages)
        .set({ ...(await columns(tx, input)), updatedAt: new Date() })
        .where(eq(activityPages.id, id))
        .returning();
      return { before: audit(before), after: audit(after), result: view(after) };
    },
  );
  return result;
}
