/** Business constants of spec section 9 and the product-wide settings of DESIGN.md. */
export const PRODUCT_TITLE = '药采通';

export const REQUEST_TIMEOUT_MS = 30_000;
export const BADGE_MAX = 99;
export const CATEGORY_MENU_MAX = 7;
export const NAV_MAX = 9;
export const FOOTER_HELP_GROUPS = 4;
export const MINI_CART_WIDTH = { collapsed: 40, open: 310 } as const;
export const CART_ADD_DELAY_MS = 200;
export const SEARCH_DEBOUNCE_MS = 500;
export const SEARCH_CACHE_MAX_AGE_MS = 5_000;
export const STICKY_SEARCH_SCROLL_PX = 205;
export const STICKY_SEARCH_DELAY_MS = 100;
export const CART_LIST_DEFAULT_FILTER = 99999;
export const FOCUS_DEMO_BANNER_ID = 125;

export const SMS_CODE_TTL_SECONDS = 300;
export const SMS_CODE_RESEND_SECONDS = 60;
export const SESSION_TTL_DAYS = 30;
/** Wrong payment passwords in a row before the payment password is locked, and for how long. */
export const PAY_PASSWORD_MAX_TRIES = 5;
export const PAY_PASSWORD_LOCK_MINUTES = 15;
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

/** Company types a buyer registers as. 连锁总部 accounts own sub-stores (连锁门店). */
export const COMPANY_TYPES = ['单体药店', '连锁总部', '连锁门店', '诊所', '医药公司'] as const;
export type CompanyType = (typeof COMPANY_TYPES)[number];

/** Licences a buyer uploads at registration step 3, per company type. */
export const LICENCE_TYPES = {
  yyzz: '营业执照',
  ypjyxkz: '药品经营许可证',
  ylqxxkz: '医疗器械经营备案凭证',
  yljgxkz: '医疗机构执业许可证',
  cgwts: '采购委托书',
  sfz: '采购人员身份证',
} as const;
export type LicenceType = keyof typeof LICENCE_TYPES;

export const REQUIRED_LICENCES: Record<CompanyType, LicenceType[]> = {
  单体药店: ['yyzz', 'ypjyxkz', 'cgwts'],
  连锁总部: ['yyzz', 'ypjyxkz', 'cgwts'],
  连锁门店: ['yyzz', 'ypjyxkz', 'cgwts'],
  诊所: ['yyzz', 'yljgxkz', 'cgwts'],
  医药公司: ['yyzz', 'ypjyxkz', 'cgwts'],
};

/** A licence that expires within this many days is flagged in the member and account centres. */
export const LICENCE_EXPIRY_WARN_DAYS = 30;

/**
 * A goods' minimum remaining shelf life by default, in days: its batches expiring sooner sell only in the
 * near-expiry zone (docs/decisions/033-batches.md).
 */
export const MIN_SHELF_DAYS_DEFAULT = 183;
