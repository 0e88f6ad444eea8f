/** Shapes of the shell and content calls of docs/api.md ("Shell and content"). */

/** A banner or ad: an image and where it leads (spec section 8 link-target rule applies to `url`). */
export type AdEntry = { id?: number; image: string; url: string; title?: string };

export type HotSearch = { name: string; url: string };

export type NavEntry = {
  id: number;
  name: string;
  url: string;
  image: string;
  /** 1: the entry opens in a new window. */
  is_open: number;
  children?: NavEntry[];
};

export type CategoryEntry = {
  id: number;
  name: string;
  logo1?: string;
  children?: CategoryEntry[];
};

export type BrandEntry = { id: number; name: string; logo: string; url: string };

export type Licence = { name: string; number: string };

export type BroadcastEntry = { id: number; title: string; url: string };

export type SiteInfo = {
  title: string;
  hot_line: string;
  wechat_qr: string;
  mini_qr: string;
  licences: Licence[];
  notice: string;
  copyright: string;
  broadcast?: BroadcastEntry[];
  shipping?: { shipping_amount: string; no_trans_order_amount: string };
};

export type FocusCommon = {
  rnss: HotSearch[];
  nav: NavEntry[];
  category: CategoryEntry[];
  category_yx: CategoryEntry[];
  category_zy: CategoryEntry[];
  category_qx: CategoryEntry[];
  brand: BrandEntry[];
  site: SiteInfo;
  timestamp: number;
};

export type PostEntry = { id: number; title: string; url: string; created_at: number };

export type HelpArticleLink = { id: number; title: string; url: string };
export type HelpGroup = { id: number; name: string; children: HelpArticleLink[] };

export type FriendlyLink = { name: string; url: string };
