/**
 * The brand-coloured bar: 全部商品分类 (the first 7 categories, each showing its sub-categories on hover;
 * always open on the home page) and the nav (the first 9 items, children in a drop-down).
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { CATEGORY_MENU_MAX, NAV_MAX } from '@core/constants';
import type { MenuCategory } from '@core/schemas/content';
import { useFocusCommon } from '@/lib/content/get-focus-common';
import { TargetLink } from '@/ui/TargetLink';

const listUrl = (c: MenuCategory) => `/list?category=${c.id}`;

function CategoryMenu({ open }: { open: boolean }) {
  const { data, isLoading, isError, refetch } = useFocusCommon();
  const [hover, setHover] = useState(false);
  const [active, setActive] = useState<number | null>(null);
  const categories = (data?.category ?? []).slice(0, CATEGORY_MENU_MAX);
  const shown = open || hover;
  const current = categories.find((c) => c.id === active);
  return (
    <div
      className={`yct-catmenu${open ? ' is-pinned' : ''}`}
      data-testid="category-menu"
      onMouseEnter={() => setHover(true)}
      onMouseLeave={() => {
        setHover(false);
        setActive(null);
      }}
    >
      <div className="yct-catmenu__title">
        <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
          <path d="M1 3h14M1 8h14M1 13h14" stroke="currentColor" strokeWidth="2" />
        </svg>
        全部商品分类
      </div>
      {shown ? (
        <ul className="yct-catmenu__list" data-testid="category-list">
          {isLoading ? <li className="yct-catmenu__state">分类加载中…</li> : null}
          {isError ? (
            <li className="yct-catmenu__state">
              分类加载失败，
              <button type="button" className="yct-linkbtn" onClick={() => void refetch()}>
                重试
              </button>
            </li>
          ) : null}
          {categories.map((c) => (
            <li key={c.id} className={active === c.id ? 'is-active' : ''} onMouseEnter={() => setActive(c.id)} data-testid="category-item">
              <Link to={listUrl(c)} className="yct-catmenu__name">
                {c.logo1 ? <img src={c.logo1} alt="" width={16} height={16} /> : null}
                {c.name}
              </Link>
              <span className="yct-catmenu__subs">
                {c.children.slice(0, 2).map((s) => (
                  <Link key={s.id} to={listUrl(s)}>
                    {s.name}
                  </Link>
                ))}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {shown && current?.children.length ? (
        <div className="yct-catmenu__flyout" data-testid="category-flyout">
          <h4>
            <Link to={listUrl(current)}>{current.name}</Link>
          </h4>
          <div className="yct-catmenu__flyout-items">
            {current.children.map((s) => (
              <Link key={s.id} to={listUrl(s)}>
                {s.name}
              </Link>
            ))}
          </div>
        </div>
      ) : null}
    </div>
  );
}

function Nav() {
  const { data } = useFocusCommon();
  const items = (data?.nav ?? []).slice(0, NAV_MAX);
  return (
    <ul className="yct-nav" data-testid="nav-bar">
      {items.map((n) => (
        <li key={n.id} className={n.children.length ? 'has-children' : ''}>
          <TargetLink to={n.url} newWindow={n.is_open === 1} className="yct-nav__link">
            {n.name}
            {n.children.length ? <span className="yct-nav__caret" aria-hidden="true" /> : null}
          </TargetLink>
          {n.children.length ? (
            <ul className="yct-nav__children" data-testid="nav-children">
              {n.children.map((c) => (
                <li key={c.id}>
                  <TargetLink to={c.url} newWindow={c.is_open === 1}>
                    {c.name}
                  </TargetLink>
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

export function NavBar({ menuOpen }: { menuOpen: boolean }) {
  return (
    <div className="yct-navbar">
      <div className="yct-container yct-navbar__inner">
        <CategoryMenu open={menuOpen} />
        <Nav />
      </div>
    </div>
  );
}
