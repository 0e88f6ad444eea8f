/**
 * The complete route table of the storefront (spec section 2) as plain data: no React here, so that
 * the web app's router and shell, the server's page HTML (server/modules/content/page.ts), the bench and
 * the end-to-end tests all read the same list.
 */
import { PRODUCT_TITLE } from './constants';

/** What a route renders. A screen whose `built` is false shows the under-construction page. */
export type ScreenKey =
  | 'home'
  | 'notFound'
  | 'noActivity'
  | 'loading'
  | 'login'
  | 'register'
  | 'registerWechat'
  | 'forget'
  | 'pointsMall'
  | 'goodsOther'
  | 'goodsList'
  | 'goodsTable'
  | 'goodsNoImage'
  | 'goodsDetail'
  | 'search'
  | 'searchTable'
  | 'cart'
  | 'cartConfirm'
  | 'cartPay'
  | 'cartPayDone'
  | 'cartPayEphedrine'
  | 'memberCentre'
  | 'accountBasic'
  | 'accountLicences'
  | 'accountStores'
  | 'accountWechat'
  | 'accountAddresses'
  | 'accountMessages'
  | 'accountDocuments'
  | 'qualityReports'
  | 'orders'
  | 'orderDetail'
  | 'orderReturn'
  | 'orderAfterSales'
  | 'pointsOrders'
  | 'ephedrineOrders'
  | 'invoices'
  | 'favourites'
  | 'quickBuy'
  | 'purchaseListImport'
  | 'goodsLists'
  | 'goodsNotices'
  | 'varietyRequests'
  | 'varietyRequestAdd'
  | 'varietyRequestDetail'
  | 'feedback'
  | 'walletBalance'
  | 'walletCredit'
  | 'walletRedPackets'
  | 'walletPoints'
  | 'walletCoupons'
  | 'walletVouchers'
  | 'brandZone'
  | 'brandDetail'
  | 'freeShippingZone'
  | 'freeShippingTable'
  | 'freeShippingRule'
  | 'activityZone'
  | 'activityCentre'
  | 'tcmZone'
  | 'devicesZone'
  | 'nearExpiryZone'
  | 'controlledZone'
  | 'controlledZoneNew'
  | 'controlledGoods'
  | 'cashback'
  | 'welfare'
  | 'dailySpecials'
  | 'couponCentre'
  | 'themeZone'
  | 'yyh'
  | 'yyhList'
  | 'activityTemplate'
  | 'combination'
  | 'help'
  | 'helpArticle'
  | 'newsDetail'
  | 'contract';

type ShellFlags = {
  /** The full site header (top bar, banner, logo, search, cart, notice line). */
  header: boolean;
  footer: boolean;
  /** The fixed right-hand toolbar with the mini cart. */
  toolbar: boolean;
  /** The brand-coloured nav bar with the 全部商品分类 menu. */
  nav: boolean;
  /** The slim header (logo, page title, hotline) of login, register, forgotten password and help. */
  loginHeader: boolean;
  /** The shell does not call GET /api/user/base on this route (spec section 6). */
  skipUserBase: boolean;
};

export type AppRoute = ShellFlags & {
  /** Route pattern in React Router syntax (`:id`, `:name?`). */
  path: string;
  /** Other patterns that render the same screen (the spec's `/list_table` beside `/list/table`). */
  aliases?: string[];
  /** Chinese page title; the document title is `${title} - 药采通`. */
  title: string;
  screen: ScreenKey;
  /** False while the screen shows the under-construction page (web/src/app/screens.ts lists the built ones). */
  built: boolean;
  /**
   * A guest is sent to the login page, which brings them back here: the server answers the address with a 302
   * (core/login-first.ts), and the router keeps the screen behind RequireMember (web/src/app/router.tsx).
   */
  membersOnly?: boolean;
  /** The category menu stays open under the nav (home page). */
  menuOpen?: boolean;
  /** Step of the cart flow whose step image shows above the page (1-4). */
  cartStep?: 1 | 2 | 3 | 4;
};

