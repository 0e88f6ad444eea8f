/**
 * /zhzx/syzl 首营资料 (docs/decisions/034-first-business-documents.md): the site's own first-business documents with
 * their numbers and validity, each file and all of them in one zip (once the account's licences are approved),
 * and the document pack of every order: the 资料清单, the site's documents and those of the goods it bought first.
 */
import '../documents.css';
import { Alert, Table, type TableColumnsType } from 'antd';
import type { HTMLAttributes } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { BuyerSiteDocuments, OrderPack } from '@core/schemas/documents';
import { chinaMinute } from '@/lib/china-time';
import { EmptyState } from '@/ui/EmptyState';
import { ErrorState } from '@/ui/ErrorState';
import { PagedTable } from '@/ui/PagedTable';
import { AccountLayout } from '@/ui/account/AccountLayout';
import { PanelLoading } from '@/ui/account/PanelStates';
import { RequireAccount } from '@/ui/account/RequireAccount';
import { packUrl, SITE_ZIP_URL, siteFileUrl, useOrderPacks, useSiteDocuments } from '../api/get-documents';

type SiteRow = BuyerSiteDocuments['documents'][number];

const sizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)}MB` : `${Math.max(1, Math.round(bytes / 1024))}KB`);

const siteColumns: TableColumnsType<SiteRow> = [
  { title: '资料名称', dataIndex: 'name', render: (n: string) => <b className="yct-doc-name">{n}</b> },
  { title: '证号/编号', dataIndex: 'number', width: 200, render: (n: string) => <span className="yct-doc-mono">{n || '—'}</span> },
  {
    title: '有效期',
    key: 'validity',
    width: 200,
    render: (_, d) =>
      d.valid_until ? (
        <span className="yct-doc-mono">
          {d.valid_from ? `${d.valid_from} 至 ` : '至 '}
          {d.valid_until}
        </span>
      ) : (
        <span className="yct-muted">{d.expiry === 'none' ? '—' : '长期'}</span>
      ),
  },
  {
    title: '状态',
    key: 'state',
    width: 90,
    align: 'center',
    render: (_, d) => (
      <span className={`yct-doc-state is-${d.state}`} data-testid="site-doc-state">
        {d.state_text}
      </span>
    ),
  },
  {
    title: '文件',
    key: 'files',
    width: 190,
    render: (_, d) =>
      d.files.length ? (
        <div className="yct-doc-files">
          {d.files.map((f) => (
            <a key={f.index} href={siteFileUrl(d.kind, f.index)} download className="yct-doc-link" data-testid="site-doc-file" title={f.name}>
              {f.mime === 'application/pdf' ? 'PDF' : '图片'}
              {d.files.length > 1 ? ` ${f.index}` : ''}
              <small>{sizeText(f.size)}</small>
            </a>
          ))}
        </div>
      ) : (
        <span className="yct-muted">审核通过后可下载</span>
      ),
  },
];

function SiteDocuments() {
  const site = useSiteDocuments();
  if (site.isPending) return <PanelLoading />;
  if (site.isError) return <ErrorState onRetry={() => void site.refetch()} retrying={site.isFetching} />;
  const { documents, may_download } = site.data;
  const stale = documents.filter((d) => d.state === 'expired' || d.state === 'expiring');
  return (
    <section className="yct-doc-section" data-testid="site-documents">
      <header className="yct-doc-section__head">
        <h2>本站首营资料</h2>
        <span className="yct-muted">建立首营企业档案所需的本站证照、协议与印章印模</span>
        {may_download && documents.length ? (
          <a href={SITE_ZIP_URL} download className="yct-btn yct-btn--primary yct-doc-zip" data-testid="site-zip">
            打包下载全部
          </a>
        ) : null}
      </header>
      {!may_download ? (
        <Alert
          type="info"
          showIcon
          className="yct-doc-alert"
          title="资质审核通过后可下载本站首营资料"
          description={
            <span>
              您的资质尚在审核中，审核通过后即可下载以下资料的电子版。<Link to="/zhzx/zzzj">查看资质审核状态 ›</Link>
            </span>
          }
          data-testid="site-not-approved"
        />
      ) : stale.length ? (
        <Alert
          type="warning"
          showIcon
          className="yct-doc-alert"
          title={`${stale.map((d) => d.name).join('、')}${stale.some((d) => d.state === 'expired') ? '已过期或即将到期' : '即将到期'}，本站正在办理换证，更新后将在此提供新件。`}
        />
      ) : null}
      <Table<SiteRow>
        className="yct-doc-table"
        rowKey="kind"
        size="middle"
        pagination={false}
        columns={siteColumns}
        dataSource={documents}
        locale={{ emptyText: <EmptyState compact description="本站首营资料正在整理中，请稍后再来或联系客服索取" /> }}
        onRow={(d) => ({ 'data-testid': 'site-doc-row', 'data-kind': d.kind }) as HTMLAttributes<HTMLElement>}
      />
    </section>
  );
}

const packColumns: TableColumnsType<OrderPack> = [
  {
    title: '订单编号',
    key: 'order',
    width: 200,
    render: (_, o) => (
      <div className="yct-doc-cell">
        <Link to={`/order/info/${o.order_id}`} className="yct-doc-link" data-testid="pack-order">
          {o.order_no}
        </Link>
        <span className="yct-muted">
          {chinaMinute(o.created_at)} · {o.status_text}
        </span>
      </div>
    ),
  },
  {
    title: '首营品种',
    key: 'first',
    render: (_, o) =>
      o.first_goods.length ? (
        <ul className="yct-doc-goods" data-testid="pack-first-goods">
          {o.first_goods.map((g) => (
            <li key={g.id}>
              <span className="yct-doc-first">首营</span>
              <b>{g.name}</b>
              <span className="yct-muted">
                {g.ypgg} · {g.sccj}
              </span>
              <span className="yct-doc-kinds">{g.kinds.length ? g.kinds.join('、') : '资料待补充'}</span>
            </li>
          ))}
        </ul>
      ) : (
        <span className="yct-muted">无（均为已采购过的品种）</span>
      ),
  },
  {
    title: '资料包内容',
    key: 'files',
    width: 150,
    render: (_, o) => (
      <span className="yct-muted">
        本站资料 {o.site_documents} 份
        <br />共 {o.files} 个文件
      </span>
    ),
  },
  {
    title: '操作',
    key: 'op',
    width: 120,
    align: 'center',
    render: (_, o) => (
      <a href={packUrl(o.order_id)} download className="yct-btn yct-doc-pack" data-testid="pack-download">
        下载资料包
      </a>
    ),
  },
];

function OrderPacks() {
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number(search.get('page')) || 1);
  const packs = useOrderPacks(page);
  return (
    <section className="yct-doc-section" data-testid="order-packs">
      <header className="yct-doc-section__head">
        <h2>订单资料包</h2>
        <span className="yct-muted">每个订单一个 zip：资料清单、本站首营资料，以及该订单首次采购品种的注册证或批件、说明书、质量标准和包装图</span>
      </header>
      <PagedTable<OrderPack>
        query={packs}
        loading={<PanelLoading />}
        empty={
          <EmptyState description="暂无订单，下单后可在此下载订单资料包">
            <Link to="/list" className="yct-btn">
              去采购
            </Link>
          </EmptyState>
        }
        pager={{ className: 'yct-doc-pager', onChange: (p) => setSearch(p > 1 ? { page: String(p) } : {}), showTotal: (n) => `共 ${n} 个订单` }}
        className="yct-doc-table"
        rowKey="order_id"
        size="middle"
        columns={packColumns}
        rowData={(o) => ({ 'data-testid': 'pack-row', 'data-id': o.order_id })}
      />
    </section>
  );
}

export default function DocumentsPage() {
  return (
    <AccountLayout title="首营资料">
      <RequireAccount>
        <div className="yct-doc" data-testid="documents-page">
          <SiteDocuments />
          <OrderPacks />
        </div>
      </RequireAccount>
    </AccountLayout>
  );
}
