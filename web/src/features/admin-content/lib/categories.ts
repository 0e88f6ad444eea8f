/**
 * The article categories as the console shows them: a tree of the help groups with their news lists (the left of
 * 文章管理) and the grouped choices of the article form. A group with lists under it holds no articles itself.
 */
import type { AdminArticleCategory } from '@core/schemas/admin-content';

export type CategoryNode = { key: string; title: string; count: number; selectable: boolean; children?: CategoryNode[] };

const nodeOf = (c: AdminArticleCategory, children?: CategoryNode[]): CategoryNode => ({
  key: String(c.id),
  title: c.name,
  count: children ? children.reduce((n, k) => n + k.count, c.articles) : c.articles,
  selectable: c.selectable,
  children,
});

/** Groups in their order, each with its lists; a list whose group is gone stands alone. */
export function categoryTree(all: AdminArticleCategory[]): CategoryNode[] {
  const ids = new Set(all.map((c) => c.id));
  return all
    .filter((c) => c.parent_id === 0 || !ids.has(c.parent_id))
    .map((g) => {
      const lists = all.filter((c) => c.parent_id === g.id);
      return nodeOf(g, lists.length ? lists.map((c) => nodeOf(c)) : undefined);
    });
}

/** The form's choices: each group a heading over what may hold articles in it, named by its path. */
export function categoryOptions(all: AdminArticleCategory[]) {
  return categoryTree(all).map((g) => ({
    label: g.title,
    title: g.title,
    options: (g.children ?? [g]).map((c) => {
      const found = all.find((x) => String(x.id) === c.key)!;
      return { value: found.id, label: found.path };
    }),
  }));
}

/** What kind of article a category holds, as a tag says it. */
export function categoryKind(c: AdminArticleCategory | undefined): { text: string; color: string } {
  if (!c) return { text: '—', color: 'default' };
  if (c.kind === 'notice') return { text: '平台公告', color: 'orange' };
  return c.is_list ? { text: '新闻资讯', color: 'blue' } : { text: '帮助页面', color: 'green' };
}
