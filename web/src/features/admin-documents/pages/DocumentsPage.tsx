/**
 * 质量管理 › 首营资料 (document:write): 本站首营资料, each kind with its number, validity and state (已过期 and 即将到期
 * stand out) and 上传/更新 and 删除; 商品首营资料, the goods that have documents with the kinds each has, a search,
 * and 添加商品资料 through a goods picker that opens the goods' four documents.
 */
import { Alert, Button, Form, Input, Space, Table, Tabs, Tag, type TableColumnsType } from 'antd';
import { useState, type HTMLAttributes } from 'react';
import { useSearchParams } from 'react-router';
import { GOODS_DOCUMENT_KEYS, GOODS_DOCUMENT_KINDS, SITE_DOCUMENT_KINDS, type SiteDocument } from '@core/schemas/documents';
import { adminHttp } from '@/lib/admin/http';
import { chinaMinute } from '@/lib/china-time';
import { AdminPanel } from '@/ui/admin/AdminPanel';
import { AdminTable } from '@/ui/admin/AdminTable';
import { ConfirmButton } from '@/ui/admin/ConfirmButton';
import { FilterForm } from '@/ui/admin/FilterForm';
import { LoadFailed } from '@/ui/admin/LoadFailed';
import { SearchSelect, type SearchOption } from '@/ui/admin/SearchSelect';
import { DOCUMENTS_KEY, getGoodsDocumentPage, GOODS_DOCUMENT_FILTERS, useRemoveSiteDocument, useSaveSiteDocument, useSiteDocuments } from '../api/documents';
import { DocumentModal, type Editing } from '../components/DocumentModal';
import { FileLinks, StateTag } from '../components/DocumentParts';
import { GoodsDocumentsDrawer } from '../components/GoodsDocumentsDrawer';
import '../admin-documents.css';

type GoodsRow = Awaited<ReturnType<typeof getGoodsDocumentPage>>['data'][number];

function SiteTab() {
  const site = useSiteDocuments();
  const save = useSaveSiteDocument();
  const remove = useRemoveSiteDocument();
  const [editing, setEditing] = useState<(Editing & { kind: SiteDocument['kind'] }) | null>(null);
  if (site.isError) return <LoadFailed error={site.error} onRetry={() => void site.refetch()} retrying={site.isFetching} />;
  const docs = site.data ?? [];
  const late = docs.filter((d) => d.state === 'expired' || d.state === 'expiring');
  const missing = docs.filter((d) => d.state === 'missing');
  const open = (d: SiteDocument) =>
    setEditing({
      kind: d.kind,
      kindName: d.name,
      numberLabel: d.number_label,
      expiry: d.expiry,
      hint: d.hint,
      site: true,
      isNew: d.state === 'missing',
      values: { number: d.number, valid_from: d.valid_from ?? '', valid_until: d.valid_until ?? '', files: d.files, remark: d.remark },
    });
  const columns: TableColumnsType<SiteDocument> = [
    {
      title: '资料名称',
      key: 'name',
      width: 220,
      render: (_, d) => (
        <div className="yct-adoc-goods" title={d.name}>
          <b className={d.state === 'missing' ? 'yct-muted' : undefined}>{SITE_DOCUMENT_KINDS[d.kind].short}</b>
          <span className="yct-muted">{d.hint}</span>
        </div>
      ),
    },
    {
      title: '证号/编号',
      key: 'number',
      width: 150,
      render: (_, d) => (d.number ? <span className="yct-adoc-mono">{d.number}</span> : <span className="yct-muted">—</span>),
    },
    {
      title: '有效期',
      key: 'validity',
      width: 240,
      render: (_, d) =>
        d.valid_until ? (
          <span className="yct-adoc-mono">{`${d.valid_from ?? '—'} 至 ${d.valid_until}`}</span>
        ) : (
          <span className="yct-muted">{d.state === 'missing' ? '—' : d.expiry === 'none' ? '无有效期' : '长期'}</span>
        ),
    },
    { title: '状态', key: 'state', width: 92, render: (_, d) => <StateTag state={d.state} text={d.state_text} /> },
    { title: '文件', key: 'files', width: 90, render: (_, d) => <FileLinks files={d.files} /> },
    {
      title: '最近更新',
      key: 'updated',
      width: 150,
      render: (_, d) =>
        d.updated_at ? (
          <div className="yct-adoc-goods yct-muted">
            <span>{d.updated_by}</span>
            <span>{chinaMinute(d.updated_at)}</span>
          </div>
        ) : (
          <span className="yct-muted">—</span>
        ),
    },
    {
      title: '操作',
      key: 'op',
      width: 140,
      render: (_, d) => (
        <Space size={4}>
          <Button type="link" size="small" onClick={() => open(d)} data-testid="site-doc-edit">
            {d.state === 'missing' ? '上传' : '更新'}
          </Button>
          {d.state !== 'missing' ? (
            <ConfirmButton
              type="link"
              size="small"
              danger
              title={`删除「${d.name}」？`}
              description="删除后买家将无法下载该资料"
              onConfirm={() => remove.mutateAsync(d.kind)}
            >
              删除
            </ConfirmButton>
          ) : null}
        </Space>
      ),
    },
  ];
  return (
    <>
      {late.length ? (
        <Alert
          type={late.some((d) => d.state === 'expired') ? 'error' : 'warning'}
          showIcon
          className="yct-adoc-alert"
          data-testid="site-docs-late"
          title={late.map((d) => `${d.name}${d.state === 'expired' ? '已过期' : '即将到期'}（${d.valid_until}）`).join('；')}
          description="买家下载的首营资料与订单资料包中是当前上传的文件，请尽快上传换发后的新证。"
        />
      ) : null}
      {missing.length && !late.length ? (
        <Alert
          type="info"
          showIcon
          className="yct-adoc-alert"
          title={`尚有 ${missing.length} 项资料未上传：${missing.map((d) => d.name).join('、')}`}
          description="未上传的资料不会出现在买家的首营资料和订单资料包中。"
        />
      ) : null}
      <Table<SiteDocument>
        size="small"
        rowKey="kind"
        loading={site.isPending}
        pagination={false}
        columns={columns}
        dataSource={docs}
        rowClassName={(d) => `is-${d.state}`}
        className="yct-adoc-table"
        onRow={(d) => ({ 'data-testid': 'admin-site-doc', 'data-kind': d.kind }) as HTMLAttributes<HTMLElement>}
      />
      <DocumentModal
        editing={editing}
        saving={save.isPending}
        onClose={() => setEditing(null)}
        onSave={async (v) => {
          await save.mutateAsync({
            kind: editing!.kind,
            number: v.number,
            valid_from: v.valid_from,
            valid_until: v.valid_until,
            remark: v.remark,
            files: (v.files ?? []).map((f) => f.url),
          });
          return `已保存「${editing!.kindName}」`;
        }}
      />
    </>
  );
}

