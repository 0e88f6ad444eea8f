/**
 * The console's 内容管理 (permission `content:write`, docs/decisions/026-help-and-content.md): help articles, news
 * and notices, banners and ads by position, the nav and its children, the hot searches and the site settings of
 * the header and footer. Every write goes through `audited` (permission, change and audit row in one transaction)
 * and then drops the shared answers, so buyers see it on their next request. Article bodies are kept only
 * through the allow-list sanitizer.
 */
import { and, asc, count, desc, eq, ilike, ne } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  ADMIN_AD_POSITIONS,
  type AdInput,
  type AdminAd,
  type AdminArticle,
  type AdminArticleCategory,
  type AdminArticleDetail,
  type adminArticleQuery,
  type AdminHotSearch,
  type AdminNavEntry,
  type AdminNavLink,
  type AdminSiteSettings,
  type ArticleInput,
  type HotSearchInput,
  type NavInput,
  type SiteSettingsInput,
} from '../../../core/schemas/admin-content.js';
import type { Paged } from '../../../core/schemas/common.js';
import { Licence } from '../../../core/schemas/content.js';
import type { Conn, Db } from '../../db/client.js';
import { containing } from '../../db/like.js';
import { ads, articles, hotSearches, nav } from '../../db/schema/content.js';
import { invalid, notFound, refuse } from '../../http/envelope.js';
import { plainText, sanitizeRichText } from '../../lib/html.js';
import { audited, type AuditWhat, type Change } from '../operators/index.js';
import { saveSettings, settingsOf } from '../settings/index.js';
import { articleUrl, categoryPath, categoryRows, isList } from './help.js';

const PER_PAGE = 20;
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** A console write of content: audited, and what buyers are shown of content marked stale with it. */
async function write<T>(db: Db, request: FastifyRequest, what: Omit<AuditWhat, 'permission' | 'stale'>, change: (tx: Conn) => Promise<Change<T>>): Promise<T> {
  return audited(db, request, { permission: 'content:write', stale: 'content', ...what }, (tx) => change(tx));
}

// ------------------------------------------------------------------------------------------------ articles

type ArticleRow = typeof articles.$inferSelect;

/** `GET /api/admin/article-categories`: the help groups and their lists, in menu order, then the notices. */
export async function listArticleCategories(db: Db): Promise<AdminArticleCategory[]> {
  const [all, counts] = await Promise.all([
    categoryRows(db),
    db.select({ categoryId: articles.categoryId, n: count() }).from(articles).groupBy(articles.categoryId),
  ]);
  const rows = [...all.values()];
  const n = new Map(counts.map((c) => [c.categoryId, c.n]));
  const view = (c: (typeof rows)[number]): AdminArticleCategory => ({
    id: c.id,
    parent_id: c.parentId,
    name: c.name,
    code: c.code,
    kind: c.kind,
    path: categoryPath(all, c),
    is_list: isList(c),
    selectable: !rows.some((r) => r.parentId === c.id),
    articles: n.get(c.id) ?? 0,
  });
  // Each group followed by its lists; a list whose group is gone at the end.
  const groups = rows.filter((c) => c.parentId === 0);
  const placed = groups.flatMap((g) => [g, ...rows.filter((c) => c.parentId === g.id)]);
  return [...placed, ...rows.filter((c) => !placed.includes(c))].map(view);
}

async function articleViews(conn: Conn, rows: ArticleRow[]): Promise<AdminArticle[]> {
  const all = await categoryRows(conn);
  return rows.map((a) => {
    const c = all.get(a.categoryId);
    return {
      id: a.id,
      category_id: a.categoryId,
      category_path: c ? categoryPath(all, c) : '',
      title: a.title,
      code: a.code,
      url: c ? articleUrl(all, c, a) : '',
      sort: a.sort,
      is_show: a.isShow ? 1 : 0,
      created_at: seconds(a.createdAt),
    };
  });
}

