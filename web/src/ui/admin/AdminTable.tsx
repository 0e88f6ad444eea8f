/**
 * The console's list table: antd Table, compact, with the page number and filters read from the URL query
 * (lib/admin/list.ts) and sent to the server, which pages. Loading keeps the previous rows dimmed; an empty
 * list says 暂无数据; a failed one shows why with 重试 (无权限 for 403). With `csv` it offers 导出CSV of every
 * page as filtered (at most 5,000 rows). With `rowSelection` rows can be ticked for an action on several. With
 * `refetchInterval` it fetches the page again while shown, for a list that changes by itself.
 */
import { DownloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, Button, Empty, Space, Table, type TableColumnsType, type TableProps } from 'antd';
import { useState, type ReactNode } from 'react';
import { fetchAllRows, MAX_EXPORT_ROWS, saveCsv, toCsv, type CsvColumn } from '@/lib/admin/csv';
import { errorText } from '@/lib/admin/http';
import { useListQuery, type ListPage, type ListQuery } from '@/lib/admin/list';
import { LoadFailed } from './LoadFailed';
import './admin-ui.css';
import { answerPagination } from './answer-pagination';

export type AdminTableProps<T> = {
  /** The list's query key; the page and filters are added to it. */
  queryKey: readonly unknown[];
  fetchPage: (query: ListQuery, signal?: AbortSignal) => Promise<ListPage<T>>;
  /** URL query keys passed to `fetchPage` as filters. */
  filterKeys?: readonly string[];
  columns: TableColumnsType<T>;
  rowKey: TableProps<T>['rowKey'];
  expandable?: TableProps<T>['expandable'];
  /** Ticked rows, for actions on several at once (the page keeps what is ticked). */
  rowSelection?: TableProps<T>['rowSelection'];
  /** A title at the left of the toolbar, for a list with no filters (so the buttons share its row). */
  title?: ReactNode;
  /** Filters, left of the toolbar (a FilterForm). */
  filters?: ReactNode;
  /** Buttons right of the toolbar (新增...). */
  actions?: ReactNode;
  /** Offers 导出CSV: the file's name (without date) and its columns. */
  csv?: { name: string; columns: readonly CsvColumn<T>[] };
  emptyText?: ReactNode;
  scrollX?: number;
  /** Milliseconds between fetches of the shown page; such a refresh leaves the rows undimmed. */
  refetchInterval?: number;
  'data-testid'?: string;
};

export function AdminTable<T extends object>({
  queryKey,
  fetchPage,
  filterKeys = [],
  columns,
  rowKey,
  expandable,
  rowSelection,
  title,
  filters,
  actions,
  csv,
  emptyText = '暂无数据',
  scrollX,
  refetchInterval,
  ...rest
}: AdminTableProps<T>) {
  const { page, filters: filterValues, setPage } = useListQuery(filterKeys);
  const query: ListQuery = { page, filters: filterValues };
  const list = useQuery({
    queryKey: [...queryKey, query],
    queryFn: ({ signal }) => fetchPage(query, signal),
    placeholderData: keepPreviousData,
    refetchInterval,
  });
  // A list fetched every few seconds would flicker if each refresh dimmed it: only a page not yet shown does.
  const quietly = Boolean(refetchInterval) && list.isSuccess && !list.isPlaceholderData;
  const { message } = App.useApp();
  const [exporting, setExporting] = useState(false);

  const exportCsv = async () => {
    if (!csv) return;
    setExporting(true);
    try {
      const { rows, total, capped } = await fetchAllRows((p) => fetchPage({ page: p, filters: filterValues }));
      if (!rows.length) {
        void message.info('没有可导出的数据');
        return;
      }
      saveCsv(csv.name, await toCsv(csv.columns, rows));
      if (capped) void message.warning(`共 ${total} 条，已导出前 ${MAX_EXPORT_ROWS} 条，请缩小筛选范围后分批导出`);
      else void message.success(`已导出 ${rows.length} 条`);
    } catch (e) {
      void message.error(`导出失败：${errorText(e)}`);
    } finally {
      setExporting(false);
    }
  };

  const toolbar =
    title || filters || actions || csv ? (
      <div className="yct-admin-toolbar">
        <div className="yct-admin-toolbar__filters">
          {title ? <h2 className="yct-admin-panel__title">{title}</h2> : null}
          {filters}
        </div>
        <Space size={8} className="yct-admin-toolbar__actions">
          {actions}
          {csv ? (
            <Button icon={<DownloadOutlined />} loading={exporting} onClick={exportCsv} disabled={!list.data?.total} data-testid="admin-export-csv">
              导出CSV
            </Button>
          ) : null}
        </Space>
      </div>
    ) : null;

  const answer = list.data;
  return (
    <div className="yct-admin-table" data-testid={rest['data-testid']}>
      {toolbar}
      {list.isError && !answer ? (
        <LoadFailed error={list.error} onRetry={() => void list.refetch()} retrying={list.isFetching} />
      ) : (
        <Table<T>
          size="small"
          bordered={false}
          rowKey={rowKey}
          columns={columns}
          expandable={expandable}
          rowSelection={rowSelection}
          dataSource={answer?.data ?? []}
          loading={list.isFetching && !quietly}
          scroll={scrollX ? { x: scrollX } : undefined}
          locale={{
            emptyText: list.isPending ? <div className="yct-admin-table__waiting" /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />,
          }}
          pagination={answerPagination(answer, setPage)}
        />
      )}
      {list.isError && answer ? <div className="yct-admin-table__stale">刷新失败：{errorText(list.error)}</div> : null}
    </div>
  );
}
