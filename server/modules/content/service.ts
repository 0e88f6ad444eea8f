/**
 * The site's content for the shell: menu, nav, banners, help groups, notices, links, settings.
 * It changes only when an operator edits it, so reads are cached in the process for a short while.
 */
import { and, asc, desc, eq, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { fenToYuan } from '../../../core/money.js';
import {
  Licence,
  type AdEntry,
  type FocusCommon,
  type FriendlyLink,
  type HelpGroup,
  type MenuCategory,
  type NavLink,
  type Notice,
  type SiteInfo,
} from '../../../core/schemas/content.js';
import type { Db } from '../../db/client.js';
import { cachedResult } from '../../http/cache.js';
import { okText } from '../../http/envelope.js';
import { KeptAnswer } from '../../http/kept-answer.js';
import { ads, articleCategories, articles, friendlyLinks, hotSearches, nav, pageViews } from '../../db/schema/content.js';
import { shownBrands, shownCategories } from '../catalogue/index.js';
import { siteSettings } from '../settings/index.js';
import { articleUrl, categoryRows, categoryUrl } from './help.js';

const TTL_MS = 30_000;

/** A setting holding fen; a missing or malformed one counts as 0. */
const fen = (value: string | undefined) => (value && /^\d+$/.test(value) ? Number(value) : 0);

/**
 * A value recomputed at most every TTL_MS, kept with the shared answers (cache.ts) so that an operator's edit
 * of what it shows (a category hidden, a brand renamed) drops it at once; concurrent callers share one computation.
 */
const cached =
  <T>(db: Db, key: string, load: () => Promise<T>) =>
  () =>
    cachedResult(db, ['content', key], load, TTL_MS);

function tree(rows: { id: number; parentId: number; name: string; logo1: string }[], parentId = 0): MenuCategory[] {
  return rows.filter((r) => r.parentId === parentId).map((r) => ({ id: r.id, name: r.name, logo1: r.logo1, children: tree(rows, r.id) }));
}

const ZONE_TOPS = { zy: ['中成药', '中药饮片'], qx: ['医疗器械'] } as const;

/** The licences setting (JSON); a missing or malformed one shows none. */
function licencesOf(value: string | undefined): Licence[] {
  try {
    const parsed = z.array(Licence).safeParse(JSON.parse(value ?? '[]'));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

async function loadSite(db: Db): Promise<Omit<SiteInfo, 'broadcast'>> {
  const site = await siteSettings(db);
  return {
    title: site.title ?? '药采通',
    hot_line: site.hot_line ?? '',
    wechat_qr: site.wechat_qr ?? '',
    mini_qr: site.mini_qr ?? '',
    licences: licencesOf(site.licences),
    notice: site.notice ?? '',
    copyright: site.copyright ?? '',
    /** What an order pays for shipping and from which goods amount it ships free (the free-shipping rules page). */
    shipping: {
      shipping_amount: fenToYuan(fen(site.shipping_amount)),
      no_trans_order_amount: fenToYuan(fen(site.no_trans_order_amount)),
    },
  };
}

async function loadNotices(db: Db): Promise<Notice[]> {
  const rows = await db
    .select({ id: articles.id, title: articles.title, createdAt: articles.createdAt })
    .from(articles)
    .innerJoin(articleCategories, eq(articleCategories.id, articles.categoryId))
    .where(and(eq(articleCategories.kind, 'notice'), eq(articles.isShow, true)))
    .orderBy(desc(articles.createdAt))
    .limit(10);
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    url: `/help_news_info/${r.id}/notice`,
    created_at: Math.floor(r.createdAt.getTime() / 1000),
  }));
}