/** `GET /api/admin/articles`: by category, title and state; a help group's pages in their order, news newest first. */
export async function listArticles(db: Db, q: z.output<typeof adminArticleQuery>): Promise<Paged<AdminArticle>> {
  const where = and(
    q.category_id ? eq(articles.categoryId, q.category_id) : undefined,
    q.keyword ? ilike(articles.title, containing(q.keyword)) : undefined,
    q.is_show ? eq(articles.isShow, q.is_show === '1') : undefined,
  );
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(articles)
      .where(where)
      .orderBy(asc(articles.categoryId), asc(articles.sort), desc(articles.createdAt), desc(articles.id))
      .limit(PER_PAGE)
      .offset((q.page - 1) * PER_PAGE),
    db.select({ n: count() }).from(articles).where(where),
  ]);
  return { current_page: q.page, data: await articleViews(db, rows), last_page: Math.max(1, Math.ceil(n / PER_PAGE)), per_page: PER_PAGE, total: n };
}

/** `GET /api/admin/articles/{id}`: one article with its body, for the editor. */
export async function getArticle(db: Db, id: number): Promise<AdminArticleDetail> {
  const [row] = await db.select().from(articles).where(eq(articles.id, id));
  if (!row) throw notFound('文章不存在');
  const [view] = await articleViews(db, [row]);
  return { ...view, content: row.content };
}

/** The body as it will be kept: through the sanitizer, and refused when nothing is left to read. */
function cleanBody(html: string) {
  const clean = sanitizeRichText(html);
  if (!plainText(clean) && !/<img\s/i.test(clean)) throw invalid('content', '正文不能为空（脚本、样式等不安全的内容不会保存）');
  return clean;
}

/** The columns of an article from the form, checked against its category and the other articles there. */
async function articleColumns(tx: Conn, input: ArticleInput, id: number | null) {
  const all = await categoryRows(tx);
  const category = all.get(input.category_id);
  if (!category) throw invalid('category_id', '栏目不存在');
  if ([...all.values()].some((c) => c.parentId === category.id)) throw invalid('category_id', '请选择具体栏目（如 新闻中心 › 行业新闻）');
  // A news article is addressed by its id; only a help page has a code of its own.
  const code = isList(category) ? '' : input.code;
  if (code) {
    const [clash] = await tx
      .select({ id: articles.id })
      .from(articles)
      .where(and(eq(articles.categoryId, category.id), eq(articles.code, code), id ? ne(articles.id, id) : undefined))
      .limit(1);
    if (clash) throw invalid('code', '该栏目下已有相同页面代码的文章');
  }
  return { categoryId: category.id, title: input.title, code, content: cleanBody(input.content), sort: input.sort, isShow: input.is_show === 1 };
}

const articleAudit = (a: ArticleRow | undefined) =>
  a ? { category_id: a.categoryId, title: a.title, code: a.code, content: a.content, sort: a.sort, is_show: a.isShow ? 1 : 0 } : null;

async function lockedArticle(tx: Conn, id: number) {
  const [row] = await tx.select().from(articles).where(eq(articles.id, id)).for('update');
  if (!row) throw notFound('文章不存在');
  return row;
}

export async function createArticle(db: Db, request: FastifyRequest, input: ArticleInput): Promise<AdminArticleDetail> {
  return write(db, request, { action: 'article.create', targetType: 'article', targetId: 0 }, async (tx) => {
    const [row] = await tx
      .insert(articles)
      .values(await articleColumns(tx, input, null))
      .returning();
    const [view] = await articleViews(tx, [row]);
    return { before: null, after: articleAudit(row), result: { ...view, content: row.content }, targetId: row.id };
  });
}

export async function updateArticle(db: Db, request: FastifyRequest, id: number, input: ArticleInput): Promise<AdminArticleDetail> {
  return write(db, request, { action: 'article.update', targetType: 'article', targetId: id }, async (tx) => {
    const before = await lockedArticle(tx, id);
    const [after] = await tx
      .update(articles)
      .set(await articleColumns(tx, input, id))
      .where(eq(articles.id, id))
      .returning();
    const [view] = await articleViews(tx, [after]);
    return { before: articleAudit(before), after: articleAudit(after), result: { ...view, content: after.content } };
  });
}

