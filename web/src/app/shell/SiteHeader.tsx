/**
 * The full site header: top bar (greeting, login state, links, mini-program QR, quality inspection,
 * hot line), the top ad banner, logo with the search box and cart, and the scrolling notices.
 */
import { App } from 'antd';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { UserBase } from '@core/schemas/user';
import { claimBootImage } from '@/api/boot';
import { ActingNotice } from '@/features/account/components/ActingNotice';
import { HeaderSearch } from '@/features/catalogue/components/HeaderSearch';
import { createStickyWatcher } from '@/features/catalogue/lib/sticky';
import { useFocusTop } from '@/features/content/api/get-focus-top';
import { useFocusCommon } from '@/lib/content/get-focus-common';
import { isLoggedIn } from '@/lib/session/get-user-base';
import { useLogout } from '@/lib/session/logout';
import { Badge99 } from '@/ui/Badge99';
import { QrPopover } from '@/ui/QrPopover';
import { TargetLink, useOpenTarget } from '@/ui/TargetLink';
import { Broadcast } from './Broadcast';
import { Logo } from './Logo';

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
              <Link to="/zhzx/wdxx" className="yct-topbar__msg" data-testid="header-messages">
                消息
                <Badge99 count={user.message_count} data-testid="header-message-badge" />
              </Link>
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

const TOP_BANNER_CLOSED = 'yct-top-banner-closed';

/** The strip above the header: its height is held while it loads (no jump), and a buyer may close it for the visit. */
function TopBanner() {
  const { data, isPending } = useFocusTop();
  const open = useOpenTarget();
  const [closed, setClosed] = useState(() => sessionStorage.getItem(TOP_BANNER_CLOSED) === '1');
  const ad = data?.[0];
  // The page HTML painted this picture already: the first banner takes that element over (boot.ts).
  const [adopt] = useState(() => (ad ? claimBootImage(ad.image) : null));
  const slot = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    if (adopt && slot.current) slot.current.replaceChildren(adopt);
  }, [adopt]);
  if (closed || (!isPending && !ad)) return null;
  return (
    <div className="yct-topbanner" data-testid="top-banner">
      {ad ? (
        <>
          <button type="button" className="yct-topbanner__link" onClick={() => open(ad.url)} aria-label={ad.title}>
            {adopt ? <span ref={slot} className="yct-topbanner__slot" /> : <img src={ad.image} alt={ad.title} width={1200} height={80} fetchPriority="high" />}
          </button>
          <button
            type="button"
            className="yct-topbanner__close"
            aria-label="关闭广告"
            onClick={() => {
              sessionStorage.setItem(TOP_BANNER_CLOSED, '1');
              setClosed(true);
            }}
            data-testid="top-banner-close"
          >
            ×
          </button>
        </>
      ) : null}
    </div>
  );
}

/** True once the page is scrolled 205 px or more (checked 100 ms after scrolling stops). */
function useSticky() {
  const [sticky, setSticky] = useState(false);
  useEffect(() => {
    const watcher = createStickyWatcher({ scrollY: () => window.scrollY, onChange: setSticky });
    const onScroll = () => watcher.onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      watcher.stop();
    };
  }, []);
  return sticky;
}

/** `searchResults`: the page is the search results, the only one whose header search box shows a keyword. */
export function SiteHeader({ user, searchResults }: { user: UserBase | undefined; searchResults: boolean }) {
  const sticky = useSticky();
  return (
    <header className="yct-header" data-testid="site-header">
      <TopBar user={user} />
      {isLoggedIn(user) && user.actor ? <ActingNotice user={user} /> : null}
      <TopBanner />
      <div className="yct-header__placeholder">
        <div className={`yct-header__bar${sticky ? ' is-sticky' : ''}`} data-testid="header-bar" data-sticky={sticky ? '1' : '0'}>
          <div className="yct-container yct-header__main">
            <Logo />
            <HeaderSearch onResults={searchResults} />
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
        </div>
      </div>
    </header>
  );
}
