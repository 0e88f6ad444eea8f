/** /star: the goods the buyer keeps, newest first, with paging and a way to remove each, in the member frame. */
import '@/ui/goods.css';
import '../catalogue.css';
import { App, Pagination } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '@/ui/EmptyState';
import { ErrorState } from '@/ui/ErrorState';
import { AccountLayout } from '@/ui/account/AccountLayout';
import { PanelLoading } from '@/ui/account/PanelStates';
import { RequireAccount } from '@/ui/account/RequireAccount';
import { useFavorites, useFavoriteToggle } from '../api/favorites';
import { GoodsTable } from '../components/GoodsRows';

function Favourites() {
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number(search.get('page')) || 1);
  const list = useFavorites(page, true);
  const toggle = useFavoriteToggle();
  const { message } = App.useApp();
  let body;
  if (list.isPending) body = <PanelLoading />;
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
    <div className="yct-list yct-fav" data-testid="favourites-page">
      {list.data ? (
        <p className="yct-fav__count" data-testid="favourites-count">
          共收藏 <b>{list.data.total}</b> 件商品
        </p>
      ) : null}
      {body}
    </div>
  );
}

export default function FavouritesPage() {
  return (
    <AccountLayout title="我的收藏">
      <RequireAccount>
        <Favourites />
      </RequireAccount>
    </AccountLayout>
  );
}