/** `POST /api/admin/articles/{id}/show {is_show}`: shown to buyers, or hidden from them. */
export async function showArticle(db: Db, request: FastifyRequest, id: number, isShow: 0 | 1): Promise<AdminArticle> {
  return write(db, request, { action: 'article.show', targetType: 'article', targetId: id }, async (tx) => {
    const before = await lockedArticle(tx, id);
    const [after] = await tx
      .update(articles)
      .set({ isShow: isShow === 1 })
      .where(eq(articles.id, id))
      .returning();
    const [view] = await articleViews(tx, [after]);
    return { before: { is_show: before.isShow ? 1 : 0 }, after: { is_show: isShow }, result: view };
  });
}

export async function deleteArticle(db: Db, request: FastifyRequest, id: number): Promise<null> {
  return write(db, request, { action: 'article.delete', targetType: 'article', targetId: id }, async (tx) => {
    const before = await lockedArticle(tx, id);
    await tx.delete(articles).where(eq(articles.id, id));
    return { before: articleAudit(before), after: null, result: null };
  });
}

// ------------------------------------------------------------------------------------------------ ads

type AdRow = typeof ads.$inferSelect;

const adView = (a: AdRow): AdminAd => ({
  id: a.id,
  position: a.position,
  position_text: ADMIN_AD_POSITIONS[a.position as keyof typeof ADMIN_AD_POSITIONS] ?? a.position,
  image: a.image,
  url: a.url,
  title: a.title,
  banner_id: a.bannerId,
  sort: a.sort,
  is_show: a.isShow ? 1 : 0,
});
const adAudit = (a: AdRow | undefined) => (a ? { ...adView(a), id: undefined, position_text: undefined } : null);
const adColumns = (input: AdInput) => ({
  position: input.position,
  image: input.image,
  url: input.url,
  title: input.title,
  bannerId: input.banner_id ?? null,
  sort: input.sort,
  isShow: input.is_show === 1,
});

/** `GET /api/admin/ads?position`: every banner and ad (hidden ones too), by position and order. */
export async function listAds(db: Db, position: string | undefined): Promise<AdminAd[]> {
  const rows = await db
    .select()
    .from(ads)
    .where(position ? eq(ads.position, position) : undefined)
    .orderBy(asc(ads.position), asc(ads.sort), asc(ads.id));
  return rows.map(adView);
}

async function lockedAd(tx: Conn, id: number) {
  const [row] = await tx.select().from(ads).where(eq(ads.id, id)).for('update');
  if (!row) throw notFound('广告不存在');
  return row;
}

export async function createAd(db: Db, request: FastifyRequest, input: AdInput): Promise<AdminAd> {
  return write(db, request, { action: 'ad.create', targetType: 'ad', targetId: 0 }, async (tx) => {
    const [row] = await tx.insert(ads).values(adColumns(input)).returning();
    return { before: null, after: adAudit(row), result: adView(row), targetId: row.id };
  });
}

export async function updateAd(db: Db, request: FastifyRequest, id: number, input: AdInput): Promise<AdminAd> {
  return write(db, request, { action: 'ad.update', targetType: 'ad', targetId: id }, async (tx) => {
    const before = await lockedAd(tx, id);
    const [after] = await tx.update(ads).set(adColumns(input)).where(eq(ads.id, id)).returning();
    return { before: adAudit(before), after: adAudit(after), result: adView(after) };
  });
}

export async function deleteAd(db: Db, request: FastifyRequest, id: number): Promise<null> {
  return write(db, request, { action: 'ad.delete', targetType: 'ad', targetId: id }, async (tx) => {
    const before = await lockedAd(tx, id);
    await tx.delete(ads).where(eq(ads.id, id));
    return { before: adAudit(before), after: null, result: null };
  });
}