export type RedirectRoute = {
  path: string;
  /**
   * Target path; `:name` segments are filled from the matched params, and params the target has no segment for
   * go on in its query (`/activity/yjh/3` to `/loading/activity?url=yjh&url1=3`). Query strings are kept.
   */
  to: string;
};

const SITE: ShellFlags = {
  header: true,
  footer: true,
  toolbar: true,
  nav: true,
  loginHeader: false,
  skipUserBase: false,
};
/** Login, register and forgotten password: slim header, footer, nothing else. */
const ACCOUNT_ENTRY: ShellFlags = { ...SITE, header: false, nav: false, toolbar: false, loginHeader: true };
/** Help centre: slim header like the login pages, with the toolbar for customer service. */
const HELP: ShellFlags = { ...SITE, header: false, nav: false, loginHeader: true };
/** Bare pages: no chrome at all. */
const BARE: ShellFlags = { header: false, footer: false, toolbar: false, nav: false, loginHeader: false, skipUserBase: false };

type Entry = Omit<AppRoute, keyof ShellFlags | 'built'> & Partial<ShellFlags> & { built?: boolean };

const site = (entry: Entry): AppRoute => ({ ...SITE, built: false, ...entry });
const entryPage = (entry: Entry): AppRoute => ({ ...ACCOUNT_ENTRY, built: true, ...entry });
const help = (entry: Entry): AppRoute => ({ ...HELP, built: true, ...entry });
const bare = (entry: Entry): AppRoute => ({ ...BARE, built: false, ...entry });

const REGISTER_TITLE = '注册会员';

