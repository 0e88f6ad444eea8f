/**
 * The tabs of 快捷采购 (DESIGN.md section 18): 常购清单 (/zzfw/kjcg), 采购计划导入 (/zzfw/kjcg/import) and 我的清单
 * (/zzfw/kjcg/lists), each a route of its own, so that a tab can be linked to and comes back on reload.
 */
import { Tabs } from 'antd';
import { useLocation, useNavigate } from 'react-router';

const TABS = [
  { key: '/zzfw/kjcg', label: '常购清单' },
  { key: '/zzfw/kjcg/import', label: '采购计划导入' },
  { key: '/zzfw/kjcg/lists', label: '我的清单' },
];

/** The tab a path belongs to: the longest tab path it is, or lies under (the short `/kjcg/...` aliases too). */
function purchaseTabOf(pathname: string): string {
  const path = pathname.replace(/\/+$/, '').replace(/^\/kjcg/, '/zzfw/kjcg');
  const found = [...TABS].reverse().find((t) => path === t.key || path.startsWith(`${t.key}/`));
  return found?.key ?? TABS[0].key;
}

export function PurchaseTabs() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return (
    <Tabs
      className="yct-purchase-tabs"
      activeKey={purchaseTabOf(pathname)}
      items={TABS.map((t) => ({ key: t.key, label: t.label }))}
      onChange={(key) => navigate(key)}
    />
  );
}
