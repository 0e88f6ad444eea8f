/**
 * /zzfw/dhtz 到货降价通知: the buyer's 到货通知 and 降价提醒 in two tabs, each with its goods (picture, name, spec,
 * maker), the price when subscribed and now, the target, the state (等待中, 已通知, 已取消), when told, and 取消 while it
 * waits (docs/decisions/047-goods-notices.md).
 */
import '../goods-notices.css';
import { App, Button, Tabs, type TableColumnsType } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { GoodsNoticeStatus, type GoodsNotice, type GoodsNoticeKind } from '@core/schemas/goods-notices';
import { chinaMinute } from '@/lib/china-time';
import { EmptyState } from '@/ui/EmptyState';
import { PagedTable } from '@/ui/PagedTable';
import { AccountLayout } from '@/ui/account/AccountLayout';
import { Loading, RequireMember } from '@/ui/account/RequireMember';
import { useCancelGoodsNotice, useGoodsNotices } from '../api/goods-notices';

const TABS: { key: GoodsNoticeKind; label: string; empty: string }[] = [
  { key: 'arrival', label: '到货通知', empty: '还没有到货通知：商品缺货时，在商品页点击“到货通知”，到货后第一时间告诉您' },
  { key: 'price', label: '降价提醒', empty: '还没有降价提醒：在商品页点击“降价提醒”，可设置目标价格，降价后通过消息通知您' },
];

const goodsPath = (id: number) => `/list/info/${id}`;

function GoodsCell({ n }: { n: GoodsNotice }) {
  const g = n.goods;
  return (
    <div className="yct-gn-goods">
      <Link to={goodsPath(g.id)} className="yct-gn-goods__img">
        {g.image ? <img src={g.image} alt={g.name} width={60} height={60} loading="lazy" /> : null}
      </Link>
      <div className="yct-gn-goods__text">
        <Link to={goodsPath(g.id)} className="yct-gn-goods__name" data-testid="notice-goods">
          {g.name}
        </Link>
        <span>{g.ypgg}</span>
        <span className="yct-muted" title={g.sccj}>
          {g.sccj}
        </span>
      </div>
    </div>
  );
}

function StockCell({ n }: { n: GoodsNotice }) {
  const g = n.goods;
  if (!g.on_sale) return <span className="yct-muted">已下架</span>;
  if (!g.is_buy) return <span className="yct-muted">暂不销售</span>;
  if (g.number < Math.max(1, g.zbz)) return <span className="yct-text-red">缺货</span>;
  return <span className="yct-gn-instock">{g.number > 9999 ? '充足' : `${g.number}${g.bzdw}`}</span>;
}

const money = (v: string | null, tip: string | null) => (v === null ? <span className="yct-muted">{tip ?? '—'}</span> : `¥${v}`);

function StateCell({ n }: { n: GoodsNotice }) {
  return (
    <span className={`yct-gn-state is-${n.status}`} data-testid="notice-state">
      {n.status_text}
    </span>
  );
}