export const routes: AppRoute[] = [
  // Top level
  site({ path: '/', title: '首页', screen: 'home', menuOpen: true, built: true }),
  site({ path: '/404', title: '页面不存在', screen: 'notFound', built: true }),
  site({ path: '/noActivity', title: '活动不存在', screen: 'noActivity', built: true }),
  bare({ path: '/loading', title: '加载中', screen: 'loading', built: true }),
  bare({ path: '/loading/activity', title: '活动加载中', screen: 'loading', built: true }),
  entryPage({ path: '/login', title: '登录', screen: 'login', skipUserBase: true }),
  site({ path: '/jfsc', title: '积分商城', screen: 'pointsMall', built: true }),
  site({ path: '/list/other/:id/:name?', title: '药品', screen: 'goodsOther', built: true }),

  // Medicine list and search
  site({ path: '/list', aliases: ['/list_index'], title: '商品列表', screen: 'goodsList', built: true }),
  site({ path: '/list/table', aliases: ['/list_table'], title: '商品列表', screen: 'goodsTable', built: true }),
  site({ path: '/list/no_image', aliases: ['/list_no_image'], title: '商品列表', screen: 'goodsNoImage', built: true }),
  site({ path: '/list/info/:id', aliases: ['/list_info/:id'], title: '商品详情', screen: 'goodsDetail', built: true }),
  site({ path: '/search', aliases: ['/search_index'], title: '搜索结果', screen: 'search', built: true }),
  site({ path: '/search/table', aliases: ['/search_table'], title: '搜索结果', screen: 'searchTable', built: true }),

  // Cart flow. Step 1 hides the mini cart (spec section 4).
  site({ path: '/cart', title: '购物车', screen: 'cart', cartStep: 1, toolbar: false, built: true }),
  site({ path: '/cart/step2', title: '确认订单信息', screen: 'cartConfirm', cartStep: 2, built: true }),
  site({ path: '/cart/step3/:id', aliases: ['/cart_step3/:id'], title: '支付订单', screen: 'cartPay', cartStep: 3, built: true }),
  site({ path: '/cart/step4', title: '支付完成', screen: 'cartPayDone', cartStep: 4, built: true }),
  site({ path: '/cart/hm', aliases: ['/cart_hm'], title: '支付订单', screen: 'cartPayEphedrine', cartStep: 3, built: true }),

  // Member centre and account centre
  site({ path: '/user', aliases: ['/user_hyzx'], title: '会员中心', screen: 'memberCentre', skipUserBase: true, built: true, membersOnly: true }),
  site({ path: '/zhzx/basic', title: '基本信息', screen: 'accountBasic', built: true, membersOnly: true }),
  site({ path: '/zhzx/zzzj', title: '资质证件', screen: 'accountLicences', built: true, membersOnly: true }),
  site({ path: '/zhzx/ddgl', title: '多店管理', screen: 'accountStores', built: true, membersOnly: true }),
  site({ path: '/zhzx/bdwx', title: '绑定微信', screen: 'accountWechat', skipUserBase: true, built: true, membersOnly: true }),
  site({ path: '/zhzx/addr', title: '收货地址', screen: 'accountAddresses', built: true, membersOnly: true }),
  site({ path: '/zhzx/wdxx', title: '我的消息', screen: 'accountMessages', built: true, membersOnly: true }),
  // The site's and the orders' first-business documents (docs/decisions/034-first-business-documents.md).
  site({ path: '/zhzx/syzl', title: '首营资料', screen: 'accountDocuments', built: true, membersOnly: true }),
  // 药检报告查询, where the header's 质检报告查询 link leads (docs/decisions/036-receiving-reports-recalls.md).
  site({ path: '/zjbg', title: '药检报告查询', screen: 'qualityReports', built: true, membersOnly: true }),

  // Orders
  site({ path: '/order', title: '我的订单', screen: 'orders', built: true, membersOnly: true }),
  site({ path: '/order/info/:id', title: '订单详情', screen: 'orderDetail', built: true, membersOnly: true }),
  site({ path: '/order/returnInfo/:id', title: '退货详情', screen: 'orderReturn', built: true, membersOnly: true }),
  site({ path: '/order/afterSalesInfo/:id', title: '售后详情', screen: 'orderAfterSales', built: true, membersOnly: true }),
  site({ path: '/order/jfdd', aliases: ['/jfdd'], title: '积分订单', screen: 'pointsOrders', built: true, membersOnly: true }),
  site({ path: '/order/hmdd', aliases: ['/hmdd'], title: '含麻订单', screen: 'ephedrineOrders', built: true, membersOnly: true }),

  // Self-service; e-invoice and favourites are also linked at the top level
  site({ path: '/zzfw/kjcg', aliases: ['/kjcg'], title: '快捷采购', screen: 'quickBuy', built: true, membersOnly: true }),
  // Buying the way a pharmacy buys (DESIGN.md section 18): a purchase list read into the cart, the buyer's named
  // lists of goods, and the goods they asked to be told of when back in stock or cheaper.
  site({ path: '/zzfw/kjcg/import', aliases: ['/kjcg/import'], title: '采购计划导入', screen: 'purchaseListImport', built: true, membersOnly: true }),
  site({ path: '/zzfw/kjcg/lists/:id?', aliases: ['/kjcg/lists/:id?'], title: '我的清单', screen: 'goodsLists', built: true, membersOnly: true }),
  site({ path: '/zzfw/dhtz', aliases: ['/dhtz'], title: '到货降价通知', screen: 'goodsNotices', built: true, membersOnly: true }),
  site({ path: '/zzfw/pzqg', aliases: ['/pzqg'], title: '品种求购', screen: 'varietyRequests', built: true, membersOnly: true }),
  site({ path: '/zzfw/pzqg/add', aliases: ['/pzqg/add'], title: '新增求购', screen: 'varietyRequestAdd', built: true, membersOnly: true }),
  site({ path: '/zzfw/pzqg/info/:id?', aliases: ['/pzqg/info/:id?'], title: '求购详情', screen: 'varietyRequestDetail', built: true, membersOnly: true }),
  site({ path: '/zzfw/dzfp', aliases: ['/dzfp'], title: '电子发票查询', screen: 'invoices', built: true, membersOnly: true }),
  site({ path: '/zzfw/star', aliases: ['/star'], title: '我的收藏', screen: 'favourites', built: true, membersOnly: true }),
  site({ path: '/zzfw/yjfk', aliases: ['/yjfk'], title: '意见反馈', screen: 'feedback', built: true, membersOnly: true }),

  // Wallet
  site({ path: '/wdqb/yegl', aliases: ['/wdqb_yegl', '/yegl'], title: '余额管理', screen: 'walletBalance', built: true, membersOnly: true }),
  site({ path: '/wdqb/zqgl', aliases: ['/wdqb_zqgl', '/zqgl'], title: '账期管理', screen: 'walletCredit', built: true, membersOnly: true }),
  site({ path: '/wdqb/zhhb', aliases: ['/wdqb_zhhb', '/zhhb'], title: '账户红包', screen: 'walletRedPackets', built: true, membersOnly: true }),
  site({ path: '/wdqb/jfgl', aliases: ['/wdqb_jfgl', '/jfgl'], title: '积分管理', screen: 'walletPoints', built: true, membersOnly: true }),
  site({ path: '/wdqb/yhq', aliases: ['/wdqb_yhq', '/yhq'], title: '优惠券', screen: 'walletCoupons', built: true, membersOnly: true }),
  site({ path: '/wdqb/xjq', aliases: ['/wdqb_xjq', '/xjq'], title: '现金券', screen: 'walletVouchers', built: true, membersOnly: true }),

  // Forgotten password (the page reads its step from the pathname)
  entryPage({ path: '/forget/step1', title: '忘记密码', screen: 'forget' }),
  entryPage({ path: '/forget/step2', title: '重置密码', screen: 'forget' }),
  entryPage({ path: '/forget/step3', title: '重置成功', screen: 'forget' }),

  // Register (the page reads its step and the multi-store mode from the pathname)
  entryPage({ path: '/register/step1', title: REGISTER_TITLE, screen: 'register' }),
  entryPage({ path: '/register/step2', title: REGISTER_TITLE, screen: 'register' }),
  entryPage({ path: '/register/step3', title: REGISTER_TITLE, screen: 'register' }),
  // Scanning logs a bound WeChat in, a new one goes on to register (its page is then titled 微信注册).
  entryPage({ path: '/register/wechat', title: '微信登录', screen: 'registerWechat' }),
  entryPage({ path: '/register/dd/step1', title: REGISTER_TITLE, screen: 'register' }),
  entryPage({ path: '/register/dd/step2', title: REGISTER_TITLE, screen: 'register' }),
  entryPage({ path: '/register/dd/step3', title: REGISTER_TITLE, screen: 'register' }),

  // Zones
  site({ path: '/ppzq', aliases: ['/ppzq_index/:page?'], title: '品牌专区', screen: 'brandZone', built: true }),
  site({ path: '/ppzq/info/:id/:page?', title: '品牌详情', screen: 'brandDetail', built: true }),
  site({ path: '/yx', aliases: ['/yx_index'], title: '包邮专区', screen: 'freeShippingZone', built: true }),
  site({ path: '/yx/table', aliases: ['/yx_table'], title: '包邮专区', screen: 'freeShippingTable', built: true }),
  bare({ path: '/yx/rule', aliases: ['/yx_rule'], title: '包邮规则', screen: 'freeShippingRule', built: true }),
  site({ path: '/yjh/:id?', title: '活动专区', screen: 'activityZone', built: true }),
  site({ path: '/Hdzx/:ids/:id?', title: '活动中心', screen: 'activityCentre', built: true }),
  site({ path: '/zyyp', title: '中药专区', screen: 'tcmZone', built: true }),
  site({ path: '/qxzq', title: '器械专区', screen: 'devicesZone', built: true }),
  site({ path: '/jxqzc', title: '近效期专场', screen: 'nearExpiryZone', built: true }),
  site({ path: '/kxzq', title: '控销专区', screen: 'controlledZone', built: true }),
  site({ path: '/kxzq/new', aliases: ['/kxzq_new', '/kxzq_index'], title: '控销专区', screen: 'controlledZoneNew', built: true }),
  site({ path: '/kxzq/goods/:url/:ads?', title: '控销商品', screen: 'controlledGoods', built: true }),

  // Promotions
  site({ path: '/hb', title: '满返专区', screen: 'cashback', built: true }),
  site({ path: '/welfare', title: '全场94折', screen: 'welfare', built: true }),
  site({ path: '/mrtj', title: '每日特价', screen: 'dailySpecials', built: true }),
  site({ path: '/lqzx', title: '领券中心', screen: 'couponCentre', built: true }),
  site({ path: '/zqmb', title: '专题专区', screen: 'themeZone', built: true }),
  site({ path: '/yyh', title: '优惠活动', screen: 'yyh', built: true }),
  site({ path: '/yyh/list', title: '优惠活动', screen: 'yyhList', built: true }),
  site({ path: '/hdmb', title: '活动专题', screen: 'activityTemplate', built: true }),
  site({ path: '/zhzq', title: '组合购', screen: 'combination', built: true }),

  // Help centre: the named articles of the spec, any other group/article, and news detail
  help({ path: '/help', title: '帮助中心', screen: 'help' }),
  help({ path: '/help/xrzn/hyzc', title: '会员注册', screen: 'helpArticle' }),
  help({ path: '/help/xrzn/gwzn', title: '购物指南', screen: 'helpArticle' }),
  help({ path: '/help/xrzn/aqgw', title: '安全购物', screen: 'helpArticle' }),
  help({ path: '/help/fwbz/wzzz', title: '网站资质', screen: 'helpArticle' }),
  help({ path: '/help/fwbz/yhxy', title: '用户协议', screen: 'helpArticle' }),
  help({ path: '/help/fwbz/zsfw', title: '专属服务', screen: 'helpArticle' }),
  help({ path: '/help/gywm/tsjy', title: '投诉建议', screen: 'helpArticle' }),
  help({ path: '/help/gywm/lxwm', title: '联系我们', screen: 'helpArticle' }),
  help({ path: '/help/xwzx/hyxw', title: '行业新闻', screen: 'helpArticle' }),
  help({ path: '/help/xwzx/gsxw', title: '公司新闻', screen: 'helpArticle' }),
  help({ path: '/help/zfps/ddzf', title: '订单支付', screen: 'helpArticle' }),
  help({ path: '/help/zfps/hwps', title: '货物配送', screen: 'helpArticle' }),
  help({ path: '/help/zfps/ypth', title: '药品退货', screen: 'helpArticle' }),
  help({ path: '/help/:group/:item?', title: '帮助中心', screen: 'helpArticle' }),
  help({ path: '/help_news_info/:id/:type', title: '新闻详情', screen: 'newsDetail' }),

  // The e-contract a 459 answer sends the buyer to (DESIGN.md section 5)
  site({ path: '/dzht', title: '电子合同', screen: 'contract', built: true }),
];

