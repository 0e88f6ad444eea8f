/** Answers of the shell's content calls: menu, nav, banners and ads, help groups, notices, links, settings. */
import { z } from 'zod';
import { bit, money, unixTime } from './envelope.js';

/** A link target as operators write it (specification section 8). */
const target = () =>
  z.string().meta({ description: 'a site path or a full URL; empty: the page shows 活动暂未开始; `*...#text`: the page shows the text instead of leaving' });

/** Positions whose ads a page asks for by name (spec section 7 "Content and ads"), and where they show. */
export const AD_POSITIONS = {
  top: 'The strip above the header.',
  login: "The login page's backdrop.",
  right: "The home page's side pictures.",
  xrtj: "新人专享: the home page's side picture for guests.",
  ppzq: "The brand zone's (品牌专区) banner.",
  kxzq: "The controlled-sale zone's (控销专区) banner.",
  new_kxzq: "The banners of the controlled-sale zone's page.",
  zyzq: "The TCM zone's (中药专区) banner.",
  qxzq: "The devices zone's (器械专区) banner.",
  yx: "The free-shipping zone's (包邮专区) banner.",
  jxqzc: "The near-expiry sale's (近效期专场) banner.",
  mrtj: "The daily specials' (每日特价) banner.",
  welfare: "全场94折's banner.",
  zhzq: "组合购's banner.",
  hb: "满返专区's banner.",
} as const;

export type AdPosition = keyof typeof AD_POSITIONS;

/** A banner or an ad. */
export const AdEntry = z.object({ id: z.number().int(), image: z.string(), url: target(), title: z.string() });
export type AdEntry = z.infer<typeof AdEntry>;

/** 热门搜索 under the search box. */
const HotSearch = z.object({ name: z.string(), url: z.string() });
type HotSearch = z.infer<typeof HotSearch>;

export const NavLink = z.object({
  id: z.number().int(),
  name: z.string(),
  url: target(),
  image: z.string(),
  is_open: bit.meta({ description: '1: opens in a new browser tab' }),
});
export type NavLink = z.infer<typeof NavLink>;

/** An entry of the header's nav bar; its children show in a pop-over. */
const NavEntry = NavLink.extend({ children: z.array(NavLink) });
type NavEntry = z.infer<typeof NavEntry>;

/** A category of the menu, with its sub-categories (goods hang on the deepest level). */
export type MenuCategory = { id: number; name: string; logo1: string; children: MenuCategory[] };
export const MenuCategory: z.ZodType<MenuCategory> = z
  .object({
    id: z.number().int(),
    name: z.string(),
    logo1: z.string().meta({ description: 'the icon' }),
    get children() {
      return z.array(MenuCategory);
    },
  })
  .meta({ id: 'MenuCategory' });

const menu = (description: string) =>
  z.array(MenuCategory).meta({ description: `${description}: a tree of \`{id, name, logo1, children}\`, \`children\` of the same shape` });

const BrandEntry = z.object({ id: z.number().int(), name: z.string(), logo: z.string(), url: z.string().meta({ description: "the brand's page" }) });
type BrandEntry = z.infer<typeof BrandEntry>;

export const Licence = z.object({ name: z.string(), number: z.string() });
export type Licence = z.infer<typeof Licence>;

/** A notice of the scrolling broadcast. */
export const Notice = z.object({ id: z.number().int(), title: z.string(), url: z.string(), created_at: unixTime });
export type Notice = z.infer<typeof Notice>;

/** The site's settings the header and footer show. */
export const SiteInfo = z.object({
  title: z.string(),
  hot_line: z.string(),
  wechat_qr: z.string(),
  mini_qr: z.string(),
  licences: z.array(Licence).meta({ description: "the site's licences shown in the footer" }),
  notice: z.string().meta({ description: 'the legal notice of the footer' }),
  copyright: z.string(),
  shipping: z.object({
    shipping_amount: money.meta({ description: 'what an order pays for shipping' }),
    no_trans_order_amount: money.meta({ description: 'the goods amount from which an order ships free' }),
  }),
  broadcast: z.array(Notice).meta({ description: 'the 10 latest notices' }),
});
export type SiteInfo = z.infer<typeof SiteInfo>;

/** Everything the shell (header, menu, footer) shows. */
export const FocusCommon = z.object({
  rnss: z.array(HotSearch),
  nav: z.array(NavEntry),
  category: menu('the menu'),
  category_yx: menu("the yx zone's menu (every category)"),
  category_zy: menu("the TCM zone's menu (中成药, 中药饮片)"),
  category_qx: menu("the devices zone's menu (医疗器械)"),
  brand: z.array(BrandEntry),
  site: SiteInfo,
  timestamp: unixTime.meta({ description: "the server's clock at the reply, which the browser's countdowns follow" }),
});
export type FocusCommon = z.infer<typeof FocusCommon>;

/** A help group of the footer and the help centre's menu, with links to its articles and its news lists. */
export const HelpGroup = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string().meta({ description: 'the path segment of its pages (`/help/xrzn/...`)' }),
  children: z.array(
    z.object({
      id: z.number().int().meta({ description: "the article's id, or the news list's category id" }),
      title: z.string(),
      url: z.string(),
      kind: z.enum(['article', 'list']).meta({ description: 'article: one page; list: a news list of its own (行业新闻, 公司新闻, 平台公告)' }),
    }),
  ),
});
export type HelpGroup = z.infer<typeof HelpGroup>;

/** 友情链接 of the footer. */
export const FriendlyLink = z.object({ name: z.string(), url: z.string() });
export type FriendlyLink = z.infer<typeof FriendlyLink>;
