/** Returns and after-sales requests as a compact table with each row's next step; the list page and an order's detail share it. */
import { Image, Table, Tag, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import type { AdminAfterSale } from '@core/schemas/admin-orders';
import { formatTime } from '@/lib/admin/format';
import { AFTER_SALE_KIND_TEXT, AFTER_SALE_TONE, money } from '../lib/labels';
import { AfterSaleActions } from './AfterSaleActions';

export function afterSaleColumns({ withOrder }: { withOrder: boolean }): TableColumnsType<AdminAfterSale> {
  return [
    {
      title: '申请',
      key: 'kind',
      width: 150,
      render: (_, a) => (
        <>
          <Tag color={a.kind === 'return' ? 'geekblue' : 'purple'}>{AFTER_SALE_KIND_TEXT[a.kind]}</Tag>
          <span className="yct-muted" data-testid="after-sale-id">
            #{a.id}
          </span>
          <div className="yct-muted yct-admin-orders__small">{formatTime(a.created_at)}</div>
        </>
      ),
    },
    ...(withOrder
      ? ([
          {
            title: '订单 / 客户',
            key: 'order',
            width: 190,
            ellipsis: true,
            render: (_, a) => (
              <>
                <Link to={`/admin/orders/${a.order_id}`} className="yct-admin-orders__no">
                  {a.order_no}
                </Link>
                <div className="yct-muted yct-admin-orders__ellipsis">{a.buyer.company}</div>
              </>
            ),
          },
        ] satisfies TableColumnsType<AdminAfterSale>)
      : []),
    {
      title: '商品',
      key: 'lines',
      width: 170,
      render: (_, a) =>
        a.lines.length ? (
          <ul className="yct-admin-orders__lines">
            {a.lines.map((l) => (
              <li key={l.item_id}>
                {l.name}{' '}
                <span className="yct-muted">
                  ×{l.number}
                  {l.bzdw}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          '—'
        ),
    },
    {
      title: '申请原因',
      key: 'reason',
      render: (_, a) => (
        <>
          <div>{a.reason}</div>
          {a.images.length ? (
            <Image.PreviewGroup>
              <div className="yct-admin-orders__thumbs">
                {a.images.map((src) => (
                  <Image key={src} src={src} width={36} height={36} alt="凭证" />
                ))}
              </div>
            </Image.PreviewGroup>
          ) : null}
          {a.reply ? <div className="yct-muted">处理说明：{a.reply}</div> : null}
        </>
      ),
    },
    {
      title: '退款',
      key: 'money',
      width: 110,
      align: 'right',
      render: (_, a) =>
        a.refunded_at ? (
          <span className="yct-admin-orders__money">已退 {money(a.refund_amount)}</span>
        ) : a.status === 0 || a.status === 1 ? (
          <span>
            <span className="yct-muted">可退 </span>
            {money(a.refundable)}
          </span>
        ) : (
          '—'
        ),
    },
    {
      title: '状态',
      key: 'status',
      width: 100,
      render: (_, a) => (
        <>
          <Tag color={AFTER_SALE_TONE[a.status] ?? 'default'} data-testid="after-sale-status">
            {a.status_text}
          </Tag>
          {a.kind === 'return' && a.status === 1 ? <div className="yct-muted">{a.received_at ? '已收货' : '待客户寄回'}</div> : null}
        </>
      ),
    },
    { title: '操作', key: 'op', width: 130, fixed: 'right', render: (_, a) => <AfterSaleActions request={a} /> },
  ];
}

/** An order's own requests, in its detail. */
export function OrderAfterSales({ requests }: { requests: AdminAfterSale[] }) {
  return (
    <Table<AdminAfterSale>
      size="small"
      rowKey="id"
      columns={afterSaleColumns({ withOrder: false })}
      dataSource={requests}
      pagination={false}
      scroll={{ x: 800 }}
      locale={{ emptyText: '暂无退货/售后申请' }}
      data-testid="order-after-sales"
    />
  );
}
