/** 发票抬头: the account's titles, the default first, with add, edit, 设为默认 and delete. */
import { Button, Table, Tag, type TableColumnsType } from 'antd';
import { useState, type HTMLAttributes } from 'react';
import { INVOICE_TITLE_MAX, type InvoiceTitle } from '@core/schemas/invoices';
import { EmptyState } from '@/ui/EmptyState';
import { ErrorState } from '@/ui/ErrorState';
import { DefaultRowActions } from '@/ui/account/DefaultRowActions';
import { PanelLoading } from '@/ui/account/PanelStates';
import { useDeleteTitle } from '../api/delete-title';
import { useTitles } from '../api/get-titles';
import { useSetDefaultTitle } from '../api/set-default-title';
import { TitleFormModal } from './TitleFormModal';

/** The dialog: closed, a new title, or the title being changed. */
type Editing = { title: InvoiceTitle | null } | null;

export function TitlesPanel() {
  const list = useTitles();
  const [editing, setEditing] = useState<Editing>(null);
  const remove = useDeleteTitle();
  const setDefault = useSetDefaultTitle();
  const count = list.data?.length ?? 0;
  const full = count >= INVOICE_TITLE_MAX;

  const columns: TableColumnsType<InvoiceTitle> = [
    {
      title: '发票抬头',
      dataIndex: 'company',
      render: (company: string, t) => (
        <span className="yct-fp-title__company">
          {company}
          {t.is_default ? (
            <Tag color="red" className="yct-fp-tag" data-testid="title-default-tag">
              默认
            </Tag>
          ) : null}
        </span>
      ),
    },
    { title: '税号', dataIndex: 'tax_no', width: 190, render: (v: string) => <span className="yct-fp-mono">{v}</span> },
    { title: '地址、电话', dataIndex: 'address_phone', ellipsis: true, render: (v: string) => v || <span className="yct-muted">—</span> },
    { title: '开户行及账号', dataIndex: 'bank_account', ellipsis: true, render: (v: string) => v || <span className="yct-muted">—</span> },
    {
      title: '操作',
      key: 'op',
      width: 170,
      align: 'center',
      render: (_, t) => (
        <DefaultRowActions
          id={t.id}
          isDefault={t.is_default === 1}
          noun="发票抬头"
          short="抬头"
          deleteNote="已开具的发票不受影响。"
          setDefault={setDefault}
          remove={remove}
          onEdit={() => setEditing({ title: t })}
          testId="title"
        />
      ),
    },
  ];

  let body;
  if (list.isPending) body = <PanelLoading />;
  else if (list.isError) body = <ErrorState onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  else if (!count)
    body = (
      <EmptyState description="还没有发票抬头：添加后，订单完成时将自动开具电子发票">
        <button type="button" className="yct-btn yct-btn--primary" onClick={() => setEditing({ title: null })} data-testid="title-add-empty">
          新增发票抬头
        </button>
      </EmptyState>
    );
  else
    body = (
      <Table<InvoiceTitle>
        className="yct-fp-table"
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data}
        pagination={false}
        onRow={(t) => ({ 'data-testid': 'title-row', 'data-id': t.id, 'data-default': t.is_default }) as HTMLAttributes<HTMLElement>}
      />
    );

  return (
    <div data-testid="titles-panel">
      <div className="yct-fp-bar">
        <span className="yct-muted">
          已保存 <b>{count}</b> 个抬头，最多 {INVOICE_TITLE_MAX} 个；订单完成时使用默认抬头自动开票
        </span>
        <Button
          type="primary"
          disabled={full || !list.data}
          title={full ? `最多保存${INVOICE_TITLE_MAX}个发票抬头` : undefined}
          onClick={() => setEditing({ title: null })}
          data-testid="title-add"
        >
          + 新增发票抬头
        </Button>
      </div>
      {body}
      <TitleFormModal open={editing !== null} title={editing?.title ?? null} first={count === 0} onClose={() => setEditing(null)} />
    </div>
  );
}
