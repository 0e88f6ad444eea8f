/**
 * /zhzq 组合购: each bundle with its goods and quantities, the bundle price against the separate price and the
 * saving, the bundles in stock, and one click that puts the bundle in the cart as one line.
 */
import '@/ui/goods.css';
import '../catalogue.css';
import '../promotion-pages.css';
import { Fragment, useState } from 'react';
import { Link } from 'react-router';
import type { BundleOffer } from '@core/schemas/promotions';
import { useAddToCart } from '@/lib/cart/add-to-cart';
import { Countdown } from '@/ui/Countdown';
import { EmptyState } from '@/ui/EmptyState';
import { ErrorState } from '@/ui/ErrorState';
import { Price } from '@/ui/Price';
import { QuantityStepper } from '@/ui/QuantityStepper';
import { useBundles } from '../api/promotion-pages';
import { ZoneBanner } from '../components/ZoneBanner';

function Bundle({ bundle }: { bundle: BundleOffer }) {
  const [number, setNumber] = useState(1);
  const add = useAddToCart();
  const first = bundle.items[0].goods;
  const soldOut = bundle.is_buy === 0;
  return (
    <li className="yct-bundle" data-testid="bundle" data-id={bundle.id}>
      <h2 className="yct-bundle__name">{bundle.name}</h2>
      <div className="yct-bundle__body">
        <ol className="yct-bundle__items">
          {bundle.items.map(({ goods, number: units }, i) => (
            <Fragment key={goods.id}>
              {i > 0 ? (
                <li className="yct-bundle__plus" aria-hidden="true">
                  +
                </li>
              ) : null}
              <li className="yct-bundle__item" data-testid="bundle-item">
                <Link to={`/list/info/${goods.id}`} className="yct-bundle__image">
                  <img src={goods.goods_image[0]} alt={goods.name} width={120} height={120} loading="lazy" />
                </Link>
                <Link to={`/list/info/${goods.id}`} className="yct-bundle__goods" title={goods.name}>
                  {goods.name}
                </Link>
                <span className="yct-muted">{goods.ypgg}</span>
                <span className="yct-muted yct-bundle__maker" title={goods.sccj}>
                  {goods.sccj}
                </span>
                <span>
                  <Price value={goods.base_price} tip={goods.price_tip} size="small" />
                  <span className="yct-bundle__units">
                    {' '}
                    × {units}
                    {goods.bzdw}
                  </span>
                </span>
              </li>
            </Fragment>
          ))}
        </ol>
        <div className="yct-bundle__buy">
          <div className="yct-bundle__price">
            <span>套餐价</span>
            <Price value={bundle.price} tip={first.price_tip} size="large" />
          </div>
          {bundle.separate_price !== null ? (
            <div className="yct-bundle__was">
              单买总价 <del data-testid="bundle-separate">¥{bundle.separate_price}</del>
              <span className="yct-bundle__saving" data-testid="bundle-saving">
                立省 ¥{bundle.saving}
              </span>
            </div>
          ) : null}
          <div className="yct-muted" data-testid="bundle-stock">
            {soldOut ? '套餐已售罄' : `库存 ${bundle.stock} 套`}
          </div>
          <div className="yct-addcart">
            <QuantityStepper value={number} zbz={1} stock={Math.max(1, bundle.stock)} unit="套" onChange={setNumber} disabled={soldOut} />
            <button
              type="button"
              className={`yct-cartbtn yct-cartbtn--large${add.isPending ? ' is-loading' : ''}`}
              disabled={soldOut || add.isPending}
              aria-busy={add.isPending}
              onClick={() => add.mutate({ goods: first, number, type: 3, price: bundle.price, combinationId: bundle.id })}
              data-testid="bundle-add"
            >
              {soldOut ? '已售罄' : '加入购物车'}
            </button>
          </div>
        </div>
      </div>
    </li>
  );
}

export default function BundlesPage() {
  const bundles = useBundles();
  const data = bundles.data;
  const activity = data?.activity;
  let body;
  if (bundles.isPending) body = <div className="yct-bundle yct-bundle--loading" aria-busy="true" data-testid="bundles-loading" />;
  else if (bundles.isError) body = <ErrorState onRetry={() => void bundles.refetch()} retrying={bundles.isFetching} />;
  else if (activity?.status === 0)
    body = (
      <EmptyState description={`${activity.name}即将开始，敬请期待`}>
        <Countdown label="距活动开始" end={activity.start_time} onEnd={() => void bundles.refetch()} />
      </EmptyState>
    );
  else if (activity?.status === 2) body = <EmptyState description={`${activity.name}已结束，感谢您的参与`} />;
  else if (!data?.bundles.length)
    body = (
      <EmptyState description="暂无组合套餐，敬请期待">
        <Link to="/list" className="yct-btn">
          看看全部商品
        </Link>
      </EmptyState>
    );
  else
    body = (
      <ul className="yct-bundles" data-testid="bundles">
        {data.bundles.map((b) => (
          <Bundle key={b.id} bundle={b} />
        ))}
      </ul>
    );
  return (
    <div className="yct-container yct-list" data-testid="bundles-page">
      <ZoneBanner position="zhzq" />
      <div className="yct-breadcrumb">
        <Link to="/">首页</Link>
        <span>›</span>
        <span>组合购</span>
      </div>
      {activity ? (
        <div className="yct-daily__bar yct-promo-bar" data-testid="promo-bar" data-status={activity.status}>
          <h1>{activity.name}</h1>
          {activity.status === 1 ? <span>共 {data.bundles.length} 个套餐 · 套餐内商品按组合价结算</span> : null}
          {activity.status === 1 ? <Countdown label="距活动结束" end={activity.end_time} onEnd={() => void bundles.refetch()} /> : null}
        </div>
      ) : null}
      {activity?.status === 1 && activity.description ? (
        <div className="yct-promo-rules">
          <b>活动规则</b>
          <span>{activity.description}；一个套餐为购物车中的一行，数量为套数，库存以套餐内每件商品的库存计。</span>
        </div>
      ) : null}
      {body}
    </div>
  );
}
