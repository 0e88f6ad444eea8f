/** The right column of 在线客服: who the buyer is, their dedicated service contacts and latest orders (each can be sent as a card). */
import { Button, Descriptions, Empty, Tag } from 'antd';
import { Link } from 'react-router';
import type { AdminChatDetail, AdminChatOrder } from '@core/schemas/chat';
import { formatTime } from '@/lib/admin/format';
import { money } from '@/lib/money';

const PASSED_COLOURS: Record<number, string> = { 0: 'orange', 1: 'green', 2: 'red' };

export function BuyerPanel({ detail, onSendOrder }: { detail: AdminChatDetail; onSendOrder: (o: AdminChatOrder) => void }) {
  const b = detail.buyer;
  return (
    <aside className="yct-achat-buyer" data-testid="chat-buyer">
      <section>
        <h3>
          客户信息
          <Link to={`/admin/users/${b.id}`}>客户详情</Link>
        </h3>
        <Descriptions
          size="small"
          column={1}
          colon={false}
          items={[
            { key: 'company', label: '单位名称', children: <strong data-testid="chat-buyer-company">{b.company || '—'}</strong> },
            { key: 'type', label: '客户类型', children: b.company_type || '—' },
            { key: 'user', label: '用户名', children: b.username },
            { key: 'name', label: '联系人', children: b.name || '—' },
            { key: 'phone', label: '联系电话', children: b.contact_phone || b.phone || '—' },
            { key: 'region', label: '所在地区', children: [b.region, b.address].filter(Boolean).join(' ') || '—' },
            {
              key: 'passed',
              label: '资质状态',
              children: <Tag color={PASSED_COLOURS[b.is_passed] ?? 'default'}>{b.is_passed_text}</Tag>,
            },
            { key: 'rank', label: '会员等级', children: b.rank || '—' },
          ]}
        />
      </section>
      <section>
        <h3>专属客服</h3>
        {b.contacts.length ? (
          <ul className="yct-achat-buyer__contacts" data-testid="chat-buyer-contacts">
            {b.contacts.map((c) => (
              <li key={`${c.name}-${c.phone}`}>
                <span>{c.name}</span>
                <span>{c.phone}</span>
                {c.is_default ? <Tag color="blue">默认</Tag> : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="yct-achat__muted">未分配专属客服</p>
        )}
      </section>
      <section>
        <h3>
          最近订单
          <Link to={`/admin/orders?user_id=${b.id}`}>全部订单</Link>
        </h3>
        {detail.orders.length ? (
          <ul className="yct-achat-buyer__orders" data-testid="chat-buyer-orders">
            {detail.orders.map((o) => (
              <li key={o.id}>
                <div className="yct-achat-buyer__order-line">
                  <Link to={`/admin/orders/${o.id}`}>{o.order_no}</Link>
                  <Tag>{o.status_text}</Tag>
                </div>
                <div className="yct-achat-buyer__order-line yct-achat__muted">
                  <span>
                    {formatTime(o.created_at).slice(0, 16)} · {o.item_count}种
                  </span>
                  <span className="yct-achat-buyer__amount">{money(o.pay_amount)}</span>
                </div>
                <Button size="small" type="link" className="yct-achat-buyer__send" onClick={() => onSendOrder(o)} data-testid="chat-send-order">
                  发送订单卡片
                </Button>
              </li>
            ))}
          </ul>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无订单" />
        )}
      </section>
    </aside>
  );
}
