/**
 * The help centre and its news (DESIGN.md section 15, docs/decisions/026-help-and-content.md): the menu of help
 * groups, one article with the articles before and after it, and the news lists. A top-level help group holds
 * articles (`/help/xrzn/hyzc`); a category under a group is a list (新闻中心's 行业新闻, 公司新闻 and 平台公告), whose
 * articles open on `/help_news_info/{id}/{code}`. Article bodies are HTML kept through the server's allow-list
 * sanitizer.
 */
import { z } from 'zod';
import { HELP_CENTRE_CATEGORY } from '../help.js';
import { id, page, wholeNumber } from './common.js';
import { pageOf, unixTime } from './envelope.js';

/** A category or an article as a path names it: its code (`hyxw`, `hyzc`) or its id (`8`). */
const ref = (label: string) =>
  z
    .string({ error: `${label}格式不正确` })
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,16}$/, { error: `${label}格式不正确` });

export const articleCategoryQuery = z.object({
  category_id: id('分类ID').meta({ description: `${HELP_CENTRE_CATEGORY}: the help centre` }),
});

export const postListQuery = z.object({
  type: ref('栏目').meta({ description: 'the category: its code (`hyxw`, `gsxw`, `notice`, `xrzn` ...) or its id' }),
  page: page(),
});

export const postDetailQuery = z.object({
  type: ref('栏目').meta({ description: 'the category the article is read in: its code or its id' }),
  id: ref('文章').meta({ description: 'the article: its id, or its code within the category (`hyzc`)' }),
  page: wholeNumber('页码格式不正确')
    .pipe(z.number().min(1, { error: '页码格式不正确' }).max(100000, { error: '页码格式不正确' }))
    .optional()
    .meta({ description: 'the page of the news list the reader came from, which `list_url` goes back to; absent: the page that holds the article' }),
});

/** An article as a link: the previous and next article of a detail. */
export const ArticleLink = z.object({ id: z.number().int(), title: z.string(), url: z.string() });
export type ArticleLink = z.infer<typeof ArticleLink>;

/** Where an article sits: its category and the help group above it (the same for a group's own articles). */
export const PostCategory = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  group_name: z.string(),
  group_code: z.string(),
  is_list: z.boolean().meta({ description: 'true: a news list (newest first, paged); false: a help group of articles' }),
  url: z.string().meta({ description: "the category's page in the help centre" }),
});
export type PostCategory = z.infer<typeof PostCategory>;

/** `GET /api/post/postDetail`: one article. */
export const PostDetail = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string().meta({ description: 'HTML through the allow-list sanitizer: no scripts, event attributes or javascript: links' }),
  created_at: unixTime,
  category: PostCategory,
  prev: ArticleLink.nullable().meta({ description: 'the article before it in its category (newer, in a news list)' }),
  next: ArticleLink.nullable().meta({ description: 'the article after it (older, in a news list)' }),
  list_url: z.string().meta({ description: 'back to the list: the news list page, or the help group' }),
});
export type PostDetail = z.infer<typeof PostDetail>;

export const PostListItem = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string().meta({ description: 'the first 120 characters of its text' }),
  created_at: unixTime,
  url: z.string(),
});
export type PostListItem = z.infer<typeof PostListItem>;

/** `GET /api/post/list`: a page of a category's articles with the category itself. */
export const PostList = pageOf(PostListItem).extend({ category: PostCategory });
export type PostList = z.infer<typeof PostList>;
