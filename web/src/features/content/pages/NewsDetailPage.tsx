/** /help_news_info/{id}/{type}: a news article or notice, with the newer and older ones and the way back to its list. */
import { useParams, useSearchParams } from 'react-router';
import { EmptyState } from '@/ui/EmptyState';
import { ErrorState } from '@/ui/ErrorState';
import { isMissing, usePostDetail } from '../api/get-post-detail';
import { ArticleView } from '../components/ArticleView';
import { HelpLayout } from '../components/HelpLayout';

export default function NewsDetailPage() {
  const { id = '', type = '' } = useParams();
  const [search] = useSearchParams();
  const page = Math.floor(Number(search.get('page'))) || undefined;
  const post = usePostDetail(type, id, page && page > 0 ? page : undefined);
  const category = post.data?.category;
  const crumbs = category
    ? [{ label: category.group_name, to: `/help/${category.group_code}` }, { label: category.name, to: post.data?.list_url }, { label: '正文' }]
    : [{ label: '新闻中心' }];
  return (
    <HelpLayout active={category?.url} crumbs={crumbs}>
      <div className="yct-help__panel">
        {post.isPending ? (
          <div className="yct-loading" data-testid="help-loading">
            <span className="yct-spinner" />
            正在加载…
          </div>
        ) : post.isError ? (
          isMissing(post.error) ? (
            <EmptyState description="该资讯不存在或已下架" />
          ) : (
            <ErrorState onRetry={() => void post.refetch()} retrying={post.isFetching} />
          )
        ) : (
          <ArticleView post={post.data} />
        )}
      </div>
    </HelpLayout>
  );
}
