/**
 * /hmdd (/order/hmdd) 含麻订单: the orders with goods containing ephedrine and their signed receipts (待上传 or the
 * picture), an upload per order, and the rule that governs them. The server refuses a receipt before the order
 * is paid and shipped; the HTTP client shows its message.
 */
import '../orders.css';
import { Alert, Image, Pagination, Table, type TableColumnsType } from 'antd';
import type { HTMLAttributes } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { EphedrineOrder } from '@core/schemas/trade';
import { EmptyState } from '@/ui/EmptyState';
import { ErrorState } from '@/ui/ErrorState';
import { AccountLayout } from '@/ui/account/AccountLayout';
import { Loading, RequireMember } from '@/ui/account/RequireMember';
import { useEphedrineOrders } from '../api/get-ephedrine-orders';
import { ReceiptUpload } from '../components/ReceiptUpload';
import { EPHEDRINE_NOTICE, formatTime, money, payPath, statusTone } from '../lib/orders';

function List() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const raw = Number(search.get('page'));
  const page = Number.isInteger(raw) && raw > 1 ? raw : 1;
  const list = useEphedrineOrders(page);

  const columns: TableColumnsType<EphedrineOrder> = [
    {
      title: '订单信息',
      key: 'order',
      render: (_, o) => (
        <div className="yct-ord-hm__order">
          <Link to={`/order/info/${o.id}`} className="yct-ord-link" data-testid="hmdd-order-no">
            {o.order_no}
          </Link>
          <span className="yct-muted">{formatTime(o.created_at)}</span>
          <p className="yct-ord-hm__goods" title={o.items.map((i) => i.name).join('、')}>
            {o.items
              .slice(0, 2)
              .map((i) => `${i.name} ×${i.number}${i.bzdw}`)
              .join('、')}
            {o.item_count > 2 ? ` 等${o.item_count}种` : ''}
          </p>
        </div>
      ),
    },
    { title: '实付金额', key: 'amount', width: 110, align: 'right', render: (_, o) => <b className="yct-ord-red">{money(o.pay_amount)}</b> },
    {
      title: '订单状态',
      key: 'status',
      width: 100,
      align: 'center',
      render: (_, o) => (
        <b className={`yct-ord-status is-${statusTone(o)}`} data-testid="hmdd-status">
          {o.status_text}
        </b>
      ),
    },
    {
      title: '签收单',
      key: 'receipt',
      width: 120,
      align: 'center',
      render: (_, o) =>
        o.receipt_image ? (
          <div className="yct-ord-hm__receipt" data-testid="hmdd-receipt" data-state="uploaded">
            <Image src={o.receipt_image} width={56} height={56} alt="签收单" />
            <span className="yct-ord-tag yct-ord-tag--ok">已上传</span>
          </div>
        ) : (
          <span className="yct-ord-tag yct-ord-tag--wait" data-testid="hmdd-receipt" data-state="waiting">
            {o.status === 4 ? '无需上传' : '待上传'}
          </span>
        ),
    },
    {
      title: '操作',
      key: 'op',
      width: 150,
      align: 'center',
      render: (_, o) => (
        <div className="yct-ord-hm__ops">
          {o.status === 4 ? null : <ReceiptUpload orderId={o.id} again={Boolean(o.receipt_image)} />}
          {o.actions.pay ? (
            <Link to={payPath(o)} className="yct-ord-link">
              去支付
            </Link>
          ) : null}
          <Link to={`/order/info/${o.id}`} className="yct-ord-link">
            查看详情
          </Link>
        </div>
      ),
    },
  ];

  if (list.isPending) return <Loading />;
  if (list.isError && !list.data) return <ErrorState onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  const data = list.data!;
  if (!data.data.length)
    return (
      <EmptyState description="暂无含麻订单">
        <Link to="/order" className="yct-btn">
          我的订单
        </Link>
      </EmptyState>
    );
  return (
    <>
      <Table<EphedrineOrder>
        className={`yct-ord-table${list.isPlaceholderData ? ' is-refreshing' : ''}`}
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={data.data}
        pagination={false}
        onRow={(o) => ({ 'data-testid': 'hmdd-row', 'data-id': o.id }) as HTMLAttributes<HTMLElement>}
      />
      {data.last_page > 1 ? (
        <div className="yct-ord-pager">
          <Pagination
            current={data.current_page}
            pageSize={data.per_page}
            total={data.total}
            showSizeChanger={false}
            onChange={(p) => void navigate(p > 1 ? `?page=${p}` : '?')}
          />
        </div>
      ) : null}
    </>
  );
}

export default function EphedrineOrdersPage() {
  return (
    <AccountLayout
      title="含麻订单"
      extra={
        <Link to="/order" className="yct-ord-titlelink">
          ‹ 全部订单
        </Link>
      }
    >
      <RequireMember>
        <div data-testid="hmdd-page">
          <Alert
            type="warning"
            showIcon
            className="yct-ord-notice"
            data-testid="hmdd-notice"
            title={`${EPHEDRINE_NOTICE}。`}
            description="按含麻黄碱类复方制剂管理规定，此类商品单独成单、仅支持对公转账；签收单须由收货单位负责人签字并加盖公章，平台审核后归档。"
          />
          <List />
        </div>
      </RequireMember>
    </AccountLayout>
  );
}