async function loadCommon(db: Db): Promise<Omit<FocusCommon, 'timestamp'>> {
  const [cats, navRows, brandRows, hot, site, broadcast] = await Promise.all([
    shownCategories(db),
    db.select().from(nav).where(eq(nav.isShow, true)).orderBy(asc(nav.sort), asc(nav.id)),
    shownBrands(db),
    db.select().from(hotSearches).orderBy(asc(hotSearches.sort)),
    loadSite(db),
    loadNotices(db),
  ]);
  const category = tree(cats);
  const navEntry = (n: (typeof navRows)[number]): NavLink => ({ id: n.id, name: n.name, url: n.url, image: n.image, is_open: n.isOpen === 1 ? 1 : 0 });
  return {
    rnss: hot.map((h) => ({ name: h.name, url: h.url })),
    nav: navRows
      .filter((n) => n.parentId === 0)
      .map((n) => ({
        ...navEntry(n),
        children: navRows.filter((c) => c.parentId === n.id).map(navEntry),
      })),
    category,
    /** 优选 goods span every category. */
    category_yx: category,
    category_zy: category.filter((c) => (ZONE_TOPS.zy as readonly string[]).includes(c.name)),
    category_qx: category.filter((c) => (ZONE_TOPS.qx as readonly string[]).includes(c.name)),
    brand: brandRows.map((b) => ({ id: b.id, name: b.name, logo: b.logo, url: `/ppzq/info/${b.id}` })),
    site: { ...site, broadcast },
  };
}

/**
 * The help groups in footer order, each with its help pages (the operator's order) and then its news lists
 * (新闻中心's 行业新闻, 公司新闻, 平台公告).
 */
async function loadHelp(db: Db): Promise<HelpGroup[]> {
  const [all, items] = await Promise.all([
    categoryRows(db),
    db
      .select({ id: articles.id, categoryId: articles.categoryId, title: articles.title, code: articles.code })
      .from(articles)
      .where(eq(articles.isShow, true))
      .orderBy(asc(articles.sort), asc(articles.id)),
  ]);
  const categories = [...all.values()];
  return categories
    .filter((g) => g.parentId === 0 && g.kind === 'help')
    .map((g) => ({
      id: g.id,
      name: g.name,
      code: g.code,
      children: [
        ...items.filter((a) => a.categoryId === g.id).map((a) => ({ id: a.id, title: a.title, url: articleUrl(all, g, a), kind: 'article' as const })),
        ...categories.filter((c) => c.parentId === g.id).map((c) => ({ id: c.id, title: c.name, url: categoryUrl(all, c), kind: 'list' as const })),
      ],
    }));
}

export function contentService(db: Db) {
  const byKey = new Map<string, () => Promise<AdEntry[]>>();
  const adsWhere = (key: string, where: SQL) => {
    let load = byKey.get(key);
    if (!load) {
      load = cached(db, `ads:${key}`, async () =>
        db
          .select({ id: ads.id, image: ads.image, url: ads.url, title: ads.title })
          .from(ads)
          .where(and(where, eq(ads.isShow, true)))
          .orderBy(asc(ads.sort), asc(ads.id)),
      );
      byKey.set(key, load);
    }
    return load();
  };
  const adsAt = (position: string) => adsWhere(`position:${position}`, eq(ads.position, position));
  /** The banners of one activity page (`/api/focus/demo?banner_id=125`). */
  const adsOfBanner = (bannerId: number) => adsWhere(`banner:${bannerId}`, eq(ads.bannerId, bannerId));
  return {
    /** The shell's content as a kept answer (http/kept-answer.ts), made and compressed once for every page that asks. */
    common: cached(db, 'common', async () => new KeptAnswer(okText(await loadCommon(db)))),
    /** The scrolling broadcast, the help groups and the footer's links, each a kept answer like `common`. */
    notices: cached(db, 'notices', async () => new KeptAnswer(okText(await loadNotices(db)))),
    helpGroups: cached(db, 'help', async () => new KeptAnswer(okText(await loadHelp(db)))),
    links: cached(
      db,
      'links',
      async () =>
        new KeptAnswer(
          okText<FriendlyLink[]>((await db.select().from(friendlyLinks).orderBy(asc(friendlyLinks.sort))).map((l) => ({ name: l.name, url: l.url }))),
        ),
    ),
    ads: adsAt,
    bannerAds: adsOfBanner,
    recordView: async (view: { path: string; title: string; referrer: string; userId: number | null }) => {
      await db.insert(pageViews).values(view);
    },
  };
}
