/**
 * The frame of every help centre page: the crumbs, the menu of help groups (from the list kept in localStorage,
 * refreshed on arrival) with the open entry marked, the service hot line under it, and the page's panel.
 */
import {
  CreditCardOutlined,
  FileTextOutlined,
  PhoneOutlined,
  QuestionCircleOutlined,
  ReadOutlined,
  SafetyCertificateOutlined,
  TeamOutlined,
  UserAddOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { HelpGroup } from '@core/schemas/content';
import { useFocusCommon } from '@/lib/content/get-focus-common';
import { useHelpCategory } from '../api/get-help-category';
import '../help.css';

const GROUP_ICONS: Record<string, ReactNode> = {
  xrzn: <UserAddOutlined />,
  zfps: <CreditCardOutlined />,
  fwbz: <SafetyCertificateOutlined />,
  gywm: <TeamOutlined />,
  xwzx: <ReadOutlined />,
  cjwt: <QuestionCircleOutlined />,
};
export const groupIcon = (code: string | undefined) => GROUP_ICONS[code ?? ''] ?? <FileTextOutlined />;

type Crumb = { label: string; to?: string };

type Props = {
  /** The menu entry to mark: an article's or a list's url. */
  active?: string;
  crumbs: Crumb[];
  children: ReactNode;
};

function HelpMenu({ groups, active }: { groups: HelpGroup[]; active?: string }) {
  return (
    <nav className="yct-help__menu" aria-label="帮助中心菜单" data-testid="help-menu">
      <Link to="/help" className={`yct-help__menu-head${active === '/help' ? ' is-active' : ''}`}>
        帮助中心
      </Link>
      {groups.map((g) => (
        <div key={g.id} className="yct-help__group" data-testid="help-menu-group">
          <h3>
            <span className="yct-help__group-icon">{groupIcon(g.code)}</span>
            {g.name}
          </h3>
          <ul>
            {g.children.map((c) => (
              <li key={c.url}>
                <Link
                  to={c.url}
                  className={`yct-help__link${c.url === active ? ' is-active' : ''}`}
                  aria-current={c.url === active ? 'page' : undefined}
                  data-testid="help-menu-item"
                >
                  {c.title}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

export function HelpLayout({ active, crumbs, children }: Props) {
  const menu = useHelpCategory({ fresh: true });
  const site = useFocusCommon().data?.site;
  return (
    <div className="yct-container yct-help" data-testid="help-layout">
      <div className="yct-help__crumb">
        <Link to="/">首页</Link>
        <span>›</span>
        <Link to="/help">帮助中心</Link>
        {crumbs.map((c) => (
          <span key={c.label} className="yct-help__crumb-item">
            <span>›</span>
            {c.to ? <Link to={c.to}>{c.label}</Link> : <em>{c.label}</em>}
          </span>
        ))}
      </div>
      <div className="yct-help__frame">
        <aside className="yct-help__side">
          {menu.data?.length ? (
            <HelpMenu groups={menu.data} active={active} />
          ) : (
            <div className="yct-help__menu yct-help__menu--empty">{menu.isError ? '菜单加载失败' : <span className="yct-spinner" />}</div>
          )}
          <div className="yct-help__contact">
            <PhoneOutlined />
            <div>
              <p>客服热线</p>
              <strong data-testid="help-hot-line">{site?.hot_line || '—'}</strong>
              <small>每天 8:30-18:00</small>
            </div>
          </div>
        </aside>
        <section className="yct-help__main">{children}</section>
      </div>
    </div>
  );
}

const decode = (segment: string) => {
  try {
    return decodeURIComponent(segment).toLowerCase();
  } catch {
    return segment.toLowerCase();
  }
};

/** Where a help path leads: its group and item segments (`/help/xrzn/hyzc`). */
export function helpSegments(pathname: string): { group: string; item: string } {
  const [, , group = '', item = ''] = pathname.split('/');
  return { group: decode(group), item: decode(item) };
}
