/**
 * /order 我的订单: status tabs with their counts, a search by order number or goods name, the orders as cards
 * with their actions, ten a page. Tab, page and keywords live in the URL (?status=&page=&keywords=).
 */
import '../orders.css';
import { Input, Pagination } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { OrderCounts } from '@core/schemas/trade';
import { EmptyState } from '@/ui/EmptyState';
import { ErrorState } from '@/ui/ErrorState';
import { AccountLayout } from '@/ui/account/AccountLayout';
import { Loading, RequireMember } from '@/ui/account/RequireMember';
import { useOrders } from '../api/get-orders';
import { OrderCard } from '../components/OrderCard';
import { listSearch, ORDER_TABS, readListParams, type ListParams } from '../lib/orders';

function Tabs({ params, counts }: { params: ListParams; counts: OrderCounts | undefined }) {
  return (
    <nav className="yct-ord-tabs" aria-label="订单状态" data-testid="order-tabs">
      {ORDER_TABS.map((tab) => {
        const active = params.status === tab.status;
        const count = counts ? (tab.status === undefined ? counts.all : counts[tab.status]) : undefined;
        return (
          <Link
            key={tab.key}
            to={`/order${listSearch({ status: tab.status, keywords: params.keywords })}`}
            className={`yct-ord-tabs__tab${active ? ' is-active' : ''}`}
            aria-current={active ? 'page' : undefined}
            data-testid="order-tab"
            data-key={tab.key}
          >
            {tab.label}
            {count !== undefined ? (
              <em className={tab.status === 0 && count > 0 ? 'is-hot' : undefined} data-testid="order-tab-count">
                {count}
              </em>
            ) : null}
          </Link>
        );
      })}
    </nav>
  );
}

function Search({ params }: { params: ListParams }) {
  const navigate = useNavigate();
  const [text, setText] = useState(params.keywords);
  return (
    <Input.Search
      className="yct-ord-search"
      value={text}
      onChange={(e) => setText(e.target.value)}
      onSearch={(value) => void navigate(`/order${listSearch({ status: params.status, keywords: value.trim().slice(0, 50) })}`)}
      placeholder="订单号 / 商品名称"
      allowClear
      enterButton="搜索"
      maxLength={50}
      data-testid="order-search"
    />
  );
}

function OrderList() {
  const [search] = useSearchParams();
  const params = readListParams(search);
  const navigate = useNavigate();
  const list = useOrders(params);
  const data = list.data;

  let body;
  if (list.isPending) body = <Loading />;
  else if (list.isError && !data) body = <ErrorState onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  else if (!data?.data.length)
    body = params.keywords ? (
      <EmptyState description={`没有找到与“${params.keywords}”相关的订单`}>
        <Link to={`/order${listSearch({ status: params.status })}`} className="yct-btn" data-testid="order-search-clear">
          清除搜索
        </Link>
      </EmptyState>
    ) : (
      <EmptyState description="暂无订单">
        <Link to="/list" className="yct-btn yct-btn--primary" data-testid="order-go-shopping">
          去采购
        </Link>
      </EmptyState>
    );
  else
    body = (
      <>
        <div className={`yct-ord-cards${list.isPlaceholderData ? ' is-refreshing' : ''}`} data-testid="order-list">
          {data.data.map((o) => (
            <OrderCard key={o.id} order={o} onExpire={() => void list.refetch()} />
          ))}
        </div>
        {data.last_page > 1 ? (
          <div className="yct-ord-pager">
            <Pagination
              current={data.current_page}
              pageSize={data.per_page}
              total={data.total}
              showSizeChanger={false}
              showQuickJumper
              showTotal={(total) => `共 ${total} 个订单`}
              onChange={(page) => {
                void navigate(`/order${listSearch({ ...params, page })}`);
                window.scrollTo(0, 0);
              }}
            />
          </div>
        ) : null}
      </>
    );

  return (
    <div data-testid="orders-page">
      <div className="yct-ord-toolbar">
        <Tabs params={params} counts={data?.counts} />
        <Search key={params.keywords} params={params} />
      </div>
      <div className="yct-ord-colhead" aria-hidden="true">
        <span>订单商品</span>
        <span>实付金额</span>
        <span>订单状态</span>
        <span>操作</span>
      </div>
      {list.isError && data ? <ErrorState compact onRetry={() => void list.refetch()} retrying={list.isFetching} /> : null}
      {body}
    </div>
  );
}

export default function OrdersPage() {
  return (
    <AccountLayout
      title="我的订单"
      extra={
        <Link to="/hmdd" className="yct-ord-titlelink" data-testid="orders-hmdd-link">
          含麻订单签收单 ›
        </Link>
      }
    >
      <RequireMember>
        <OrderList />
      </RequireMember>
    </AccountLayout>
  );
}
