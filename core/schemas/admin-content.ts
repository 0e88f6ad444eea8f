/**
 * The console's 内容管理 (permission `content:write`, docs/decisions/026-help-and-content.md): help articles, news
 * and notices written with a rich-text editor, banners and ads by position, the nav with its children, the hot
 * searches under the search box, and the site settings the header and footer show (hot line, QQ, the
 * quality-inspection link, the licence lines).
 */
import { z } from 'zod';
import { FOCUS_DEMO_BANNER_ID } from '../constants.js';
import { flag, freeText, id, optionalText, page, quantity, text } from './common.js';
import { bit, unixTime } from './envelope.js';

const int = () => z.number().int();

/** Characters of an article's HTML a form may send (the sanitizer keeps less). */
export const ARTICLE_HTML_MAX = 100_000;

/** Positions an operator places banners and ads at, as the console names them (AD_POSITIONS says where each shows). */
export const ADMIN_AD_POSITIONS = {
  index_banner: '首页轮播图',
  top: '顶部广告',
  tile: '首页活动入口',
  right: '首页右侧广告',
  xrtj: '新人专享',
  login: '登录页背景',
  ppzq: '品牌专区横幅',
  kxzq: '控销专区横幅',
  new_kxzq: '控销专区轮播',
  kxzq_ad: '控销专区分区',
  zyzq: '中药专区横幅',
  qxzq: '器械专区横幅',
  yx: '包邮专区横幅',
  jxqzc: '近效期专场横幅',
  mrtj: '每日特价横幅',
  welfare: '全场94折横幅',
  zhzq: '组合购横幅',
  hb: '满返专区横幅',
} as const;
export type AdminAdPosition = keyof typeof ADMIN_AD_POSITIONS;
const AD_POSITION_KEYS = Object.keys(ADMIN_AD_POSITIONS) as [AdminAdPosition, ...AdminAdPosition[]];

/** The activity page whose banners are the home page's activity entrances (`/api/focus/demo?banner_id=125`). */
export const HOME_ENTRANCE_BANNER_ID = FOCUS_DEMO_BANNER_ID;

/**
 * Where a banner, nav entry or hot search leads (spec section 8): a path of this site, an http(s) address, empty
 * (the page says 活动暂未开始) or `*...#text` (the page shows the text instead of leaving).
 */
export const linkTarget = (label = '链接地址') =>
  z
    .string({ error: `${label}格式不正确` })
    .trim()
    .max(255, { error: `${label}不能超过255个字符` })
    .refine((v) => v === '' || /^\/(?!\/)[^\s<>"']*$/.test(v) || /^https?:\/\/[^\s<>"']+$/.test(v) || /^\*[^<>"]*$/.test(v), {
      error: `${label}须为站内路径（以 / 开头）、http(s) 地址，或 *#提示文字`,
    });

