/** The left column of 在线客服: my conversations, the ones waiting for an operator, or all; newest activity first. */
import { Badge, Button, Empty, Input, Segmented, Spin } from 'antd';
import type { AdminChatConversation, ChatScope } from '@core/schemas/chat';
import { shortTime } from '@/lib/chat/time';
import { LoadFailed } from '@/ui/admin/LoadFailed';
import { useInbox, type InboxQuery } from '../api/chat';

type Props = {
  query: InboxQuery;
  onQuery: (q: InboxQuery) => void;
  selected: number | null;
  onSelect: (id: number) => void;
};

function Row({ c, selected, onSelect, showOperator }: { c: AdminChatConversation; selected: boolean; onSelect: () => void; showOperator: boolean }) {
  const last = c.last_message;
  const preview = last ? `${last.sender === 'operator' ? '[客服] ' : ''}${last.preview}` : '暂无消息';
  return (
    <li>
      <button
        type="button"
        className={`yct-achat-inbox__row${selected ? ' is-selected' : ''}`}
        onClick={onSelect}
        data-testid="chat-inbox-row"
        data-id={c.id}
        data-unread={c.unread}
      >
        <Badge count={c.unread} size="small" overflowCount={99}>
          <span className="yct-achat-inbox__avatar">{(c.user.company || c.user.username).slice(0, 1)}</span>
        </Badge>
        <span className="yct-achat-inbox__main">
          <span className="yct-achat-inbox__line">
            <strong title={c.user.company}>{c.user.company || c.user.username}</strong>
            <time>{last ? shortTime(last.created_at) : shortTime(c.updated_at)}</time>
          </span>
          <span className="yct-achat-inbox__line">
            <span className="yct-achat-inbox__preview" title={preview} data-testid="chat-inbox-preview">
              {preview}
            </span>
            {showOperator ? <span className="yct-achat-inbox__who">{c.operator ? c.operator.name : '待接入'}</span> : null}
          </span>
        </span>
      </button>
    </li>
  );
}

export function Inbox({ query, onQuery, selected, onSelect }: Props) {
  const inbox = useInbox(query);
  const counts = inbox.data?.counts;
  const label = (text: string, n: number | undefined, unread: number | undefined) => (
    <span>
      {text}
      {n !== undefined ? <span className="yct-achat-inbox__count">{n}</span> : null}
      {unread ? <Badge status="error" className="yct-achat-inbox__dot" /> : null}
    </span>
  );
  let body;
  if (inbox.isPending)
    body = (
      <div className="yct-achat__center">
        <Spin />
      </div>
    );
  else if (inbox.isError) body = <LoadFailed error={inbox.error} onRetry={() => void inbox.refetch()} retrying={inbox.isFetching} />;
  else if (!inbox.data.data.length)
    body = (
      <Empty
        className="yct-achat__empty"
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={query.keyword ? '没有找到相关会话' : query.scope === 'waiting' ? '暂无待接入的会话' : '暂无会话'}
      />
    );
  else
    body = (
      <>
        <ul className="yct-achat-inbox__list" data-testid="chat-inbox-list">
          {inbox.data.data.map((c) => (
            <Row key={c.id} c={c} selected={c.id === selected} onSelect={() => onSelect(c.id)} showOperator={query.scope === 'all'} />
          ))}
        </ul>
        {inbox.data.last_page > 1 ? (
          <div className="yct-achat-inbox__pager">
            <Button size="small" disabled={query.page <= 1} onClick={() => onQuery({ ...query, page: query.page - 1 })}>
              上一页
            </Button>
            <span>
              {query.page} / {inbox.data.last_page}
            </span>
            <Button size="small" disabled={query.page >= inbox.data.last_page} onClick={() => onQuery({ ...query, page: query.page + 1 })}>
              下一页
            </Button>
          </div>
        ) : null}
      </>
    );
  return (
    <aside className="yct-achat-inbox" data-testid="chat-inbox">
      <div className="yct-achat-inbox__head">
        <Segmented<ChatScope>
          block
          size="small"
          value={query.scope}
          onChange={(scope) => onQuery({ ...query, scope, page: 1 })}
          data-testid="chat-scope"
          options={[
            { value: 'mine', label: label('我的', counts?.mine, counts?.unread_mine) },
            { value: 'waiting', label: label('待接入', counts?.waiting, counts?.unread_waiting) },
            { value: 'all', label: label('全部', counts?.all, 0) },
          ]}
        />
        <Input.Search
          size="small"
          allowClear
          placeholder="客户名称、用户名或手机号"
          onSearch={(keyword) => onQuery({ ...query, keyword: keyword.trim(), page: 1 })}
          data-testid="chat-search"
        />
      </div>
      <div className="yct-achat-inbox__body">{body}</div>
    </aside>
  );
}
