/**
 * The storefront's activity pages made of blocks (DESIGN.md section 14): /yjh/{id?} 活动专区, /Hdzx/{ids}/{id?}
 * 活动中心 (a tab per page), /zqmb?id= 专题专区 and /hdmb?id= 活动专题. Without an id each shows the newest page
 * of its kind; a page gone (hidden, over, never there) sends the buyer to /noActivity. `preview=1` in the URL
 * is passed on, so that an operator sees a page before it goes live.
 */
import '@/ui/goods.css';
import '../activity-pages.css';
import type { CSSProperties } from 'react';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import type { ActivityPageView } from '@core/schemas/activity-pages';
import { ErrorState } from '@/ui/ErrorState';
import { isGone, useActivityPage, useActivityPages, type PageKind } from '../api/activity-page';
import { Blocks } from '../components/Blocks';

const NO_ACTIVITY_PATH = '/noActivity';

const positiveId = (v: string | null | undefined) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

const themed = (theme: string) => ({ '--act-theme': theme }) as CSSProperties;

function Skeleton() {
  return (
    <div className="yct-act__skeleton" aria-busy="true" data-testid="activity-loading">
      <div className="yct-act__skeleton-banner" />
      <ul>
        {Array.from({ length: 5 }, (_, i) => (
          <li key={i} />
        ))}
      </ul>
    </div>
  );
}

function PageBody({ page, onEnd }: { page: ActivityPageView; onEnd: () => void }) {
  return (
    <div className="yct-act__band" style={themed(page.theme)} data-testid="activity-page" data-id={page.id} data-status={page.status}>
      <div className="yct-container yct-act__body">
        {page.status === 0 ? <p className="yct-act__notice">活动尚未开始，当前为预览</p> : null}
        <Blocks page={page} onEnd={onEnd} />
      </div>
    </div>
  );
}

function Crumbs({ title }: { title: string }) {
  return (
    <div className="yct-container yct-breadcrumb">
      <Link to="/">首页</Link>
      <span>›</span>
      <span>{title}</span>
    </div>
  );
}

/** One page of a kind: loading, error with retry, gone, or its blocks. */
function SinglePage({ id, kind, label }: { id: number | undefined; kind: PageKind; label: string }) {
  const [search] = useSearchParams();
  const preview = search.get('preview') === '1';
  const query = useActivityPage({ id, kind, preview });
  if (query.isPending) return <Skeleton />;
  if (query.isError) {
    if (isGone(query.error)) return <Navigate to={NO_ACTIVITY_PATH} replace />;
    return <ErrorState onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  }
  return (
    <>
      <Crumbs title={query.data.title || label} />
      <PageBody page={query.data} onEnd={() => void query.refetch()} />
    </>
  );
}

export function ActivityZone() {
  const { id } = useParams();
  return <SinglePage key={id ?? ''} id={positiveId(id)} kind="yjh" label="活动专区" />;
}

export function ThemeZone() {
  const [search] = useSearchParams();
  return <SinglePage key={search.get('id') ?? ''} id={positiveId(search.get('id'))} kind="zqmb" label="专题专区" />;
}

export function ActivityTemplate() {
  const [search] = useSearchParams();
  return <SinglePage key={search.get('id') ?? ''} id={positiveId(search.get('id'))} kind="hdmb" label="活动专题" />;
}

/** /Hdzx/{ids}/{id?}: a tab per page of `ids` still on; the open one is `id`, else the first. */
export function ActivityCentre() {
  const params = useParams();
  const [search] = useSearchParams();
  const preview = search.get('preview') === '1';
  const ids = [...new Set((params.ids ?? '').split(',').map(positiveId))].filter((n): n is number => n !== undefined);
  const pages = useActivityPages(ids, preview);
  const query = search.toString() ? `?${search.toString()}` : '';
  if (!ids.length) return <Navigate to={NO_ACTIVITY_PATH} replace />;
  if (pages.some((p) => p.isPending)) return <Skeleton />;
  const failed = pages.find((p) => p.isError && !isGone(p.error));
  if (failed) return <ErrorState onRetry={() => void Promise.all(pages.map((p) => p.refetch()))} retrying={pages.some((p) => p.isFetching)} />;
  const shown = pages.flatMap((p) => (p.data ? [p] : []));
  if (!shown.length) return <Navigate to={NO_ACTIVITY_PATH} replace />;
  const open = shown.find((p) => p.data.id === positiveId(params.id)) ?? shown[0]!;
  return (
    <>
      <Crumbs title="活动中心" />
      <div className="yct-act__tabs-band" style={themed(open.data.theme)}>
        <nav className="yct-container yct-act__tabs" data-testid="activity-tabs">
          {shown.map((p) => (
            <Link
              key={p.data.id}
              to={`/Hdzx/${params.ids}/${p.data.id}${query}`}
              replace
              className={p === open ? 'is-active' : undefined}
              aria-current={p === open ? 'page' : undefined}
              data-testid="activity-tab"
            >
              {p.data.title}
            </Link>
          ))}
        </nav>
      </div>
      <PageBody page={open.data} onEnd={() => void open.refetch()} />
    </>
  );
}