export const redirects: RedirectRoute[] = [
  { path: '/activity/:url?/:url1?/:url2?', to: '/loading/activity' },
  { path: '/register', to: '/register_index' },
  { path: '/register_index', to: '/register/step1' },
  { path: '/register_dd', to: '/register/dd/step1' },
  { path: '/forget', to: '/forget/step1' },
  { path: '/forget_step1', to: '/forget/step1' },
  { path: '/forget_step2', to: '/forget/step2' },
  { path: '/forget_step3', to: '/forget/step3' },
  { path: '/order/wl/:id', to: '/order/info/:id' },
  { path: '/zhzx', to: '/zhzx/basic' },
  { path: '/zzfw', to: '/zzfw/kjcg' },
  { path: '/wdqb', to: '/wdqb/yegl' },
];

export const NOT_FOUND_PATH = '/404';

const decode = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

/**
 * Matches a pathname against one pattern the way React Router does for these tables
 * (case-insensitive, optional `:param?` segments, a trailing slash allowed). Returns the params or null.
 */
function matchPattern(pattern: string, pathname: string): Record<string, string> | null {
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.split('?')[0].split('#')[0].split('/').filter(Boolean);
  const params: Record<string, string> = {};
  let i = 0;
  for (let w = 0; w < want.length; w++) {
    const segment = want[w];
    const optional = segment.endsWith('?');
    const bare = optional ? segment.slice(0, -1) : segment;
    const value = have[i];
    if (value === undefined) {
      if (optional) continue;
      return null;
    }
    if (bare.startsWith(':')) {
      params[bare.slice(1)] = decode(value);
      i++;
    } else if (bare.toLowerCase() === value.toLowerCase()) {
      i++;
    } else if (optional) {
      continue;
    } else {
      return null;
    }
  }
  return i === have.length ? params : null;
}

