/** A news list of the help centre (行业新闻, 公司新闻, 平台公告): newest first, ten a page, the page in `?page=`. */
import { Pagination } from 'antd';
import { Link, useSearchParams } from 'react-router';
import type { PostList } from '@core/schemas/help';
import { EmptyState } from '@/ui/EmptyState';
import { ErrorState } from '@/ui/ErrorState';
import { useArticleList } from '../api/get-article-list';
import { isMissing } from '../api/get-post-detail';
import { chinaDay } from '../lib/dates';

function Rows({ list, refreshing }: { list: PostList; refreshing: boolean }) {
  return (
    <ul className={`yct-help__news${refreshing ? ' is-refreshing' : ''}`} data-testid="news-list">
      {list.data.map((n) => (
        <li key={n.id} data-testid="news-item">
          <div className="yct-help__news-date">
            <strong>{chinaDay(n.created_at).slice(8)}</strong>
            <span>{chinaDay(n.created_at).slice(0, 7)}</span>
          </div>
          <div className="yct-help__news-text">
            <Link to={list.current_page > 1 ? `${n.url}?page=${list.current_page}` : n.url} className="yct-help__news-title" data-testid="news-title">
              {n.title}
            </Link>
            <p>{n.summary}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

export function NewsList({ type, title }: { type: string; title: string }) {
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(search.get('page')) || 1));
  const list = useArticleList(type, page);
  return (
    <div className="yct-help__panel" data-testid="news-page">
      <h1 className="yct-help__title">{list.data?.category.name ?? title}</h1>
      {list.isPending ? (
        <div className="yct-loading" data-testid="help-loading">
          <span className="yct-spinner" />
          正在加载…
        </div>
      ) : list.isError && !list.data ? (
        isMissing(list.error) ? (
          <EmptyState description="该栏目不存在或已撤下" />
        ) : (
          <ErrorState onRetry={() => void list.refetch()} retrying={list.isFetching} />
        )
      ) : !list.data.data.length ? (
        <EmptyState description={page > 1 ? '这一页没有内容了' : '暂无资讯'} />
      ) : (
        <>
          <Rows list={list.data} refreshing={list.isPlaceholderData} />
          {list.data.last_page > 1 ? (
            <div className="yct-help__pages">
              <Pagination
                current={list.data.current_page}
                pageSize={list.data.per_page}
                total={list.data.total}
                showSizeChanger={false}
                showTotal={(total) => `共 ${total} 条`}
                onChange={(p) => {
                  setSearch(p > 1 ? { page: String(p) } : {});
                  window.scrollTo({ top: 0 });
                }}
                data-testid="news-pager"
              />
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}
