/**
 * The left menu of the member and account pages (UI.md "Member and account pages"): 会员中心, 我的订单,
 * 我的钱包, 账户中心 and 自助服务, and which entry a path belongs to. Entries link to the short paths the
 * site uses elsewhere; every alias of the route table highlights the same entry.
 */
export type MenuEntry = { key: string; label: string; to: string; /** Paths (and their sub-paths) of this entry. */ paths: string[] };
export type MenuGroup = { key: string; label: string; entries: MenuEntry[] };

const wallet = (key: string, label: string): MenuEntry => ({ key, label, to: `/${key}`, paths: [`/${key}`, `/wdqb/${key}`, `/wdqb_${key}`] });
const account = (key: string, label: string): MenuEntry => ({ key, label, to: `/zhzx/${key}`, paths: [`/zhzx/${key}`] });
const service = (key: string, label: string): MenuEntry => ({ key, label, to: `/${key}`, paths: [`/${key}`, `/zzfw/${key}`] });

export const ACCOUNT_MENU: MenuGroup[] = [
  { key: 'user', label: '会员中心', entries: [{ key: 'user', label: '会员中心', to: '/user', paths: ['/user', '/user_hyzx'] }] },
  { key: 'order', label: '我的订单', entries: [{ key: 'order', label: '我的订单', to: '/order', paths: ['/order', '/jfdd', '/hmdd'] }] },
  {
    key: 'wallet',
    label: '我的钱包',
    entries: [
      wallet('yegl', '余额管理'),
      wallet('zqgl', '账期管理'),
      wallet('zhhb', '账户红包'),
      wallet('jfgl', '积分管理'),
      wallet('yhq', '优惠券'),
      wallet('xjq', '现金券'),
    ],
  },
  {
    key: 'account',
    label: '账户中心',
    entries: [
      account('basic', '基本信息'),
      account('zzzj', '资质证件'),
      account('ddgl', '多店管理'),
      account('bdwx', '绑定微信'),
      account('addr', '收货地址'),
      account('wdxx', '我的消息'),
      account('syzl', '首营资料'),
    ],
  },
  {
    key: 'service',
    label: '自助服务',
    entries: [
      service('kjcg', '快捷采购'),
      service('dhtz', '到货降价通知'),
      service('pzqg', '品种求购'),
      service('dzfp', '电子发票'),
      service('star', '我的收藏'),
      service('yjfk', '意见反馈'),
    ],
  },
];

const normalise = (path: string) => path.split(/[?#]/)[0].replace(/\/+$/, '').toLowerCase() || '/';

/** The key of the menu entry a path belongs to, or null. */
export function activeEntry(pathname: string, menu: readonly MenuGroup[] = ACCOUNT_MENU): string | null {
  const path = normalise(pathname);
  for (const group of menu) {
    for (const entry of group.entries) {
      if (entry.paths.some((p) => path === p || path.startsWith(`${p}/`))) return entry.key;
    }
  }
  return null;
}
