/** The brand zone: /ppzq (and /ppzq_index/{page}) lists the brands, /ppzq/info/{id}/{page?} one brand's goods. */
import '@/ui/goods.css';
import '../catalogue.css';
import { Pagination } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';
import { isApiError } from '@/api/client';
import { EmptyState } from '@/ui/EmptyState';
import { ErrorState } from '@/ui/ErrorState';
import { useBrand, useBrandList } from '../api/home';
import { GoodsListView } from '../components/GoodsListView';
import { BannerImage, ZoneBanner } from '../components/ZoneBanner';

const pageOf = (value: string | undefined) => Math.max(1, Number(value) || 1);

export function BrandZonePage() {
  const page = pageOf(useParams().page);
  const navigate = useNavigate();
  const list = useBrandList(page);
  const data = list.data;
  return (
    <div className="yct-container yct-list" data-testid="brand-zone">
      <ZoneBanner position="ppzq" />
      <div className="yct-breadcrumb">
        <Link to="/">首页</Link>
        <span>›</span>
        <span>品牌专区</span>
        {data ? <span className="yct-breadcrumb__aside">共 {data.total} 个品牌</span> : null}
      </div>
      {list.isPending ? (
        <ul className="yct-brands" aria-busy="true">
          {Array.from({ length: 12 }, (_, i) => (
            <li key={i} className="yct-brand yct-card--skeleton" />
          ))}
        </ul>
      ) : list.isError ? (
        <ErrorState onRetry={() => void list.refetch()} retrying={list.isFetching} />
      ) : !data?.data.length ? (
        <EmptyState />
      ) : (
        <ul className="yct-brands" data-testid="brand-list">
          {data.data.map((b) => (
            <li key={b.id} className="yct-brand" data-testid="brand-tile">
              <Link to={b.url} className="yct-brand__head">
                <img src={b.logo} alt={b.name} width={120} height={54} loading="lazy" />
                <div>
                  <strong>{b.name}</strong>
                  <span>{b.goods_count} 款商品</span>
                </div>
              </Link>
              <p className="yct-brand__desc" title={b.description}>
                {b.description}
              </p>
              <ul className="yct-brand__goods">
                {b.goods.map((g) => (
                  <li key={g.id}>
                    <Link to={`/list/info/${g.id}`} title={g.name}>
                      <img src={g.goods_image[0]} alt={g.name} width={80} height={80} loading="lazy" />
                      <span>{g.name}</span>
                    </Link>
                  </li>
                ))}
              </ul>
              <Link to={b.url} className="yct-brand__enter">
                进入品牌专区 ›
              </Link>
            </li>
          ))}
        </ul>
      )}
      {data && data.last_page > 1 ? (
        <div className="yct-pager">
          <Pagination
            current={data.current_page}
            pageSize={data.per_page}
            total={data.total}
            showSizeChanger={false}
            onChange={(p) => void navigate(p === 1 ? '/ppzq' : `/ppzq_index/${p}`)}
          />
        </div>
      ) : null}
    </div>
  );
}

export function BrandDetailPage() {
  const { id, page } = useParams();
  const brandId = Number(id);
  const brand = useBrand(brandId);
  if (brand.isError) {
    const missing = isApiError(brand.error) && brand.error.status === 404;
    return (
      <div className="yct-container yct-list">
        {missing ? (
          <EmptyState description="品牌不存在或已下线">
            <Link to="/ppzq" className="yct-btn">
              看看其他品牌
            </Link>
          </EmptyState>
        ) : (
          <ErrorState onRetry={() => void brand.refetch()} />
        )}
      </div>
    );
  }
  const b = brand.data;
  return (
    <GoodsListView
      view="grid"
      title={b ? `品牌专区 › ${b.name}` : '品牌专区'}
      fixed={{ brand: id }}
      views={{}}
      pathPage={{ page: pageOf(page), href: (p) => `/ppzq/info/${brandId}${p > 1 ? `/${p}` : ''}` }}
      banner={
        b ? (
          <>
            {b.banner ? <BannerImage ad={{ image: b.banner, url: '', title: b.name }} /> : null}
            <div className="yct-brand-intro" data-testid="brand-intro">
              <img src={b.logo} alt={b.name} width={140} height={63} />
              <div>
                <h1>{b.name}</h1>
                <p>{b.description}</p>
              </div>
              <span>
                共 <b>{b.goods_count}</b> 款商品
              </span>
            </div>
          </>
        ) : (
          <div className="yct-zone-banner yct-zone-banner--loading" aria-hidden="true" />
        )
      }
    />
  );
}
