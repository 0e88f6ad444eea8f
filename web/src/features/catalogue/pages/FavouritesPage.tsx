/** /star: the goods the buyer keeps, newest first, with paging and a way to remove each. */
import '@/ui/goods.css';
import '../catalogue.css';
import { App, Pagination } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { isLoggedIn, useUserBase } from '@/lib/session/get-user-base';
import { EmptyState } from '@/ui/EmptyState';
import { ErrorState } from '@/ui/ErrorState';
import { useFavorites, useFavoriteToggle } from '../api/favorites';
import { GoodsTable } from '../components/GoodsRows';

export default function FavouritesPage() {
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number(search.get('page')) || 1);
  const { data: user, isPending: userPending } = useUserBase();
  const loggedIn = isLoggedIn(user);
  const list = useFavorites(page, loggedIn);
  const toggle = useFavoriteToggle();
  const { message } = App.useApp();
  let body;
  if (userPending || (loggedIn && list.isPending)) body = <div className="yct-loading">正在加载…</div>;
  else if (!loggedIn)
    body = (
      <EmptyState description="登录后查看您收藏的商品">
        <Link to="/login?redirect=%2Fstar" className="yct-btn yct-btn--primary">
          立即登录
        </Link>
      </EmptyState>
    );
  else if (list.isError) body = <ErrorState onRetry={() => void list.refetch()} />;
  else if (!list.data?.data.length)
    body = (
      <EmptyState description="暂无收藏的商品">
        <Link to="/list" className="yct-btn">
          去逛逛
        </Link>
      </EmptyState>
    );
  else
    body = (
      <>
        <GoodsTable
          list={list.data.data}
          images
          actions={(g) => (
            <button
              type="button"
              className="yct-linkbtn"
              aria-label={`取消收藏${g.name}`}
              onClick={() => toggle.mutate({ id: g.id, on: false }, { onSuccess: () => void message.success('取消收藏成功') })}
              data-testid="favorite-remove"
            >
              取消收藏
            </button>
          )}
        />
        {list.data.total > list.data.per_page ? (
          <div className="yct-pager">
            <Pagination
              current={page}
              pageSize={list.data.per_page}
              total={list.data.total}
              showSizeChanger={false}
              onChange={(p) => setSearch({ page: String(p) })}
            />
          </div>
        ) : null}
      </>
    );
  return (
    <div className="yct-container yct-list" data-testid="favourites-page">
      <div className="yct-panel-title">我的收藏 {list.data ? <small>共 {list.data.total} 件</small> : null}</div>
      {body}
    </div>
  );
}
