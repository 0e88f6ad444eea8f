/**
 * The help centre's reads (docs/decisions/026-help-and-content.md): one article with its neighbours and a page of
 * a category's articles. A top-level help group holds help pages in the operator's order; a category under a group
 * is a news list, newest first. Bodies go out through the allow-list sanitizer again, whatever wrote the row, and
 * every answer is kept with the shared answers, which a console write drops.
 */
import { and, asc, count, desc, eq, gt, lt, or, type SQL } from 'drizzle-orm';
import { POST_LIST_PER_PAGE } from '../../../core/help.js';
import { type ArticleLink, type PostCategory, type PostDetail, type PostList } from '../../../core/schemas/help.js';
import type { Conn, Db } from '../../db/client.js';
import { articleCategories, articles } from '../../db/schema/content.js';
import { cachedJson } from '../../http/cache.js';
import { notFound } from '../../http/envelope.js';
import { plainText, sanitizeRichText } from '../../lib/html.js';

const TTL_MS = 30_000;
const SUMMARY_CHARS = 120;

type CategoryRow = typeof articleCategories.$inferSelect;
type ArticleRow = typeof articles.$inferSelect;

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** Every article category, by id: a few dozen rows. */
export async function categoryRows(conn: Conn): Promise<Map<number, CategoryRow>> {
  const rows = await conn.select().from(articleCategories).orderBy(asc(articleCategories.sort), asc(articleCategories.id));
  return new Map(rows.map((r) => [r.id, r]));
}

/** The help group a category sits in: itself for a top-level one. */
const groupOf = (all: Map<number, CategoryRow>, c: CategoryRow) => (c.parentId ? (all.get(c.parentId) ?? c) : c);

/** A category under a group is a news list; a group holds help pages. */
export const isList = (c: CategoryRow) => c.parentId !== 0;

export function categoryUrl(all: Map<number, CategoryRow>, c: CategoryRow) {
  const group = groupOf(all, c);
  return group === c ? `/help/${c.code}` : `/help/${group.code}/${c.code}`;
}

/** Where buyers read an article: a help page in its group, or a news detail. */
export function articleUrl(all: Map<number, CategoryRow>, c: CategoryRow, a: { id: number; code: string }) {
  return isList(c) ? `/help_news_info/${a.id}/${c.code}` : `/help/${groupOf(all, c).code}/${a.code || a.id}`;
}

/** `group › category`, or the group's name alone. */
export function categoryPath(all: Map<number, CategoryRow>, c: CategoryRow) {
  const group = groupOf(all, c);
  return group === c ? c.name : `${group.name} › ${c.name}`;
}

function categoryView(all: Map<number, CategoryRow>, c: CategoryRow): PostCategory {
  const group = groupOf(all, c);
  return { id: c.id, name: c.name, code: c.code, group_name: group.name, group_code: group.code, is_list: isList(c), url: categoryUrl(all, c) };
}

/** A category as a path names it: its id, or its code. */
function findCategory(all: Map<number, CategoryRow>, ref: string): CategoryRow {
  const byId = /^\d+$/.test(ref) ? all.get(Number(ref)) : undefined;
  const found = byId ?? [...all.values()].find((c) => c.code === ref.toLowerCase());
  if (!found) throw notFound('栏目不存在');
  return found;
}

/** Newest first in a news list; the operator's order in a help group. */
const orderOf = (list: boolean) => (list ? [desc(articles.createdAt), desc(articles.id)] : [asc(articles.sort), asc(articles.id)]);

/**
 * The articles before and after `a` in its category's order. Before means newer in a news list (it sorts by time
 * descending) and earlier in a help group.
 */