// ------------------------------------------------------------------------------------------------ nav

type NavRow = typeof nav.$inferSelect;

const navView = (n: NavRow): AdminNavLink => ({
  id: n.id,
  parent_id: n.parentId,
  name: n.name,
  url: n.url,
  image: n.image,
  is_open: n.isOpen === 1 ? 1 : 0,
  sort: n.sort,
  is_show: n.isShow ? 1 : 0,
});
const navAudit = (n: NavRow | undefined) => (n ? { ...navView(n), id: undefined } : null);

/** `GET /api/admin/nav`: the bar's entries in order, each with its children, hidden ones too. */
export async function listNav(db: Db): Promise<AdminNavEntry[]> {
  const rows = await db.select().from(nav).orderBy(asc(nav.sort), asc(nav.id));
  return rows.filter((n) => n.parentId === 0).map((n) => ({ ...navView(n), children: rows.filter((c) => c.parentId === n.id).map(navView) }));
}

/** Two levels: a child hangs under an entry of the bar, and an entry with children stays on the bar. */
async function checkParent(tx: Conn, input: NavInput, id: number | null) {
  if (!input.parent_id) return;
  if (input.parent_id === id) throw invalid('parent_id', '上级导航不能是它自己');
  const [parent] = await tx.select().from(nav).where(eq(nav.id, input.parent_id));
  if (!parent) throw invalid('parent_id', '上级导航不存在');
  if (parent.parentId !== 0) throw invalid('parent_id', '导航最多两级：请选择顶部导航作为上级');
  if (id) {
    const [child] = await tx.select({ id: nav.id }).from(nav).where(eq(nav.parentId, id)).limit(1);
    if (child) throw invalid('parent_id', '该导航下还有子菜单，不能移到其他导航下');
  }
}

const navColumns = (input: NavInput) => ({
  parentId: input.parent_id,
  name: input.name,
  url: input.url,
  image: input.image,
  isOpen: input.is_open,
  sort: input.sort,
  isShow: input.is_show === 1,
});

async function lockedNav(tx: Conn, id: number) {
  const [row] = await tx.select().from(nav).where(eq(nav.id, id)).for('update');
  if (!row) throw notFound('导航不存在');
  return row;
}

export async function createNav(db: Db, request: FastifyRequest, input: NavInput): Promise<AdminNavLink> {
  return write(db, request, { action: 'nav.create', targetType: 'nav', targetId: 0 }, async (tx) => {
    await checkParent(tx, input, null);
    const [row] = await tx.insert(nav).values(navColumns(input)).returning();
    return { before: null, after: navAudit(row), result: navView(row), targetId: row.id };
  });
}

export async function updateNav(db: Db, request: FastifyRequest, id: number, input: NavInput): Promise<AdminNavLink> {
  return write(db, request, { action: 'nav.update', targetType: 'nav', targetId: id }, async (tx) => {
    const before = await lockedNav(tx, id);
    await checkParent(tx, input, id);
    const [after] = await tx.update(nav).set(navColumns(input)).where(eq(nav.id, id)).returning();
    return { before: navAudit(before), after: navAudit(after), result: navView(after) };
  });
}

export async function deleteNav(db: Db, request: FastifyRequest, id: number): Promise<null> {
  return write(db, request, { action: 'nav.delete', targetType: 'nav', targetId: id }, async (tx) => {
    const before = await lockedNav(tx, id);
    const [child] = await tx.select({ id: nav.id }).from(nav).where(eq(nav.parentId, id)).limit(1);
    if (child) throw refuse('请先删除该导航下的子菜单');
    await tx.delete(nav).where(eq(nav.id, id));
    return { before: navAudit(before), after: null, result: null };
  });
}

// ------------------------------------------------------------------------------------------------ hot searches

type HotRow = typeof hotSearches.$inferSelect;