/** A picture: a path of this site (an uploaded picture, a drawn one) or an https address. */
const picture = (label: string) =>
  z
    .string({ error: `请上传或填写${label}` })
    .trim()
    .min(1, { error: `请上传或填写${label}` })
    .max(1000, { error: `${label}地址过长` })
    .refine((v) => /^\/(?!\/)[^\s<>"']*$/.test(v) || /^https:\/\/[^\s<>"']+$/.test(v), { error: `${label}须为站内路径（以 / 开头）或 https 地址` });
const optionalPicture = (label: string) =>
  z
    .union([z.literal(''), picture(label)])
    .optional()
    .default('');

const sort = () => quantity('排序', 0, 9_999).optional().default(0);

// ------------------------------------------------------------------------------------------------ articles

/** An article category as the console lists it: the help groups, their news lists and the notices. */
export const AdminArticleCategory = z.object({
  id: int(),
  parent_id: int(),
  name: z.string(),
  code: z.string(),
  kind: z.string().meta({ description: 'help: the help centre; notice: the scrolling broadcast' }),
  path: z.string().meta({ description: 'the group and the category, 新闻中心 › 行业新闻' }),
  is_list: z.boolean().meta({ description: 'a news list (newest first) rather than a group of help pages' }),
  selectable: z.boolean().meta({ description: 'articles may be placed in it (a group with lists under it holds none itself)' }),
  articles: int(),
});
export type AdminArticleCategory = z.infer<typeof AdminArticleCategory>;

export const adminArticleQuery = z.object({
  page: page(),
  category_id: id('栏目').optional(),
  keyword: freeText('关键词', 50).optional().default(''),
  is_show: z.enum(['0', '1'], { error: '显示状态不正确' }).optional(),
});

export const adminArticleParams = z.object({ id: id('文章ID') });

/** `POST /api/admin/articles` and `.../{id}`: an article. */
export const articleBody = z.object({
  category_id: id('栏目'),
  title: text('标题', 120),
  code: z
    .string({ error: '页面代码格式不正确' })
    .trim()
    .regex(/^([a-z][a-z0-9_-]{0,15})?$/, { error: '页面代码为1-16位小写字母、数字、下划线或横线，以字母开头' })
    .optional()
    .default('')
    .meta({ description: 'the last segment of a help page (`/help/xrzn/hyzc`); empty: the page is addressed by its id' }),
  content: z
    .string({ error: '请输入正文' })
    .trim()
    .min(1, { error: '请输入正文' })
    .max(ARTICLE_HTML_MAX, { error: `正文不能超过${ARTICLE_HTML_MAX}个字符` })
    .meta({ description: 'HTML; stored through the allow-list sanitizer (no scripts, styles, frames, forms, event attributes or javascript: links)' }),
  sort: sort().meta({ description: 'order within a help group (smaller first); news lists are newest first' }),
  is_show: flag('是否显示').optional().default(1),
});
export type ArticleInput = z.output<typeof articleBody>;

export const articleShowBody = z.object({ is_show: flag('是否显示') });

export const AdminArticle = z.object({
  id: int(),
  category_id: int(),
  category_path: z.string(),
  title: z.string(),
  code: z.string(),
  url: z.string().meta({ description: 'where buyers read it' }),
  sort: int(),
  is_show: bit,
  created_at: unixTime,
});
export type AdminArticle = z.infer<typeof AdminArticle>;

export const AdminArticleDetail = AdminArticle.extend({ content: z.string() });
export type AdminArticleDetail = z.infer<typeof AdminArticleDetail>;

// ------------------------------------------------------------------------------------------------ ads

export const adminAdQuery = z.object({
  position: z.enum(AD_POSITION_KEYS, { error: '广告位不正确' }).optional(),
});

export const adminContentParams = z.object({ id: id('ID') });

export const adBody = z
  .object({
    position: z.enum(AD_POSITION_KEYS, { error: '请选择广告位' }),
    image: picture('广告图片'),
    url: linkTarget().optional().default(''),
    title: optionalText('标题', 60),
    banner_id: z
      .preprocess((v) => (v === '' || v === null ? undefined : v), id('活动ID').optional())
      .meta({ description: `the activity page the banner belongs to; ${HOME_ENTRANCE_BANNER_ID} holds the home page's activity entrances` }),
    sort: sort(),
    is_show: flag('是否显示').optional().default(1),
  })
  .superRefine((a, ctx) => {
    if (a.position === 'tile' && a.banner_id === undefined)
      ctx.addIssue({ code: 'custom', path: ['banner_id'], message: `请填写活动ID（首页活动入口为 ${HOME_ENTRANCE_BANNER_ID}）` });
  });
export type AdInput = z.output<typeof adBody>;

export const AdminAd = z.object({
  id: int(),
  position: z.string(),
  position_text: z.string(),
  image: z.string(),
  url: z.string(),
  title: z.string(),
  banner_id: int().nullable(),
  sort: int(),
  is_show: bit,
});
export type AdminAd = z.infer<typeof AdminAd>;

// ------------------------------------------------------------------------------------------------ nav

export const navBody = z.object({
  parent_id: z
    .preprocess((v) => (v === '' || v === null || v === undefined ? 0 : v), quantity('上级导航', 0, 2_147_483_647))
    .meta({ description: '0: an entry of the bar; otherwise the entry whose pop-over it shows in' }),
  name: text('导航名称', 16),
  url: linkTarget().optional().default(''),
  image: optionalPicture('图标'),
  is_open: flag('新窗口打开').optional().default(0),
  sort: sort(),
  is_show: flag('是否显示').optional().default(1),
});
export type NavInput = z.output<typeof navBody>;

export const AdminNavLink = z.object({
  id: int(),
  parent_id: int(),
  name: z.string(),
  url: z.string(),
  image: z.string(),
  is_open: bit,
  sort: int(),
  is_show: bit,
});
export type AdminNavLink = z.infer<typeof AdminNavLink>;
export const AdminNavEntry = AdminNavLink.extend({ children: z.array(AdminNavLink) });
export type AdminNavEntry = z.infer<typeof AdminNavEntry>;

// ------------------------------------------------------------------------------------------------ hot searches

export const hotSearchBody = z.object({
  name: text('热搜词', 32),
  url: linkTarget().optional().default('').meta({ description: 'empty: the search of its name' }),
  sort: sort(),
});
export type HotSearchInput = z.output<typeof hotSearchBody>;

export const AdminHotSearch = z.object({ id: int(), name: z.string(), url: z.string(), sort: int() });
export type AdminHotSearch = z.infer<typeof AdminHotSearch>;

// ------------------------------------------------------------------------------------------------ site settings

export const LICENCES_MAX = 8;

const licenceLine = z.object({
  name: text('证照名称', 30),
  number: text('证照编号', 60),
});

/** `POST /api/admin/site-settings`: what the header and footer show. */
export const siteSettingsBody = z.object({
  hot_line: text('投诉热线', 20).regex(/^[0-9+()\-\s]{5,20}$/, { error: '投诉热线只能包含数字、空格、括号、+ 和 -' }),
  qq1: z
    .string({ error: '客服QQ格式不正确' })
    .trim()
    .regex(/^([1-9]\d{4,11})?$/, { error: '客服QQ为5-12位数字' })
    .optional()
    .default(''),
  qq2: z
    .string({ error: '客服QQ格式不正确' })
    .trim()
    .regex(/^([1-9]\d{4,11})?$/, { error: '客服QQ为5-12位数字' })
    .optional()
    .default(''),
  quality_inspection_url: linkTarget('质检报告链接').optional().default(''),
  quality_inspection_msg: optionalText('质检报告文字', 20),
  licences: z
    .preprocess((v) => (v === '' || v === null || v === undefined ? [] : v), z.array(licenceLine, { error: '证照格式不正确' }))
    .pipe(z.array(licenceLine).max(LICENCES_MAX, { error: `证照最多${LICENCES_MAX}条` }))
    .meta({ description: "the footer's licence lines, in order" }),
  notice: optionalText('底部声明', 200),
  copyright: optionalText('版权信息', 100),
});
export type SiteSettingsInput = z.output<typeof siteSettingsBody>;

export const AdminSiteSettings = z.object({
  hot_line: z.string(),
  qq1: z.string(),
  qq2: z.string(),
  quality_inspection_url: z.string(),
  quality_inspection_msg: z.string(),
  licences: z.array(z.object({ name: z.string(), number: z.string() })),
  notice: z.string(),
  copyright: z.string(),
});
export type AdminSiteSettings = z.infer<typeof AdminSiteSettings>;
