/**
 * The in-site chat window (在线客服) of a buyer with `is_can_chat`: docked at the bottom right beside the toolbar,
 * with the dedicated service contact's name and phone, whether the service is connected, the messages, and an
 * input that sends on Enter, takes pictures (button or paste), and offers the goods or order of the page as a card.
 * Loaded after the page has painted; it keeps the socket for the visit so the toolbar's badge stays current.
 */
import '../chat.css';
import { CloseOutlined, CustomerServiceOutlined, LoadingOutlined, PictureOutlined, PhoneOutlined } from '@ant-design/icons';
import { useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { matchPath, useLocation } from 'react-router';
import { UPLOAD_MAX_BYTES } from '@core/constants';
import { CHAT_TEXT_MAX, CHAT_TOO_LONG, type ChatState } from '@core/schemas/chat';
import type { UserBase } from '@core/schemas/user';
import type { ChatLink } from '@/lib/chat/socket';
import { money } from '@/lib/money';
import { ChatMessageList } from '@/ui/chat/ChatMessageList';
import { ErrorState } from '@/ui/ErrorState';
import { useContextGoods, useContextOrder } from '../api/get-chat-context';
import { setChatOpen, useChatOpen } from '../lib/dock';
import { useBuyerChat } from '../lib/use-buyer-chat';

const PICTURE_ACCEPT = '.jpg,.jpeg,.png,.gif,.webp,image/jpeg,image/png,image/gif,image/webp';
const PICTURE_NAME = /\.(jpe?g|png|gif|webp)$/i;

function pictureProblem(file: File): string | null {
  if (!PICTURE_NAME.test(file.name) && !/^image\/(jpeg|png|gif|webp)$/.test(file.type)) return '仅支持 JPG、PNG、GIF、WEBP 图片';
  if (file.size > UPLOAD_MAX_BYTES) return '图片不能超过10MB';
  return null;
}

/** The goods or order of the page the buyer is on, when it is one. */
function usePageSubject(): { goods: number; order: number } {
  const { pathname } = useLocation();
  const goods = matchPath('/list/info/:id', pathname) ?? matchPath('/list_info/:id', pathname);
  const order = matchPath('/order/info/:id', pathname);
  const n = (v: string | undefined) => (v && /^\d{1,10}$/.test(v) ? Number(v) : 0);
  return { goods: n(goods?.params.id), order: n(order?.params.id) };
}

function PageSubject({ onSend }: { onSend: (kind: 'goods' | 'order', id: number, preview: string) => void }) {
  const subject = usePageSubject();
  const goods = useContextGoods(subject.goods);
  const order = useContextOrder(subject.order);
  const [sent, setSent] = useState<string | null>(null);
  const key = subject.goods ? `g${subject.goods}` : subject.order ? `o${subject.order}` : '';
  if (!key || sent === key) return null;
  if (subject.goods && goods.data) {
    const g = goods.data;
    return (
      <div className="yct-chat__subject" data-testid="chat-subject">
        <img src={g.goods_image[0]} alt={g.name} width={40} height={40} />
        <div className="yct-chat__subject-body">
          <strong title={g.name}>{g.name}</strong>
          <span>
            {g.ypgg}
            {g.base_price !== null ? <em>{money(g.base_price)}</em> : null}
          </span>
        </div>
        <button
          type="button"
          onClick={() => {
            onSend('goods', g.id, `[商品] ${g.name}`);
            setSent(key);
          }}
          data-testid="chat-send-goods"
        >
          发送商品
        </button>
      </div>
    );
  }
  if (subject.order && order.data) {
    const o = order.data;
    return (
      <div className="yct-chat__subject" data-testid="chat-subject">
        <div className="yct-chat__subject-body">
          <strong>订单号：{o.order_no}</strong>
          <span>
            {o.status_text} · 实付 <em>{money(o.pay_amount)}</em>
          </span>
        </div>
        <button
          type="button"
          onClick={() => {
            onSend('order', o.id, `[订单] ${o.order_no}`);
            setSent(key);
          }}
          data-testid="chat-send-order"
        >
          发送订单
        </button>
      </div>
    );
  }
  return null;
}

/** Who answers: the dedicated service contact, else the hot line, else the service centre. */
function Contact({ user }: { user: UserBase }) {
  const contact = user.admin.find((c) => c.is_default) ?? user.admin[0];
  if (contact)
    return (
      <>
        专属客服：{contact.name}
        {contact.phone ? (
          <>
            <PhoneOutlined /> {contact.phone}
          </>
        ) : null}
      </>
    );
  if (user.common_config.hot_line)
    return (
      <>
        客服热线：
        <PhoneOutlined /> {user.common_config.hot_line}
      </>
    );
  return <>药采通客服中心</>;
}

/** The line under the title: the connection's trouble, else whether the service is there and who answers. */
function LinkBanner({ link, state }: { link: ChatLink; state: ChatState | undefined }) {
  if (link === 'ended')
    return (
      <div className="yct-chat__banner is-error" data-testid="chat-link">
        登录已失效，请刷新页面后重新登录
      </div>
    );
  if (link === 'retrying')
    return (
      <div className="yct-chat__banner" data-testid="chat-link">
        <LoadingOutlined /> 连接已断开，正在重新连接…
      </div>
    );
  if (state && !state.online)
    return (
      <div className="yct-chat__banner is-quiet" data-testid="chat-offline">
        客服暂时不在线，您可以先留言，客服上线后将第一时间回复您
      </div>
    );
  const answering = state?.operator?.name;
  return answering ? <div className="yct-chat__banner is-quiet">客服{answering}正在为您服务</div> : null;
}

type Chat = ReturnType<typeof useBuyerChat>;

/** The messages, or the first page on its way, or why it did not come. */
function Messages({ chat }: { chat: Chat }) {
  if (!chat.thread.loaded && chat.loadFailed) return <ErrorState message="消息加载失败" onRetry={() => void chat.retryLoad()} className="yct-chat__state" />;
  if (!chat.thread.loaded)
    return (
      <div className="yct-loading yct-chat__state" data-testid="chat-loading">
        <span className="yct-spinner" />
        正在加载消息…
      </div>
    );
  return (
    <ChatMessageList
      data-testid="chat-messages"
      thread={chat.thread}
      me="user"
      onLoadOlder={() => void chat.loadOlder()}
      loadingOlder={chat.loadingOlder}
      goodsHref={(id) => `/list/info/${id}`}
      orderHref={(id) => `/order/info/${id}`}
      onRetry={chat.retry}
      unreadByOther={chat.state?.operator_unread ?? 0}
      beginning="以上是全部聊天记录"
      empty={
        <div className="yct-chat__welcome" data-testid="chat-welcome">
          <CustomerServiceOutlined />
          <p>您好，欢迎咨询药采通在线客服！</p>
          <p>商品、价格、订单、物流、资质等问题都可以在这里留言，客服会尽快回复您。</p>
        </div>
      }
    />
  );
}

/** The input: sends on Enter, takes pictures from the button or a paste. The draft outlives closing the window. */
function Composer({ chat, text, setText, hotLine }: { chat: Chat; text: string; setText: (text: string) => void; hotLine: string }) {
  const picker = useRef<HTMLInputElement>(null);
  const length = [...text.trim()].length;
  const tooLong = length > CHAT_TEXT_MAX;
  const submit = () => {
    const value = text.trim();
    if (!value) return;
    if (tooLong) {
      chat.setNotice(CHAT_TOO_LONG);
      return;
    }
    chat.send('text', value, value);
    setText('');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  };
  const takePicture = (file: File | undefined) => {
    if (!file) return;
    const problem = pictureProblem(file);
    if (problem) chat.setNotice(problem);
    else chat.sendPicture(file);
  };
  const onPaste = (e: ClipboardEvent<HTMLTextAreaElement>) => {
    const file = [...e.clipboardData.files].find((f) => f.type.startsWith('image/'));
    if (!file) return;
    e.preventDefault();
    takePicture(file);
  };

  return (
    <footer className="yct-chat__foot">
      <div className="yct-chat__tools">
        <button type="button" className="yct-chat__tool" onClick={() => picker.current?.click()} title="发送图片" data-testid="chat-picture-button">
          <PictureOutlined /> 图片
        </button>
        <input
          ref={picker}
          type="file"
          accept={PICTURE_ACCEPT}
          hidden
          data-testid="chat-picture-input"
          onChange={(e) => {
            takePicture(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        {hotLine ? <span className="yct-chat__hotline">热线 {hotLine}</span> : null}
      </div>
      <textarea
        className="yct-chat__input"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
        placeholder="请输入您要咨询的问题"
        aria-label="输入消息"
        rows={3}
        data-testid="chat-input"
      />
      <div className="yct-chat__send-row">
        <span className={`yct-chat__count${tooLong ? ' is-over' : ''}`}>
          <span className="yct-chat__hint">Enter 发送，Shift+Enter 换行</span>
          {length}/{CHAT_TEXT_MAX}
        </span>
        <button type="button" className="yct-chat__send" disabled={!length || tooLong} onClick={submit} data-testid="chat-send">
          发送
        </button>
      </div>
    </footer>
  );
}

export default function ChatDock({ user }: { user: UserBase }) {
  const open = useChatOpen();
  const chat = useBuyerChat(user.id, open);
  const [text, setText] = useState('');
  if (!open) return null;

  const state = chat.state;
  return createPortal(
    <section className="yct-chat" role="dialog" aria-label="在线客服" data-testid="chat-window">
      <header className="yct-chat__head">
        <CustomerServiceOutlined className="yct-chat__logo" />
        <div className="yct-chat__title">
          <strong>
            在线客服
            <span className={`yct-chat__dot${state?.online ? ' is-online' : ''}`} data-testid="chat-online">
              {state?.online ? '客服在线' : '客服离线'}
            </span>
          </strong>
          <span className="yct-chat__contact" data-testid="chat-contact">
            <Contact user={user} />
          </span>
        </div>
        <button type="button" className="yct-chat__icon" aria-label="关闭在线客服" onClick={() => setChatOpen(false)} data-testid="chat-close">
          <CloseOutlined />
        </button>
      </header>
      <LinkBanner link={chat.link} state={state} />
      <div className="yct-chat__body">
        <Messages chat={chat} />
      </div>
      <PageSubject onSend={(kind, id, preview) => chat.send(kind, String(id), preview)} />
      {chat.notice ? (
        <div className="yct-chat__notice" role="alert" data-testid="chat-notice">
          {chat.notice}
          <button type="button" aria-label="关闭提示" onClick={() => chat.setNotice(null)}>
            <CloseOutlined />
          </button>
        </div>
      ) : null}
      <Composer chat={chat} text={text} setText={setText} hotLine={user.common_config.hot_line} />
    </section>,
    document.body,
  );
}
