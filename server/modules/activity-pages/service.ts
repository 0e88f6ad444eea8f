/**
 * Activity pages made of blocks (`/yjh/{id}`, `/Hdzx/{ids}/{id}`, `/zqmb?id=`, `/hdmb?id=`): a page is on from
 * its start to its end while shown; before its start it is a preview with a countdown to it, after its end
 * and while hidden it is not there (404, which the storefront turns into /noActivity). Its blocks are
 * resolved for the viewer: a goods grid's goods (chosen ones in their order, or the first of a filter in the
 * goods list's order) with the viewer's prices, the bundles on offer. An operator with `promotion:write` may
 * preview any page, hidden or over (docs/decisions/023-activity-pages.md).
 */
import { and, desc, eq, gt } from 'drizzle-orm';
import type { ACTIVITY_PAGE_KINDS, ActivityBlock, ActivityPageView, BlockInput } from '../../../core/schemas/activity-pages.js';
import { goodsListQuery } from '../../../core/schemas/goods.js';
import type { Db } from '../../db/client.js';
import { activityPages } from '../../db/schema/activity-pages.js';
import { notFound } from '../../http/envelope.js';
import { goodsView, listGoods, visibleGoodsByIds, type Viewer } from '../catalogue/index.js';
import { bundlesPage, toSeconds } from '../promotions/index.js';

type PageRow = typeof activityPages.$inferSelect;
export type PageKind = (typeof ACTIVITY_PAGE_KINDS)[number];

const PAGE_GONE = '活动不存在或已结束';

/** The page asked for (or the newest of its kind on now), if the viewer may see it now. */
export async function shownPage(db: Db, q: { id?: number; kind: PageKind }, preview: boolean, now = Date.now()): Promise<PageRow> {
  const at = new Date(now);
  const [row] =
    q.id !== undefined
      ? await db.select().from(activityPages).where(eq(activityPages.id, q.id)).limit(1)
      : await db
          .select()
          .from(activityPages)
          .where(and(eq(activityPages.kind, q.kind), eq(activityPages.isShow, true), gt(activityPages.endsAt, at)))
          .orderBy(desc(activityPages.startsAt), desc(activityPages.id))
          .limit(1);
  if (!row || (!preview && (!row.isShow || row.endsAt.getTime() <= now))) throw notFound(PAGE_GONE);
  return row;
}

/** The filter of a goods grid as the goods list's query (`/list?...` shows the rest). */
function filterOf(b: Extract<BlockInput, { kind: 'goods' }>) {
  return goodsListQuery.parse({
    per_page: b.limit,
    keywords: b.keywords,
    category: b.category_id,
    brand: b.brand_id,
    sort: b.sort,
  });
}

function moreLink(b: Extract<BlockInput, { kind: 'goods' }>) {
  const q = new URLSearchParams();
  if (b.keywords) q.set('keywords', b.keywords);
  if (b.category_id !== undefined) q.set('category', String(b.category_id));
  if (b.brand_id !== undefined) q.set('brand', String(b.brand_id));
  if (b.sort !== 'default') q.set('sort', b.sort);
  return `/list?${q}`;
}

async function resolved(db: Db, viewer: Viewer, block: BlockInput, now: number): Promise<ActivityBlock> {
  switch (block.kind) {
    case 'goods': {
      if (block.goods_ids.length) {
        const rows = new Map((await visibleGoodsByIds(db, block.goods_ids, viewer)).map((g) => [g.id, g]));
        const goods = block.goods_ids.flatMap((id) => (rows.has(id) ? [goodsView(rows.get(id)!, viewer)] : []));
        return { kind: 'goods', title: block.title, goods, more: '' };
      }
      const page = await listGoods(db, filterOf(block), viewer);
      return { kind: 'goods', title: block.title, goods: page.data, more: moreLink(block) };
    }
    case 'bundles':
      return { kind: 'bundles', title: block.title, bundles: (await bundlesPage(db, viewer, now)).bundles };
    case 'banner':
    case 'countdown':
    case 'coupons':
    case 'text':
    case 'links':
      return block;
  }
}

/** `GET /api/activity/page`: the page with its blocks resolved for the viewer. */
export async function activityPage(db: Db, viewer: Viewer, row: PageRow, now = Date.now()): Promise<Omit<ActivityPageView, 'timestamp'>> {
  // Written through `blockInput` by the console (admin.ts), so read back as such.
  const blocks = await Promise.all((row.blocks as BlockInput[]).map((b) => resolved(db, viewer, b, now)));
  return {
    id: row.id,
    kind: row.kind as PageKind,
    title: row.title,
    theme: row.theme,
    start_time: toSeconds(row.startsAt.getTime()),
    end_time: toSeconds(row.endsAt.getTime()),
    status: row.startsAt.getTime() > now ? 0 : 1,
    blocks,
  };
}