function neighbours(conn: Conn, list: boolean, a: ArticleRow) {
  const shown = and(eq(articles.categoryId, a.categoryId), eq(articles.isShow, true));
  // Keys of the order: (created_at desc, id desc) or (sort asc, id asc).
  const before: SQL = list
    ? or(gt(articles.createdAt, a.createdAt), and(eq(articles.createdAt, a.createdAt), gt(articles.id, a.id)))!
    : or(lt(articles.sort, a.sort), and(eq(articles.sort, a.sort), lt(articles.id, a.id)))!;
  const after: SQL = list
    ? or(lt(articles.createdAt, a.createdAt), and(eq(articles.createdAt, a.createdAt), lt(articles.id, a.id)))!
    : or(gt(articles.sort, a.sort), and(eq(articles.sort, a.sort), gt(articles.id, a.id)))!;
  const pick = { id: articles.id, title: articles.title, code: articles.code };
  const reversed = list ? [asc(articles.createdAt), asc(articles.id)] : [desc(articles.sort), desc(articles.id)];
  return Promise.all([
    conn
      .select(pick)
      .from(articles)
      .where(and(shown, before))
      .orderBy(...reversed)
      .limit(1),
    conn
      .select(pick)
      .from(articles)
      .where(and(shown, after))
      .orderBy(...orderOf(list))
      .limit(1),
    conn.select({ n: count() }).from(articles).where(and(shown, before)),
  ]);
}

async function loadDetail(db: Db, q: { type: string; id: string; page?: number }): Promise<PostDetail> {
  const all = await categoryRows(db);
  const category = findCategory(all, q.type);
  const byId = /^\d+$/.test(q.id);
  const [a] = await db
    .select()
    .from(articles)
    .where(and(eq(articles.categoryId, category.id), eq(articles.isShow, true), byId ? eq(articles.id, Number(q.id)) : eq(articles.code, q.id.toLowerCase())))
    .limit(1);
  if (!a) throw notFound('文章不存在或已下架');
  const list = isList(category);
  const [[prev], [next], [{ n: ahead }]] = await neighbours(db, list, a);
  const link = (r: { id: number; title: string; code: string } | undefined): ArticleLink | null =>
    r ? { id: r.id, title: r.title, url: articleUrl(all, category, r) } : null;
  const listPage = q.page ?? Math.floor(ahead / POST_LIST_PER_PAGE) + 1;
  const listUrl = categoryUrl(all, category);
  return {
    id: a.id,
    title: a.title,
    content: sanitizeRichText(a.content),
    created_at: seconds(a.createdAt),
    category: categoryView(all, category),
    prev: link(prev),
    next: link(next),
    list_url: list && listPage > 1 ? `${listUrl}?page=${listPage}` : list ? listUrl : `/help/${groupOf(all, category).code}`,
  };
}

async function loadList(db: Db, q: { type: string; page: number }): Promise<PostList> {
  const all = await categoryRows(db);
  const category = findCategory(all, q.type);
  const where = and(eq(articles.categoryId, category.id), eq(articles.isShow, true));
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(articles)
      .where(where)
      .orderBy(...orderOf(isList(category)))
      .limit(POST_LIST_PER_PAGE)
      .offset((q.page - 1) * POST_LIST_PER_PAGE),
    db.select({ n: count() }).from(articles).where(where),
  ]);
  return {
    current_page: q.page,
    data: rows.map((a) => ({
      id: a.id,
      title: a.title,
      summary: plainText(a.content).slice(0, SUMMARY_CHARS),
      created_at: seconds(a.createdAt),
      url: articleUrl(all, category, a),
    })),
    last_page: Math.max(1, Math.ceil(n / POST_LIST_PER_PAGE)),
    per_page: POST_LIST_PER_PAGE,
    total: n,
    category: categoryView(all, category),
  };
}

/** The help centre's answers, kept like the shell's content (a console write drops them). */
export function helpService(db: Db) {
  return {
    detail: (q: { type: string; id: string; page?: number }) =>
      cachedJson(db, ['help', 'detail', q.type.toLowerCase(), q.id.toLowerCase(), q.page ?? 0], () => loadDetail(db, q), TTL_MS),
    list: (q: { type: string; page: number }) => cachedJson(db, ['help', 'list', q.type.toLowerCase(), q.page], () => loadList(db, q), TTL_MS),
  };
}
