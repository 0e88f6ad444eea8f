/**
 * The fixed toolbar on the right: my account, cart and messages with badges capped at 99, customer service
 * (the in-site chat with its unread badge for `is_can_chat`, the QQ links otherwise), the WeChat QR and back to top. The cart button slides the mini cart out of the
 * toolbar (40 px collapsed, 310 px open, spec section 4); its code loads when it first opens.
 */
import { CustomerServiceOutlined, MessageOutlined, ShoppingCartOutlined, UserOutlined, VerticalAlignTopOutlined, WechatOutlined } from '@ant-design/icons';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { MINI_CART_WIDTH } from '@core/constants';
import type { UserBase } from '@core/schemas/user';
import { useChatState } from '@/features/chat/api/get-chat-state';
import { ChatHost, MiniCartService, qqHref, ServiceLinks } from '@/features/chat/components/ServiceEntry';
import { setChatOpen, useChatOpen } from '@/features/chat/lib/dock';
import { useFocusCommon } from '@/lib/content/get-focus-common';
import { isLoggedIn } from '@/lib/session/get-user-base';
import { Badge99 } from '@/ui/Badge99';
import { QrPopover } from '@/ui/QrPopover';

function Item({ icon, label, badge }: { icon: ReactNode; label: string; badge?: ReactNode }) {
  return (
    <>
      <span className="yct-toolbar__icon">{icon}</span>
      <span className="yct-toolbar__label">{label}</span>
      {badge}
    </>
  );
}

const MiniCart = lazy(() => import('@/features/cart/components/MiniCart'));

/** How long the panel takes to slide in or out (shell.css). */
const SLIDE_MS = 250;

/** Open or collapsed; the panel stays rendered while it slides shut, and any navigation collapses it. */
function useMiniCart() {
  const [open, setOpen] = useState(false);
  const [shown, setShown] = useState(false);
  const { pathname } = useLocation();
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (open) {
      setShown(true);
      return;
    }
    const timer = window.setTimeout(() => setShown(false), SLIDE_MS);
    return () => window.clearTimeout(timer);
  }, [open]);
  return { open, shown: open || shown, toggle: () => setOpen((v) => !v), close: () => setOpen(false) };
}

export function RightToolbar({ user }: { user: UserBase | undefined }) {
  const { data } = useFocusCommon();
  const mini = useMiniCart();
  const member = isLoggedIn(user) ? user : undefined;
  const chat = member?.is_can_chat === 1;
  const chatOpen = useChatOpen();
  const unread = useChatState(member?.id ?? 0, chat).data?.unread ?? 0;
  const qq = user?.common_config.qq1;
  const openChat = () => {
    mini.close();
    setChatOpen(!chatOpen);
  };
  return (
    <aside
      className={`yct-toolbar${mini.open ? ' is-open' : ''}`}
      style={{ width: mini.open ? MINI_CART_WIDTH.open : MINI_CART_WIDTH.collapsed }}
      data-testid="right-toolbar"
      data-open={mini.open ? '1' : '0'}
      aria-label="快捷工具栏"
    >
      <div className="yct-toolbar__panel" aria-hidden={!mini.open}>
        {mini.shown ? (
          <Suspense
            fallback={
              <div className="yct-loading yct-toolbar__panel-loading">
                <span className="yct-spinner" />
              </div>
            }
          >
            <MiniCart loggedIn={Boolean(member)} onClose={mini.close} service={<MiniCartService user={user} chat={chat} unread={unread} onChat={openChat} />} />
          </Suspense>
        ) : null}
      </div>
      <div className="yct-toolbar__rail">
        <div className="yct-toolbar__group">
          <Link to={member ? '/user' : '/login'} className="yct-toolbar__item" data-testid="toolbar-account">
            <Item icon={<UserOutlined />} label="我的账户" />
          </Link>
          <button
            type="button"
            className={`yct-toolbar__item yct-toolbar__item--cart${mini.open ? ' is-active' : ''}`}
            onClick={() => {
              if (!mini.open) setChatOpen(false);
              mini.toggle();
            }}
            aria-expanded={mini.open}
            data-testid="toolbar-cart"
          >
            <Item icon={<ShoppingCartOutlined />} label="购物车" badge={<Badge99 count={member?.cart ?? 0} data-testid="toolbar-cart-badge" />} />
          </button>
          <Link to="/zhzx/wdxx" className="yct-toolbar__item" data-testid="toolbar-messages">
            <Item icon={<MessageOutlined />} label="我的消息" badge={<Badge99 count={member?.message_count ?? 0} data-testid="toolbar-message-badge" />} />
          </Link>
        </div>
        <div className="yct-toolbar__group yct-toolbar__group--bottom">
          {chat ? (
            <button
              type="button"
              className={`yct-toolbar__item${chatOpen ? ' is-active' : ''}`}
              onClick={openChat}
              aria-expanded={chatOpen}
              data-testid="toolbar-service"
            >
              <Item icon={<CustomerServiceOutlined />} label="在线客服" badge={<Badge99 count={unread} data-testid="toolbar-service-badge" />} />
            </button>
          ) : (
            <span className="yct-qrpop yct-qrpop--left">
              {qq ? (
                <a href={qqHref(qq)} target="_blank" rel="noopener noreferrer" className="yct-toolbar__item" data-testid="toolbar-service">
                  <Item icon={<CustomerServiceOutlined />} label="在线客服" />
                </a>
              ) : (
                <Link to="/help/gywm/lxwm" className="yct-toolbar__item" data-testid="toolbar-service">
                  <Item icon={<CustomerServiceOutlined />} label="在线客服" />
                </Link>
              )}
              <span className="yct-qrpop__panel" role="tooltip">
                <ServiceLinks user={user} />
              </span>
            </span>
          )}
          <QrPopover value={data?.site.wechat_qr} caption="扫码关注公众号" placement="left">
            <span className="yct-toolbar__item" tabIndex={0} data-testid="toolbar-wechat">
              <Item icon={<WechatOutlined />} label="微信" />
            </span>
          </QrPopover>
          <button type="button" className="yct-toolbar__item" onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })} data-testid="toolbar-top">
            <Item icon={<VerticalAlignTopOutlined />} label="返回顶部" />
          </button>
        </div>
      </div>
      {chat && member ? <ChatHost user={member} /> : null}
    </aside>
  );
}
