/**
 * /help/{group}/{item?}: a help page (`/help/xrzn/hyzc`), a news list of 新闻中心 (`/help/xwzx/hyxw`), or a group
 * alone, which opens its first entry, or the article `?id=` names (`/help/xrzn?id=12`). The path names the page
 * first: links of the old site carry an `?id=` of theirs (`/help/xrzn/hyzc?id=66`), which is no id here.
 */
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { EmptyState } from '@/ui/EmptyState';
import { ErrorState } from '@/ui/ErrorState';
import { useHelpCategory } from '../api/get-help-category';
import { isMissing, usePostDetail } from '../api/get-post-detail';
import { ArticleView } from '../components/ArticleView';
import { usePageTitle } from '@/lib/page-title';
import { HelpLayout, helpSegments } from '../components/HelpLayout';
import { NewsList } from '../components/NewsList';

function Loading() {
  return (
    <div className="yct-loading" data-testid="help-loading">
      <span className="yct-spinner" />
      正在加载…
    </div>
  );
}

function HelpArticle({ group, item, active, groupName }: { group: string; item: string; active: string; groupName: string }) {
  const post = usePostDetail(group, item);
  // The generic route's title is 帮助中心: the page is the article's.
  usePageTitle(post.data?.title);
  const crumbs = [{ label: post.data?.category.group_name ?? groupName, to: `/help/${group}` }, ...(post.data ? [{ label: post.data.title }] : [])];
  return (
    <HelpLayout active={active} crumbs={crumbs}>
      <div className="yct-help__panel">
        {post.isPending ? (
          <Loading />
        ) : post.isError ? (
          isMissing(post.error) ? (
            <EmptyState description="该帮助文章不存在或已下架" />
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

export default function HelpArticlePage() {
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const { group, item } = helpSegments(pathname);
  const menu = useHelpCategory({ fresh: true });
  const groups = menu.data ?? [];
  const entry = groups.find((g) => g.code === group);
  const url = `/help/${group}${item ? `/${item}` : ''}`;
  const listed = entry?.children.find((c) => c.url === url);

  const byId = search.get('id');
  if (!item && byId) return <HelpArticle group={group} item={byId} active={url} groupName={entry?.name ?? '帮助'} />;
  // A group alone opens its first entry.
  if (!item) {
    if (entry?.children.length) return <Navigate to={entry.children[0].url} replace />;
    if (!menu.data && !menu.isError) return <HelpLayout crumbs={[]}>{<Loading />}</HelpLayout>;
    if (menu.isError && !menu.data)
      return (
        <HelpLayout crumbs={[]}>
          <ErrorState onRetry={() => void menu.refetch()} retrying={menu.isFetching} />
        </HelpLayout>
      );
    return (
      <HelpLayout crumbs={[{ label: '未找到' }]}>
        <EmptyState description="该帮助分类不存在" />
      </HelpLayout>
    );
  }
  if (listed?.kind === 'list')
    return (
      <HelpLayout active={url} crumbs={[{ label: entry!.name, to: `/help/${group}` }, { label: listed.title }]}>
        <NewsList type={item} title={listed.title} />
      </HelpLayout>
    );
  return <HelpArticle group={group} item={item} active={url} groupName={entry?.name ?? '帮助'} />;
}
