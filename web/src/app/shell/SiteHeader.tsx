/**
 * The full site header: top bar (greeting, login state, links, mini-program QR, quality inspection,
 * hot line), the top ad banner, logo with the search box and cart, and the scrolling notices.
 */
import { App } from 'antd';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import type { UserBase } from '@core/schemas/user';
import { useFocusCommon } from '@/features/content/api/get-focus-common';
import { useFocusTop } from '@/features/content/api/get-focus-top';
import { isLoggedIn } from '@/features/user/api/get-user-base';
import { useLogout } from '@/features/user/api/logout';
import { Badge99 } from '@/ui/Badge99';
import { QrPopover } from '@/ui/QrPopover';
import { TargetLink, useOpenTarget } from '@/ui/TargetLink';
import { Broadcast } from './Broadcast';
import { Logo } from './Logo';

export const SEARCH_KEYWORD_KEY = 'yct_search_keyword';

function TopBar({ user }: { user: UserBase | undefined }) {
  const { message } = App.useApp();
  const logout = useLogout();
  const common = useFocusCommon();
  const site = common.data?.site;
  const quality = user?.quality_inspection;
  return (
    <div className="yct-topbar">
      <div className="yct-container yct-topbar__inner">
        <div className="yct-topbar__left">
          <span>您好，欢迎来到{site?.title ?? '药采通'}！</span>
          {isLoggedIn(user) ? (
            <>
              <Link to="/user" className="yct-topbar__user" data-testid="header-user" title={user.company || user.username}>
                {user.company || user.username}
              </Link>
              <button type="button" className="yct-linkbtn" onClick={() => logout.mutate()} disabled={logout.isPending} data-testid="header-logout">
                退出
              </button>
            </>
          ) : (
            <>
              <Link to="/login" className="yct-topbar__accent" data-testid="header-login-link">
                请登录
              </Link>
              <Link to="/register" data-testid="header-register-link">
                免费注册
              </Link>
            </>
          )}
        </div>
        <nav className="yct-topbar__links" aria-label="常用链接">
          <Link to="/">首页</Link>
          <button type="button" className="yct-linkbtn" onClick={() => void message.info('请按 Ctrl+D 将药采通添加到收藏夹，或在浏览器菜单中选择“添加到桌面”')}>
            添加到桌面
          </button>
          <Link to="/user">会员中心</Link>
          <Link to="/order">我的订单</Link>
          <Link to="/dzfp">电子发票查询</Link>
          <QrPopover value={site?.mini_qr} caption="微信扫码打开小程序">
            <span className="yct-topbar__qr" tabIndex={0} data-testid="header-mini-qr">
              手机药采通
            </span>
          </QrPopover>
          {quality?.quality_inspection_url ? (
            <TargetLink to={quality.quality_inspection_url} className="yct-topbar__accent" data-testid="header-quality">
              {quality.msg || '质检报告查询'}
            </TargetLink>
          ) : null}
          {site?.hot_line ? <span className="yct-topbar__hotline">投诉热线：{site.hot_line}</span> : null}
        </nav>
      </div>
    </div>
  );
}

function TopBanner() {
  const { data } = useFocusTop();
  const open = useOpenTarget();
  const ad = data?.[0];
  if (!ad) return null;
  return (
    <div className="yct-topbanner" data-testid="top-banner">
      <button type="button" className="yct-topbanner__link" onClick={() => open(ad.url)} aria-label={ad.title}>
        <img src={ad.image} alt={ad.title ?? ''} width={1200} height={80} />
      </button>
    </div>
  );
}

/** The search box; suggestions and the result pages come with the catalogue. */
function SearchBox() {
  const navigate = useNavigate();
  const { data } = useFocusCommon();
  const [type, setType] = useState<1 | 2>(1);
  const [keywords, setKeywords] = useState(() => {
    try {
      return sessionStorage.getItem(SEARCH_KEYWORD_KEY) ?? '';
    } catch {
      return '';
    }
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const k = keywords.trim();
    setKeywords(k);
    try {
      sessionStorage.setItem(SEARCH_KEYWORD_KEY, k);
    } catch {
      // private mode: the keyword is simply not kept
    }
    void navigate(`/search?${new URLSearchParams({ keywords: k, type: String(type) })}`);
  };
  return (
    <div className="yct-search" data-testid="header-search">
      <div className="yct-search__tabs" role="tablist">
        <button type="button" role="tab" aria-selected={type === 1} className={type === 1 ? 'is-active' : ''} onClick={() => setType(1)}>
          药品
        </button>
        <button type="button" role="tab" aria-selected={type === 2} className={type === 2 ? 'is-active' : ''} onClick={() => setType(2)}>
          厂家
        </button>
      </div>
      <form className="yct-search__form" onSubmit={submit} role="search">
        <input
          value={keywords}
          onChange={(e) => setKeywords(e.target.value)}
          placeholder={type === 1 ? '药品名称 / 拼音首字母 / 批准文号' : '生产厂家名称 / 拼音首字母'}
          maxLength={50}
          aria-label="搜索关键词"
        />
        <button type="submit">搜 索</button>
      </form>
      <div className="yct-search__hot">
        {(data?.rnss ?? []).slice(0, 8).map((h) => (
          <TargetLink key={h.name} to={h.url}>
            {h.name}
          </TargetLink>
        ))}
      </div>
    </div>
  );
}

export function SiteHeader({ user }: { user: UserBase | undefined }) {
  return (
    <header className="yct-header" data-testid="site-header">
      <TopBar user={user} />
      <TopBanner />
      <div className="yct-container yct-header__main">
        <Logo />
        <SearchBox />
        <Link to="/cart" className="yct-header__cart" data-testid="header-cart">
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path d="M3 4h2l2.4 10.2a1 1 0 0 0 1 .8h8.9a1 1 0 0 0 1-.8L20 8H6.2" fill="none" stroke="currentColor" strokeWidth="1.8" />
            <circle cx="9" cy="19" r="1.6" fill="currentColor" />
            <circle cx="17" cy="19" r="1.6" fill="currentColor" />
          </svg>
          <span>我的购物车</span>
          <Badge99 count={isLoggedIn(user) ? user.cart : 0} data-testid="cart-badge" showZero />
        </Link>
        <Broadcast />
      </div>
    </header>
  );
}