const hotView = (h: HotRow): AdminHotSearch => ({ id: h.id, name: h.name, url: h.url, sort: h.sort });
const hotAudit = (h: HotRow | undefined) => (h ? { name: h.name, url: h.url, sort: h.sort } : null);
/** Without a link of its own a hot search searches for its name. */
const hotColumns = (input: HotSearchInput) => ({ name: input.name, url: input.url || `/search?keywords=${encodeURIComponent(input.name)}`, sort: input.sort });

export async function listHotSearches(db: Db): Promise<AdminHotSearch[]> {
  return (await db.select().from(hotSearches).orderBy(asc(hotSearches.sort), asc(hotSearches.id))).map(hotView);
}

async function lockedHot(tx: Conn, id: number) {
  const [row] = await tx.select().from(hotSearches).where(eq(hotSearches.id, id)).for('update');
  if (!row) throw notFound('热搜词不存在');
  return row;
}

export async function createHotSearch(db: Db, request: FastifyRequest, input: HotSearchInput): Promise<AdminHotSearch> {
  return write(db, request, { action: 'hot_search.create', targetType: 'hot_search', targetId: 0 }, async (tx) => {
    const [row] = await tx.insert(hotSearches).values(hotColumns(input)).returning();
    return { before: null, after: hotAudit(row), result: hotView(row), targetId: row.id };
  });
}

export async function updateHotSearch(db: Db, request: FastifyRequest, id: number, input: HotSearchInput): Promise<AdminHotSearch> {
  return write(db, request, { action: 'hot_search.update', targetType: 'hot_search', targetId: id }, async (tx) => {
    const before = await lockedHot(tx, id);
    const [after] = await tx.update(hotSearches).set(hotColumns(input)).where(eq(hotSearches.id, id)).returning();
    return { before: hotAudit(before), after: hotAudit(after), result: hotView(after) };
  });
}

export async function deleteHotSearch(db: Db, request: FastifyRequest, id: number): Promise<null> {
  return write(db, request, { action: 'hot_search.delete', targetType: 'hot_search', targetId: id }, async (tx) => {
    const before = await lockedHot(tx, id);
    await tx.delete(hotSearches).where(eq(hotSearches.id, id));
    return { before: hotAudit(before), after: null, result: null };
  });
}

// ------------------------------------------------------------------------------------------------ site settings

const SETTING_KEYS = ['hot_line', 'qq1', 'qq2', 'quality_inspection_url', 'quality_inspection_msg', 'licences', 'notice', 'copyright'] as const;

function licencesOf(value: string | undefined) {
  try {
    const parsed = Licence.array().safeParse(JSON.parse(value ?? '[]'));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

function settingsView(stored: Record<string, string | undefined>): AdminSiteSettings {
  return {
    hot_line: stored.hot_line ?? '',
    qq1: stored.qq1 ?? '',
    qq2: stored.qq2 ?? '',
    quality_inspection_url: stored.quality_inspection_url ?? '',
    quality_inspection_msg: stored.quality_inspection_msg ?? '',
    licences: licencesOf(stored.licences),
    notice: stored.notice ?? '',
    copyright: stored.copyright ?? '',
  };
}

/** `GET /api/admin/site-settings`: as stored now (not the kept copy the storefront reads). */
export async function getSiteSettings(db: Db): Promise<AdminSiteSettings> {
  return settingsView(await settingsOf(db, SETTING_KEYS));
}

/** `POST /api/admin/site-settings`: the header's and footer's settings, written together. */
export async function saveSiteSettings(db: Db, request: FastifyRequest, input: SiteSettingsInput): Promise<AdminSiteSettings> {
  return write(db, request, { action: 'settings.update', targetType: 'site_settings', targetId: 'site' }, async (tx) => {
    const before = settingsView(await settingsOf(tx, SETTING_KEYS));
    const after: AdminSiteSettings = { ...input, licences: input.licences.map((l) => ({ name: l.name, number: l.number })) };
    await saveSettings(tx, { ...after, licences: JSON.stringify(after.licences) });
    return { before, after, result: after };
  });
}
