/**
 * /zzfw/pzqg 品种求购: the account's requests for goods the catalogue lacks, by state (全部, 待处理, 已回复, 已上架,
 * 无法采购) with their counts, each with the operator's reply and, once listed, the way to the goods.
 */
import '../self-service.css';
import { Tabs, type TableColumnsType } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { BuyRequestStatus, type BuyRequest } from '@core/schemas/self-service';
import { EmptyState } from '@/ui/EmptyState';
import { PagedTable } from '@/ui/PagedTable';
import { AccountLayout } from '@/ui/account/AccountLayout';
import { Loading, RequireMember } from '@/ui/account/RequireMember';
import { useBuyRequests } from '../api/buy-requests';
import { buyStateClass, detailPath, timeText } from '../lib/labels';

const TABS = [
  { key: 'all', label: '全部', count: 'all' },
  { key: '0', label: '待处理', count: 'pending' },
  { key: '1', label: '已回复', count: 'replied' },
  { key: '2', label: '已上架', count: 'listed' },
  { key: '3', label: '无法采购', count: 'unavailable' },
] as const;

function Goods({ r }: { r: BuyRequest }) {
  return (
    <div className="yct-ss-goods">
      <Link to={detailPath(r.id)} className="yct-ss-goods__name" data-testid="buy-row-name">
        {r.name}
      </Link>
      <span className="yct-muted">{[r.ypgg, r.sccj].filter(Boolean).join(' / ') || '未填写规格与厂家'}</span>
    </div>
  );
}

function Reply({ r }: { r: BuyRequest }) {
  if (!r.reply) return <span className="yct-muted">等待客服回复</span>;
  return (
    <div className="yct-ss-reply-cell" title={r.reply} data-testid="buy-row-reply">
      {r.reply}
    </div>
  );
}

function RequestList() {
  const [search, setSearch] = useSearchParams();
  const tab = TABS.find((t) => t.key === search.get('status'))?.key ?? 'all';
  const page = Math.max(1, Math.floor(Number(search.get('page')) || 1));
  const list = useBuyRequests(tab === 'all' ? undefined : Number(tab), page);
  const counts = list.data?.counts;

  const columns: TableColumnsType<BuyRequest> = [
    { title: '求购品种', key: 'goods', render: (_, r) => <Goods r={r} /> },
    { title: '求购数量', key: 'number', width: 100, align: 'right', render: (_, r) => `${r.number.toLocaleString('zh-CN')} ${r.bzdw}` },
    {
      title: '期望价格',
      key: 'price',
      width: 100,
      align: 'right',
      render: (_, r) => (r.expected_price ? <span className="yct-ss-price">¥{r.expected_price}</span> : <span className="yct-muted">未填写</span>),
    },
    { title: '提交时间', key: 'at', width: 140, render: (_, r) => <span className="yct-muted">{timeText(r.created_at)}</span> },
    {
      title: '状态',
      key: 'status',
      width: 90,
      align: 'center',
      render: (_, r) => (
        <span className={buyStateClass(r.status)} data-testid="buy-row-status">
          {r.status_text}
        </span>
      ),
    },
    { title: '客服回复', key: 'reply', width: 230, render: (_, r) => <Reply r={r} /> },
    {
      title: '操作',
      key: 'op',
      width: 90,
      align: 'center',
      render: (_, r) => (
        <div className="yct-ss-ops">
          <Link to={detailPath(r.id)} className="yct-ss-link">
            查看详情
          </Link>
          {r.status === BuyRequestStatus.listed && r.goods ? (
            <Link to={`/list/info/${r.goods.id}`} className="yct-ss-link is-buy" data-testid="buy-row-goods">
              去采购
            </Link>
          ) : null}
        </div>
      ),
    },
  ];

  return (
    <div data-testid="buy-requests">
      <Tabs
        activeKey={tab}
        onChange={(k) => setSearch(k === 'all' ? {} : { status: k })}
        items={TABS.map((t) => ({ key: t.key, label: counts && counts[t.count] ? `${t.label} (${counts[t.count]})` : t.label }))}
        data-testid="buy-tabs"
      />
      <PagedTable<BuyRequest>
        query={list}
        loading={<Loading />}
        empty={
          <EmptyState description={tab === 'all' ? '还没有求购记录：找不到想要的品种时，告诉我们，采购专员为您寻源' : '暂无该状态的求购'}>
            {tab === 'all' ? (
              <Link to="/zzfw/pzqg/add" className="yct-btn yct-btn--primary" data-testid="buy-empty-add">
                发布求购
              </Link>
            ) : null}
          </EmptyState>
        }
        pager={{
          className: 'yct-acct__pager',
          onChange: (p) => setSearch({ ...(tab === 'all' ? {} : { status: tab }), ...(p > 1 ? { page: String(p) } : {}) }),
        }}
        className="yct-ss-table"
        rowKey="id"
        size="middle"
        columns={columns}
        rowData={(r) => ({ 'data-testid': 'buy-row', 'data-id': r.id })}
      />
    </div>
  );
}

export default function BuyRequestsPage() {
  return (
    <AccountLayout
      title="品种求购"
      extra={
        <Link to="/zzfw/pzqg/add" className="yct-btn yct-btn--primary yct-ss-add" data-testid="buy-add">
          + 发布求购
        </Link>
      }
    >
      <RequireMember>
        <p className="yct-acct-intro">
          找不到想要的品种？发布求购后，采购专员会在 1 个工作日内回复；品种上架后会通过“我的消息”通知您，并可在这里直接前往采购。
        </p>
        <RequestList />
      </RequireMember>
    </AccountLayout>
  );
}