const goodsOptions = async (keyword: string, signal: AbortSignal): Promise<SearchOption[]> =>
  (await adminHttp.get<{ data: { id: number; name: string; ypgg: string; sccj: string }[] }>('/api/admin/goods', { keyword, page: 1 }, { signal })).data.map(
    (g) => ({
      value: g.id,
      label: `${g.name} ${g.ypgg}（${g.sccj}）`,
    }),
  );

function GoodsTab() {
  const [goodsId, setGoodsId] = useState<number | null>(null);
  const columns: TableColumnsType<GoodsRow> = [
    {
      title: '商品',
      key: 'goods',
      render: (_, g) => (
        <div className="yct-adoc-goods">
          <b>{g.name}</b>
          <span className="yct-muted">
            {g.ypgg} · {g.sccj}
          </span>
        </div>
      ),
    },
    { title: '批准文号', dataIndex: 'pzwh', width: 170, render: (v: string) => <span className="yct-adoc-mono">{v || '—'}</span> },
    {
      title: '已上传资料',
      key: 'kinds',
      width: 330,
      render: (_, g) => (
        <Space size={4} wrap>
          {GOODS_DOCUMENT_KEYS.map((k) => (
            <Tag key={k} color={g.kinds.includes(k) ? 'green' : undefined} className={g.kinds.includes(k) ? undefined : 'yct-adoc-absent'}>
              {GOODS_DOCUMENT_KINDS[k].short}
            </Tag>
          ))}
        </Space>
      ),
    },
    { title: '最近更新', key: 'updated', width: 140, render: (_, g) => <span className="yct-muted">{chinaMinute(g.updated_at)}</span> },
    {
      title: '操作',
      key: 'op',
      width: 90,
      render: (_, g) => (
        <Button type="link" size="small" onClick={() => setGoodsId(g.id)} data-testid="goods-doc-open">
          管理资料
        </Button>
      ),
    },
  ];
  return (
    <>
      <AdminTable<GoodsRow>
        queryKey={[...DOCUMENTS_KEY, 'goods-list']}
        fetchPage={getGoodsDocumentPage}
        filterKeys={GOODS_DOCUMENT_FILTERS}
        columns={columns}
        rowKey="id"
        emptyText="还没有商品上传首营资料：用右上角的“添加商品资料”选择商品后上传"
        filters={
          <FilterForm keys={GOODS_DOCUMENT_FILTERS}>
            <Form.Item name="keyword" label="商品">
              <Input placeholder="名称、厂家或批准文号" allowClear style={{ width: 220 }} />
            </Form.Item>
          </FilterForm>
        }
        actions={
          <SearchSelect
            find={goodsOptions}
            hint="输入商品名称、厂家或批准文号查找"
            placeholder="添加商品资料：查找商品"
            style={{ width: 300 }}
            value={null as unknown as number}
            onChange={(v) => setGoodsId(v as number)}
            data-testid="goods-doc-pick"
          />
        }
        data-testid="goods-docs-table"
      />
      <GoodsDocumentsDrawer goodsId={goodsId} onClose={() => setGoodsId(null)} />
    </>
  );
}

export default function DocumentsPage() {
  const [search, setSearch] = useSearchParams();
  const tab = search.get('tab') === 'goods' ? 'goods' : 'site';
  return (
    <AdminPanel data-testid="admin-documents">
      <Tabs
        activeKey={tab}
        onChange={(k) => setSearch(k === 'goods' ? { tab: 'goods' } : {})}
        items={[
          { key: 'site', label: '本站首营资料', children: tab === 'site' ? <SiteTab /> : null },
          { key: 'goods', label: '商品首营资料', children: tab === 'goods' ? <GoodsTab /> : null },
        ]}
      />
    </AdminPanel>
  );
}