/** How specific a pattern is, so that `/help/zfps/ddzf` wins over `/help/:group/:item?`. */
function score(pattern: string): number {
  return pattern
    .split('/')
    .filter(Boolean)
    .reduce((sum, segment) => sum + (segment.startsWith(':') ? (segment.endsWith('?') ? 1 : 3) : 10), 0);
}

export type Resolved =
  | { kind: 'route'; route: AppRoute; pattern: string; params: Record<string, string> }
  | { kind: 'redirect'; to: string; pattern: string }
  | { kind: 'notFound'; to: string };

/** Fills `:name` segments of a redirect target from the params of its match; the params left over go in its query. */
export function fillTarget(to: string, params: Record<string, string | undefined>): string {
  const used = new Set<string>();
  const path = to.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    used.add(name);
    return encodeURIComponent(params[name] ?? '');
  });
  const rest = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value && !used.has(name) && name !== '*') rest.set(name, value);
  const query = rest.toString();
  return query ? `${path}?${query}` : path;
}

/** What a pathname shows: a route, a redirect or the 404 page. Mirrors the router built from this table. */
export function resolvePath(pathname: string): Resolved {
  let best: Resolved | null = null;
  let bestScore = -1;
  for (const route of routes) {
    for (const pattern of [route.path, ...(route.aliases ?? [])]) {
      const params = matchPattern(pattern, pathname);
      if (params && score(pattern) > bestScore) {
        best = { kind: 'route', route, pattern, params };
        bestScore = score(pattern);
      }
    }
  }
  for (const redirect of redirects) {
    const params = matchPattern(redirect.path, pathname);
    if (params && score(redirect.path) > bestScore) {
      best = { kind: 'redirect', to: fillTarget(redirect.to, params), pattern: redirect.path };
      bestScore = score(redirect.path);
    }
  }
  return best ?? { kind: 'notFound', to: NOT_FOUND_PATH };
}

/** Follows redirects to the route a pathname finally shows. */
export function finalRoute(pathname: string): AppRoute {
  let current = pathname;
  for (let hops = 0; hops < 5; hops++) {
    const resolved = resolvePath(current);
    if (resolved.kind === 'route') return resolved.route;
    current = resolved.to;
  }
  throw new Error(`Too many redirects from ${pathname}`);
}

export const documentTitle = (title: string) => `${title} - ${PRODUCT_TITLE}`;

/**
 * Where logging in leads: the `redirect` it was given when that is a path of this site (`/cart`), never another
 * site (`//evil.example`, `https://...`) nor the login page itself; the home page otherwise.
 */
export function afterLoginPath(target: string | null | undefined): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return '/';
  if (target.toLowerCase().startsWith('/login')) return '/';
  return target;
}

/** The login page that leads back to `target` once the buyer has logged in: `/login?redirect=<target>`. */
export function loginPathTo(target: string): string {
  return `/login?redirect=${encodeURIComponent(target)}`;
}
