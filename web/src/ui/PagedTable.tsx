/**
 * The storefront's paged lists (member centre, wallet, invoices, self-service): the panel's loading state until
 * the first page comes, a failed load with 重试, the list's own empty state, the rows (an antd Table, or whatever
 * the list draws), dimmed while the next page loads over the kept one, and the site's pager under them when there
 * is more than one page. The page number lives wherever the list keeps it (mostly the URL).
 */
import { Pagination, Table, type TableProps } from 'antd';
import type { HTMLAttributes, ReactNode } from 'react';
import type { Paged } from '@core/schemas/common';
import { EmptyState } from './EmptyState';
import { ErrorState } from './ErrorState';

/** The part of a TanStack query of a page that the list reads. */
type PageQuery<T> = {
  data: Paged<T> | undefined;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
  refetch: () => unknown;
};

type PagerProps = {
  page: Omit<Paged<unknown>, 'data'>;
  onChange: (page: number) => void;
  /** 共 N 条 beside the pager. */
  showTotal?: (total: number) => ReactNode;
  className?: string;
};

/** The site's pager of a list; nothing while there is one page. */
export function SitePager({ page, onChange, showTotal, className }: PagerProps) {
  if (page.last_page <= 1) return null;
  return (
    <Pagination
      className={className}
      current={page.current_page}
      pageSize={page.per_page}
      total={page.total}
      showSizeChanger={false}
      showTotal={showTotal}
      onChange={onChange}
    />
  );
}

type PagedListProps<T> = {
  query: PageQuery<T>;
  /** The panel's loading state (each area has its own). */
  loading: ReactNode;
  /** What the list says when it has no rows: an EmptyState, 暂无数据 when absent. */
  empty?: ReactNode;
  /** When a refresh fails over rows already shown, say so above them too. */
  staleError?: boolean;
  /** The pager: the class of the row it sits in, where a page number goes, and its total line. Absent: the rows draw it (SitePager). */
  pager?: { className: string; onChange: (page: number) => void; showTotal?: (total: number) => ReactNode };
};

/** A paged list whose rows the caller draws: `children` gets the page's rows and whether a new page is loading. */
export function PagedList<T>({
  query,
  loading,
  empty,
  staleError,
  pager,
  children,
}: PagedListProps<T> & { children: (rows: T[], refreshing: boolean) => ReactNode }) {
  const data = query.data;
  const retry = () => void query.refetch();
  if (query.isPending) return loading;
  if (query.isError && !data) return <ErrorState onRetry={retry} retrying={query.isFetching} />;
  const stale = staleError && query.isError ? <ErrorState compact onRetry={retry} retrying={query.isFetching} /> : null;
  if (!data?.data.length)
    return (
      <>
        {stale}
        {empty ?? <EmptyState />}
      </>
    );
  return (
    <>
      {stale}
      {children(data.data, query.isPlaceholderData)}
      {pager && data.last_page > 1 ? (
        <div className={pager.className}>
          <SitePager page={data} onChange={pager.onChange} showTotal={pager.showTotal} />
        </div>
      ) : null}
    </>
  );
}

type PagedTableProps<T> = PagedListProps<T> &
  Pick<TableProps<T>, 'columns' | 'rowKey' | 'rowSelection' | 'rowClassName' | 'className'> & {
    size?: 'small' | 'middle';
    /** The data attributes of each row (its test id, its id, its state). */
    rowData?: (row: T) => Record<`data-${string}`, string | number>;
  };

/** A paged list as an antd Table, the pager the site's own under it. */
export function PagedTable<T extends object>({ columns, rowKey, rowSelection, rowClassName, className, size = 'small', rowData, ...list }: PagedTableProps<T>) {
  return (
    <PagedList<T> {...list}>
      {(rows, refreshing) => (
        <Table<T>
          className={[className, refreshing ? 'is-refreshing' : ''].filter(Boolean).join(' ') || undefined}
          rowKey={rowKey}
          size={size}
          columns={columns}
          dataSource={rows}
          pagination={false}
          rowSelection={rowSelection}
          rowClassName={rowClassName}
          onRow={rowData ? (row) => rowData(row) as HTMLAttributes<HTMLElement> : undefined}
        />
      )}
    </PagedList>
  );
}
