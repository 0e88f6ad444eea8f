/**
 * The messages of a conversation, as the buyer's chat window and the console both show them: a line for each day,
 * the sender and time over each bubble, text, pictures, goods cards (picture, name, spec, maker, price) and order
 * cards (number, goods, amount, state). Own messages on the right, with 发送中 / 发送失败 (重发) while being sent.
 * Scrolling to the top loads older messages and keeps the place; new messages scroll into view when the reader is
 * at the bottom.
 */
import './chat-messages.css';
import { Fragment, useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import type { ChatCard, ChatMessage } from '@core/schemas/chat';
import { clockText, dayKey, dayLabel } from '@/lib/chat/time';
import type { Pending, Thread } from '@/lib/chat/thread';
import { money } from '@/lib/money';

type Props = {
  thread: Thread;
  /** Whose messages are one's own (on the right). */
  me: 'user' | 'operator';
  onLoadOlder: () => void;
  loadingOlder: boolean;
  goodsHref: (id: number) => string;
  orderHref: (id: number) => string;
  onRetry: (p: Pending) => void;
  /** The last this many of one's own messages are unread by the other side (未读); the rest show 已读. Undefined: no marks. */
  unreadByOther?: number;
  /** Shown instead of the list while there is no message at all. */
  empty?: ReactNode;
  /** Shown at the top once the whole history is there. */
  beginning?: ReactNode;
  'data-testid'?: string;
};

const NEAR_BOTTOM_PX = 80;
const NEAR_TOP_PX = 40;

function CardView({ card, href }: { card: ChatCard; href: string }) {
  if (card.type === 'goods')
    return (
      <a className="yct-chatmsg__card yct-chatmsg__card--goods" href={href} target="_blank" rel="noopener noreferrer" data-testid="chat-goods-card">
        {card.image ? <img src={card.image} alt={card.name} width={64} height={64} loading="lazy" /> : <span className="yct-chatmsg__noimg">暂无图片</span>}
        <span className="yct-chatmsg__card-body">
          <strong title={card.name}>{card.name}</strong>
          <span>{card.ypgg}</span>
          <span className="yct-chatmsg__muted" title={card.sccj}>
            {card.sccj}
          </span>
          {card.price !== null ? <em>{money(card.price)}</em> : <span className="yct-chatmsg__tip">{card.price_tip || '价格登录可见'}</span>}
        </span>
      </a>
    );
  return (
    <a className="yct-chatmsg__card yct-chatmsg__card--order" href={href} target="_blank" rel="noopener noreferrer" data-testid="chat-order-card">
      <span className="yct-chatmsg__order-head">
        <span>订单号：{card.order_no}</span>
        <span className="yct-chatmsg__state">{card.status_text}</span>
      </span>
      <span className="yct-chatmsg__order-goods" title={card.goods}>
        {card.goods}
      </span>
      <span className="yct-chatmsg__order-foot">
        <span>共 {card.item_count} 种商品</span>
        <span>
          实付 <em>{money(card.pay_amount)}</em>
        </span>
      </span>
    </a>
  );
}

function Body({ m, goodsHref, orderHref, onImage }: { m: ChatMessage; goodsHref: Props['goodsHref']; orderHref: Props['orderHref']; onImage: () => void }) {
  if (m.kind === 'image')
    return (
      <a href={m.content} target="_blank" rel="noopener noreferrer" className="yct-chatmsg__picture">
        <img src={m.content} alt="图片" onLoad={onImage} data-testid="chat-picture" />
      </a>
    );
  if (m.card) return <CardView card={m.card} href={m.card.type === 'goods' ? goodsHref(m.card.id) : orderHref(m.card.id)} />;
  if (m.kind === 'goods' || m.kind === 'order') return <div className="yct-chatmsg__bubble">{m.kind === 'goods' ? '[商品]' : '[订单]'}</div>;
  return (
    <div className="yct-chatmsg__bubble" data-testid="chat-text">
      {m.content}
    </div>
  );
}

/** Keeps the reader's place: at the bottom as messages come, and where it was as older ones are put on top. */
function useScrollPlace(thread: Thread, loadingOlder: boolean, onLoadOlder: () => void) {
  const box = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  /** The scroll height before older messages were put on top, to keep the reader's place. */
  const heightBeforeOlder = useRef<number | null>(null);
  const firstId = thread.messages[0]?.id ?? 0;
  const lastKey = `${thread.messages[thread.messages.length - 1]?.id ?? 0}:${thread.pending.length}`;

  const toBottom = () => {
    const el = box.current;
    if (el) el.scrollTop = el.scrollHeight;
  };

  useLayoutEffect(() => {
    const el = box.current;
    if (!el || heightBeforeOlder.current === null) return;
    el.scrollTop += el.scrollHeight - heightBeforeOlder.current;
    heightBeforeOlder.current = null;
  }, [firstId]);

  useLayoutEffect(() => {
    if (atBottom.current) toBottom();
  }, [lastKey, thread.loaded]);

  // A message of one's own always comes into view.
  const pendingCount = thread.pending.length;
  useEffect(() => {
    if (pendingCount) {
      atBottom.current = true;
      toBottom();
    }
  }, [pendingCount]);

  const onScroll = () => {
    const el = box.current;
    if (!el) return;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX;
    if (el.scrollTop < NEAR_TOP_PX && thread.hasMore && !loadingOlder) {
      heightBeforeOlder.current = el.scrollHeight;
      onLoadOlder();
    }
  };

  const onImage = () => {
    if (atBottom.current) toBottom();
  };

  const loadOlder = () => {
    heightBeforeOlder.current = box.current?.scrollHeight ?? null;
    onLoadOlder();
  };

  return { box, onScroll, onImage, loadOlder };
}

type RowProps = Pick<Props, 'me' | 'goodsHref' | 'orderHref'> & {
  m: ChatMessage;
  /** Undefined: no read marks. */
  unread: boolean | undefined;
  onImage: () => void;
};

function MessageRow({ m, me, goodsHref, orderHref, unread, onImage }: RowProps) {
  if (m.sender === 'system')
    return (
      <div className="yct-chatmsg__system" data-testid="chat-system">
        <span>{m.content}</span>
      </div>
    );
  const own = m.sender === me;
  return (
    <div className={`yct-chatmsg__row${own ? ' is-own' : ''}`} data-testid="chat-message" data-sender={m.sender} data-id={m.id}>
      <div className="yct-chatmsg__avatar" aria-hidden="true">
        {m.sender === 'operator' ? '客' : (m.sender_name || '我').slice(0, 1)}
      </div>
      <div className="yct-chatmsg__main">
        <div className="yct-chatmsg__meta">
          <span className="yct-chatmsg__name">{m.sender_name}</span>
          <time>{clockText(m.created_at)}</time>
        </div>
        <Body m={m} goodsHref={goodsHref} orderHref={orderHref} onImage={onImage} />
        {own && unread !== undefined ? (
          <span className={`yct-chatmsg__read${unread ? ' is-unread' : ''}`} data-testid="chat-read-mark">
            {unread ? '未读' : '已读'}
          </span>
        ) : null}
      </div>
    </div>
  );
}

function PendingRow({ p, onImage, onRetry }: { p: Pending; onImage: () => void; onRetry: (p: Pending) => void }) {
  return (
    <div className="yct-chatmsg__row is-own is-pending" data-testid="chat-pending" data-status={p.status}>
      <div className="yct-chatmsg__avatar" aria-hidden="true">
        我
      </div>
      <div className="yct-chatmsg__main">
        {p.kind === 'image' ? (
          <span className="yct-chatmsg__picture">
            <img src={p.preview} alt="图片" onLoad={onImage} />
          </span>
        ) : (
          <div className="yct-chatmsg__bubble">{p.preview}</div>
        )}
        {p.status === 'sending' ? (
          <span className="yct-chatmsg__read">发送中…</span>
        ) : (
          <span className="yct-chatmsg__failed" data-testid="chat-failed">
            {p.error || '发送失败'}
            <button type="button" onClick={() => onRetry(p)} data-testid="chat-retry">
              重发
            </button>
          </span>
        )}
      </div>
    </div>
  );
}

/** Which of one's own messages the other side has not read yet: the last `unreadByOther` of them. */
function unreadIdsOf(messages: ChatMessage[], me: Props['me'], unreadByOther: number | undefined) {
  const ids = new Set<number>();
  if (unreadByOther) for (const m of messages.filter((x) => x.sender === me).slice(-unreadByOther)) ids.add(m.id);
  return ids;
}

export function ChatMessageList({ thread, me, onLoadOlder, loadingOlder, goodsHref, orderHref, onRetry, unreadByOther, empty, beginning, ...rest }: Props) {
  const { box, onScroll, onImage, loadOlder } = useScrollPlace(thread, loadingOlder, onLoadOlder);
  const unreadIds = unreadIdsOf(thread.messages, me, unreadByOther);

  let day = '';
  const daySep = (at: number) => {
    const key = dayKey(at);
    if (key === day) return null;
    day = key;
    return (
      <div className="yct-chatmsg__day" data-testid="chat-day">
        <span>{dayLabel(at)}</span>
      </div>
    );
  };

  const nothing = thread.loaded && !thread.messages.length && !thread.pending.length;
  return (
    <div className="yct-chatmsg" ref={box} onScroll={onScroll} data-testid={rest['data-testid']}>
      {thread.hasMore ? (
        <div className="yct-chatmsg__older">
          {loadingOlder ? (
            <span>正在加载更早的消息…</span>
          ) : (
            <button type="button" onClick={loadOlder} data-testid="chat-older">
              查看更早的消息
            </button>
          )}
        </div>
      ) : thread.loaded && thread.messages.length ? (
        <div className="yct-chatmsg__older yct-chatmsg__muted">{beginning ?? '没有更早的消息了'}</div>
      ) : null}
      {nothing ? empty : null}
      {thread.messages.map((m) => (
        <Fragment key={m.id}>
          {daySep(m.created_at)}
          <MessageRow
            m={m}
            me={me}
            goodsHref={goodsHref}
            orderHref={orderHref}
            unread={unreadByOther === undefined ? undefined : unreadIds.has(m.id)}
            onImage={onImage}
          />
        </Fragment>
      ))}
      {thread.pending.map((p) => (
        <PendingRow key={p.client_id} p={p} onImage={onImage} onRetry={onRetry} />
      ))}
    </div>
  );
}
