/**
 * The 客服 entries' light part, on every page with the toolbar: for an account with `is_can_chat` the chat window,
 * loaded once the page has painted (or at once when asked for); for the others and guests the QQ links of `qq1`
 * and `qq2` with the dedicated contact and the hot line.
 */
import '../service-entry.css';
import { CustomerServiceOutlined, PhoneOutlined, QqOutlined } from '@ant-design/icons';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { UserBase } from '@core/schemas/user';
import { useChatOpen } from '../lib/dock';

const ChatDock = lazy(() => import('./ChatDock'));

export const qqHref = (qq: string) => `https://wpa.qq.com/msgrd?v=3&uin=${encodeURIComponent(qq)}&site=qq&menu=yes`;

/** The QQ numbers of the site's customer service, in order. */
const qqNumbers = (user: Pick<UserBase, 'common_config'> | undefined) =>
  [user?.common_config.qq1, user?.common_config.qq2].filter((q): q is string => Boolean(q));

/** Mounts the chat window of a buyer who may chat: after the page is idle, so its code is never in the first paint. */
export function ChatHost({ user }: { user: UserBase }) {
  const open = useChatOpen();
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (wanted) return;
    if (open) {
      setWanted(true);
      return;
    }
    if (typeof window.requestIdleCallback === 'function') {
      const idle = window.requestIdleCallback(() => setWanted(true), { timeout: 4000 });
      return () => window.cancelIdleCallback(idle);
    }
    const timer = window.setTimeout(() => setWanted(true), 2000);
    return () => window.clearTimeout(timer);
  }, [open, wanted]);
  if (!wanted) return null;
  return (
    <Suspense
      fallback={
        open ? (
          <div className="yct-chat-loading" data-testid="chat-loading">
            <span className="yct-spinner" />
            正在打开在线客服…
          </div>
        ) : null
      }
    >
      <ChatDock user={user} />
    </Suspense>
  );
}

/** The QQ links, the dedicated contact and the hot line: what the 客服 entries show an account without the in-site chat. */
export function ServiceLinks({ user }: { user: UserBase | undefined }) {
  const qqs = qqNumbers(user);
  const contact = user?.admin.find((c) => c.is_default) ?? user?.admin[0];
  const hotLine = user?.common_config.hot_line;
  return (
    <div className="yct-service-links" data-testid="service-links">
      <strong>
        <CustomerServiceOutlined /> 联系客服
      </strong>
      {qqs.map((qq, i) => (
        <a key={qq} href={qqHref(qq)} target="_blank" rel="noopener noreferrer" data-testid="service-qq">
          <QqOutlined /> QQ客服{qqs.length > 1 ? i + 1 : ''}：{qq}
        </a>
      ))}
      {contact ? (
        <span data-testid="service-contact">
          专属客服：{contact.name} {contact.phone}
        </span>
      ) : null}
      {hotLine ? (
        <span>
          <PhoneOutlined /> 客服热线：{hotLine}
        </span>
      ) : null}
      {!qqs.length && !hotLine && !contact ? <span>客服暂未开通，请稍后再试</span> : null}
    </div>
  );
}

/** The foot of the mini cart: the chat for an account that may chat, the QQ links otherwise. */
export function MiniCartService({ user, chat, unread, onChat }: { user: UserBase | undefined; chat: boolean; unread: number; onChat: () => void }) {
  if (chat)
    return (
      <button type="button" className="yct-minicart-service" onClick={onChat} data-testid="mini-cart-service">
        <CustomerServiceOutlined />
        <span>
          有疑问？<b>咨询在线客服</b>
        </span>
        {unread ? <em data-testid="mini-cart-service-unread">{unread > 99 ? '99+' : unread}条新消息</em> : null}
      </button>
    );
  const qqs = qqNumbers(user);
  return (
    <div className="yct-minicart-service is-qq" data-testid="mini-cart-service">
      <CustomerServiceOutlined />
      {qqs.length ? (
        <span>
          QQ客服：
          {qqs.map((qq, i) => (
            <a key={qq} href={qqHref(qq)} target="_blank" rel="noopener noreferrer" data-testid="mini-cart-qq">
              {i ? ' | ' : ''}
              {qq}
            </a>
          ))}
        </span>
      ) : (
        <span>客服热线：{user?.common_config.hot_line}</span>
      )}
    </div>
  );
}
