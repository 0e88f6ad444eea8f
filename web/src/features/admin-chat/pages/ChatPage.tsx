/**
 * /admin/chat 在线客服 (chat:reply): the inbox on the left (mine, waiting, all, with unread counts and the last
 * message), the open conversation in the middle (history, text, pictures, canned replies, 接入 and 转接), and the
 * buyer on the right (company, contact, dedicated service contacts, latest orders). Live over the operator's socket.
 */
import { Badge, Empty, Spin, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { UPLOAD_MAX_BYTES } from '@core/constants';
import { useAdminMe } from '@/lib/admin/me';
import { LoadFailed } from '@/ui/admin/LoadFailed';
import { useConversation, type InboxQuery } from '../api/chat';
import { BuyerPanel } from '../components/BuyerPanel';
import { Conversation } from '../components/Conversation';
import { Inbox } from '../components/Inbox';
import { useConsoleChat } from '../lib/use-console-chat';
import '../admin-chat.css';

const PICTURE = /\.(jpe?g|png|gif|webp)$/i;

/** Whether the page is in view: a conversation is read only while an operator can see it. */
function useVisible() {
  const [visible, setVisible] = useState(() => document.visibilityState === 'visible');
  useEffect(() => {
    const onChange = () => setVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);
  return visible;
}

export default function ChatPage() {
  const [params, setParams] = useSearchParams();
  const openId = Number(params.get('id')) || null;
  const [query, setQuery] = useState<InboxQuery>({ scope: 'mine', keyword: '', page: 1 });
  const me = useAdminMe().data?.operator;
  const detail = useConversation(openId);
  const chat = useConsoleChat(openId);
  const visible = useVisible();

  const unread = detail.data?.conversation.unread ?? 0;
  const { read } = chat;
  useEffect(() => {
    if (openId && unread && visible) read(openId);
  }, [openId, unread, visible, read]);

  const select = (id: number) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      next.set('id', String(id));
      return next;
    });

  const picture = (file: File) => {
    if (!openId) return;
    if (!PICTURE.test(file.name)) chat.setNotice('仅支持 JPG、PNG、GIF、WEBP 图片');
    else if (file.size > UPLOAD_MAX_BYTES) chat.setNotice('图片不能超过10MB');
    else chat.sendPicture(openId, file);
  };

  let middle;
  let right = null;
  if (!openId)
    middle = (
      <div className="yct-achat-conv yct-achat__center">
        <Empty description="请从左侧选择一个会话" />
      </div>
    );
  else if (detail.isPending)
    middle = (
      <div className="yct-achat-conv yct-achat__center">
        <Spin />
      </div>
    );
  else if (detail.isError)
    middle = (
      <div className="yct-achat-conv yct-achat__center">
        <LoadFailed error={detail.error} onRetry={() => void detail.refetch()} retrying={detail.isFetching} />
      </div>
    );
  else {
    const d = detail.data;
    middle = (
      <Conversation
        detail={d}
        me={me}
        thread={chat.thread}
        loadFailed={chat.loadFailed}
        onRetryLoad={chat.retryLoad}
        loadingOlder={chat.loadingOlder}
        onLoadOlder={() => void chat.loadOlder(d.conversation.id)}
        onSend={(text) => chat.send(d.conversation.id, 'text', text, text)}
        onPicture={picture}
        onRetry={(p) => chat.retry(d.conversation.id, p)}
        notice={chat.notice}
        onCloseNotice={() => chat.setNotice(null)}
      />
    );
    right = <BuyerPanel detail={d} onSendOrder={(o) => chat.send(d.conversation.id, 'order', String(o.id), `[订单] ${o.order_no}`)} />;
  }

  return (
    <div className="yct-achat" data-testid="chat-page">
      <div className="yct-achat__bar">
        <h2>在线客服</h2>
        <span data-testid="chat-link" data-link={chat.link}>
          {chat.link === 'open' ? (
            <Badge status="success" text="已连接，新消息实时送达" />
          ) : chat.link === 'ended' ? (
            <Badge status="error" text="登录已失效，请重新登录" />
          ) : (
            <Badge status="processing" text={chat.link === 'retrying' ? '连接中断，正在重新连接…' : '正在连接…'} />
          )}
        </span>
        <span className="yct-achat__muted">
          在线客服 <Tag data-testid="chat-online-count">{chat.online.length} 人</Tag>
        </span>
      </div>
      <div className="yct-achat__grid">
        <Inbox query={query} onQuery={setQuery} selected={openId} onSelect={select} />
        {middle}
        {right ?? <aside className="yct-achat-buyer is-empty" />}
      </div>
    </div>
  );
}
