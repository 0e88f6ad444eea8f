/**
 * /zhzx/wdxx 我的消息: the account's messages ten a page, all or unread only; opening one marks it read, and
 * 全部标为已读 marks every one. The badges of the header and toolbar follow.
 */
import '../account.css';
import { Button, Segmented } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Message } from '@core/schemas/member';
import { chinaMinute } from '@/lib/china-time';
import { EmptyState } from '@/ui/EmptyState';
import { PagedList } from '@/ui/PagedTable';
import { AccountLayout } from '@/ui/account/AccountLayout';
import { PanelLoading } from '@/ui/account/PanelStates';
import { RequireAccount } from '@/ui/account/RequireAccount';
import { useMessages, useReadMessages } from '../api/messages';

/** A goods page a message names (到货通知, 降价提醒): shown as a link to it. */
const GOODS_PATH = /(\/list\/info\/\d+)/;

/** The message's text, with the goods pages it names as links. */
function MessageText({ text }: { text: string }) {
  return text.split(GOODS_PATH).map((part, i) =>
    i % 2 ? (
      <Link key={i} to={part} className="yct-msg__link" data-testid="message-link">
        查看商品 ›
      </Link>
    ) : (
      part
    ),
  );
}

function Row({ message, open, onToggle }: { message: Message; open: boolean; onToggle: () => void }) {
  return (
    <li
      className={`yct-msg${message.is_read ? '' : ' is-unread'}${open ? ' is-open' : ''}`}
      data-testid="message-row"
      data-id={message.id}
      data-read={message.is_read}
    >
      <button type="button" className="yct-msg__head" onClick={onToggle} aria-expanded={open}>
        <span className="yct-msg__dot" aria-label={message.is_read ? '已读' : '未读'} />
        <span className="yct-msg__title">{message.title}</span>
        <span className="yct-msg__state">{message.is_read ? '已读' : '未读'}</span>
        <time className="yct-msg__time">{chinaMinute(message.created_at)}</time>
        <span className="yct-msg__arrow">{open ? '收起' : '查看'}</span>
      </button>
      {open ? (
        <div className="yct-msg__body" data-testid="message-content">
          <MessageText text={message.content} />
        </div>
      ) : null}
    </li>
  );
}

function Messages() {
  const [type, setType] = useState<'all' | 'unread'>('all');
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const list = useMessages(page, type);
  const read = useReadMessages();
  const data = list.data;

  const toggle = (m: Message) => {
    setOpenId(openId === m.id ? null : m.id);
    if (!m.is_read && !read.isPending) read.mutate({ ids: [m.id] });
  };

  return (
    <div data-testid="messages-page">
      <div className="yct-msgs__bar">
        <Segmented
          value={type}
          onChange={(v) => {
            setType(v as 'all' | 'unread');
            setPage(1);
          }}
          options={[
            { label: '全部消息', value: 'all' },
            { label: `未读消息${data ? `（${data.unread}）` : ''}`, value: 'unread' },
          ]}
          data-testid="message-filter"
        />
        <Button size="small" disabled={!data?.unread} loading={read.isPending} onClick={() => read.mutate({ all: 1 })} data-testid="message-read-all">
          全部标为已读
        </Button>
      </div>
      <PagedList<Message>
        query={list}
        loading={<PanelLoading />}
        empty={<EmptyState description={type === 'unread' ? '没有未读消息' : '暂无消息'} />}
        pager={{ className: 'yct-acct__pager', onChange: setPage, showTotal: (n) => `共 ${n} 条` }}
      >
        {(rows, refreshing) => (
          <ul className={`yct-msgs${refreshing ? ' is-refreshing' : ''}`} data-testid="message-list">
            {rows.map((m) => (
              <Row key={m.id} message={m} open={openId === m.id} onToggle={() => toggle(m)} />
            ))}
          </ul>
        )}
      </PagedList>
    </div>
  );
}

export default function MessagesPage() {
  return (
    <AccountLayout title="我的消息">
      <RequireAccount>
        <Messages />
      </RequireAccount>
    </AccountLayout>
  );
}