function NoticeList({ kind }: { kind: GoodsNoticeKind }) {
  const { message, modal } = App.useApp();
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(search.get('page')) || 1));
  const list = useGoodsNotices(kind, page);
  const cancel = useCancelGoodsNotice();
  const tab = TABS.find((t) => t.key === kind)!;
  const askCancel = (n: GoodsNotice) =>
    modal.confirm({
      title: `取消${n.kind_text}`,
      content: `取消后，${n.goods.name}${kind === 'arrival' ? '到货' : '降价'}时将不再通知您。`,
      okText: '确认取消',
      cancelText: '再想想',
      onOk: () => cancel.mutateAsync(n.id).then(() => void message.success(`已取消${n.kind_text}`)),
    });

  const columns: TableColumnsType<GoodsNotice> = [
    { title: '商品', key: 'goods', render: (_, n) => <GoodsCell n={n} /> },
    ...(kind === 'price'
      ? ([
          { title: '订阅时价格', key: 'was', width: 100, align: 'right', render: (_, n) => money(n.price, n.goods.price_tip) },
          {
            title: '当前价格',
            key: 'now',
            width: 100,
            align: 'right',
            render: (_, n) => <span className="yct-gn-price">{money(n.goods.base_price, n.goods.price_tip)}</span>,
          },
          {
            title: '目标价格',
            key: 'target',
            width: 100,
            align: 'right',
            render: (_, n) => (n.target_price ? `¥${n.target_price}` : <span className="yct-muted">任意降价</span>),
          },
        ] satisfies TableColumnsType<GoodsNotice>)
      : ([
          {
            title: '当前价格',
            key: 'now',
            width: 110,
            align: 'right',
            render: (_, n) => <span className="yct-gn-price">{money(n.goods.base_price, n.goods.price_tip)}</span>,
          },
          { title: '库存', key: 'stock', width: 90, align: 'center', render: (_, n) => <StockCell n={n} /> },
        ] satisfies TableColumnsType<GoodsNotice>)),
    { title: '订阅时间', key: 'at', width: 140, render: (_, n) => <span className="yct-muted">{chinaMinute(n.created_at)}</span> },
    { title: '状态', key: 'status', width: 80, align: 'center', render: (_, n) => <StateCell n={n} /> },
    {
      title: '通知时间',
      key: 'told',
      width: 140,
      render: (_, n) => (n.told_at ? <span data-testid="notice-told">{chinaMinute(n.told_at)}</span> : <span className="yct-muted">—</span>),
    },
    {
      title: '操作',
      key: 'op',
      width: 90,
      align: 'center',
      render: (_, n) => (
        <div className="yct-gn-ops">
          {n.status === GoodsNoticeStatus.waiting ? (
            <Button type="link" size="small" onClick={() => askCancel(n)} data-testid="notice-cancel">
              取消
            </Button>
          ) : null}
          {n.goods.on_sale ? (
            <Link to={goodsPath(n.goods.id)} className="yct-gn-link">
              {n.status === GoodsNoticeStatus.told ? '去采购' : '查看商品'}
            </Link>
          ) : null}
        </div>
      ),
    },
  ];

  return (
    <PagedTable<GoodsNotice>
      query={list}
      loading={<Loading />}
      empty={
        <EmptyState description={tab.empty}>
          <Link to="/list" className="yct-btn yct-btn--primary">
            去逛逛
          </Link>
        </EmptyState>
      }
      pager={{ className: 'yct-acct__pager', onChange: (p) => setSearch({ ...(kind === 'arrival' ? {} : { kind }), ...(p > 1 ? { page: String(p) } : {}) }) }}
      className="yct-gn-table"
      rowKey="id"
      size="middle"
      columns={columns}
      rowData={(n) => ({ 'data-testid': 'notice-row', 'data-id': n.id, 'data-goods': n.goods.id, 'data-status': n.status })}
    />
  );
}

function Notices() {
  const [search, setSearch] = useSearchParams();
  const kind: GoodsNoticeKind = search.get('kind') === 'price' ? 'price' : 'arrival';
  // The counts of waiting ones come with either list; the tab shown reads them.
  const counts = useGoodsNotices(kind, 1).data?.counts;
  return (
    <div data-testid="goods-notices">
      <Tabs
        activeKey={kind}
        onChange={(k) => setSearch(k === 'arrival' ? {} : { kind: k })}
        items={TABS.map((t) => ({ key: t.key, label: counts && counts[t.key] ? `${t.label} (${counts[t.key]})` : t.label }))}
        data-testid="notice-tabs"
      />
      <NoticeList key={kind} kind={kind} />
    </div>
  );
}

export default function GoodsNoticesPage() {
  return (
    <AccountLayout title="到货降价通知">
      <RequireMember>
        <p className="yct-acct-intro">
          缺货商品点击“到货通知”、任意商品点击“降价提醒”即可订阅；商品到货或降价时，我们会通过“我的消息”通知您一次，通知后订阅即完成，可随时重新订阅。
        </p>
        <Notices />
      </RequireMember>
    </AccountLayout>
  );
}
