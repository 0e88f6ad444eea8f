/**
 * The frame of the member and account pages: a left menu (会员中心, 我的订单, 我的钱包, 账户中心, 自助服务)
 * with the current entry highlighted, and a content panel with a title bar.
 */
import './account-layout.css';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { ACCOUNT_MENU, activeEntry, type MenuEntry } from './menu';

type Props = {
  title: ReactNode;
  /** Shown at the right of the title bar (an add button). */
  extra?: ReactNode;
  children: ReactNode;
};

function EntryLink({ entry, active, top = false }: { entry: MenuEntry; active: boolean; top?: boolean }) {
  return (
    <Link
      to={entry.to}
      className={`yct-acct__link${top ? ' yct-acct__link--top' : ''}${active ? ' is-active' : ''}`}
      aria-current={active ? 'page' : undefined}
      data-testid="account-menu-item"
      data-key={entry.key}
    >
      {entry.label}
    </Link>
  );
}

export function AccountLayout({ title, extra, children }: Props) {
  const { pathname } = useLocation();
  const active = activeEntry(pathname);
  return (
    <div className="yct-container yct-acct" data-testid="account-layout">
      <div className="yct-acct__crumb">
        <Link to="/">首页</Link>
        <span>›</span>
        <Link to="/user">会员中心</Link>
        <span>›</span>
        <em>{title}</em>
      </div>
      <div className="yct-acct__frame">
        <nav className="yct-acct__menu" aria-label="会员中心菜单" data-testid="account-menu">
          {ACCOUNT_MENU.map((group) =>
            group.entries.length === 1 && group.entries[0].label === group.label ? (
              <EntryLink key={group.key} entry={group.entries[0]} active={active === group.entries[0].key} top />
            ) : (
              <div key={group.key} className="yct-acct__group">
                <h3>{group.label}</h3>
                <ul>
                  {group.entries.map((entry) => (
                    <li key={entry.key}>
                      <EntryLink entry={entry} active={active === entry.key} />
                    </li>
                  ))}
                </ul>
              </div>
            ),
          )}
        </nav>
        <section className="yct-acct__main">
          <header className="yct-acct__title">
            <h1>{title}</h1>
            {extra ? <div className="yct-acct__extra">{extra}</div> : null}
          </header>
          <div className="yct-acct__body">{children}</div>
        </section>
      </div>
    </div>
  );
}
