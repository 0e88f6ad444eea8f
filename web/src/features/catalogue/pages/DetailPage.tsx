/**
 * /list/info/{id}: gallery, every goods field, ladder price table, tags, stock, quantity and add to cart, favourite,
 * 加入清单, 到货通知 and 降价提醒.
 */
import '@/ui/goods.css';
import '../catalogue.css';
import { App, Button } from 'antd';
import { Fragment, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { expiryRange, expiryText } from '@core/expiry';
import type { GoodsDetail } from '@core/schemas/goods';
import { isApiError } from '@/api/client';
import { isLoggedIn, useUserBase } from '@/lib/session/get-user-base';
import { AddToCart } from '@/ui/AddToCart';
import { EmptyState } from '@/ui/EmptyState';
import { ErrorState } from '@/ui/ErrorState';
import { GoodsCard } from '@/ui/GoodsCard';
import { stockText, unavailable } from '@/ui/sale-state';
import { GoodsTags } from '@/ui/GoodsTag';
import { Price } from '@/ui/Price';
import { useFavoriteToggle } from '../api/favorites';
import { useGoodsDetail, useGoodsList } from '../api/goods';
import { useGoodsOffer } from '../api/goods-offer';
import { OfferLimit, OfferPrice, OfferStrip, OfferSummary, offerCost } from '../components/DetailOffer';
import { DetailNotices } from '../components/GoodsNotices';
import { DetailSaveToList } from '../components/DetailSaveToList';
import { LadderSummary, LadderTable } from '../components/LadderPrices';
import { loginPathTo } from '@core/routes';

function Gallery({ goods }: { goods: GoodsDetail }) {
  const [index, setIndex] = useState(0);
  return (
    <div className="yct-gallery" data-testid="gallery">
      <img className="yct-gallery__main" src={goods.goods_image[index]} alt={goods.name} width={400} height={400} />
      <div className="yct-gallery__thumbs">
        {goods.goods_image.map((src, i) => (
          <button key={src} type="button" className={i === index ? 'is-active' : ''} onMouseEnter={() => setIndex(i)} onClick={() => setIndex(i)}>
            <img src={src} alt="" width={60} height={60} />
          </button>
        ))}
      </div>
    </div>
  );
}

function FavoriteButton({ goods }: { goods: GoodsDetail }) {
  const toggle = useFavoriteToggle();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { data: user } = useUserBase();
  const on = goods.is_favorite === 1;
  const click = () => {
    if (!isLoggedIn(user)) {
      void navigate(loginPathTo(`/list/info/${goods.id}`));
      return;
    }
    toggle.mutate(
      { id: goods.id, on: !on },
      {
        onSuccess: () => {
          if (on) void message.success('取消收藏成功');
          else
            void message.success({
              // Long enough to reach its link.
              duration: 6,
              content: (
                <span data-testid="favorite-toast">
                  收藏成功
                  <Button type="link" size="small" onClick={() => void navigate('/star')} data-testid="favorite-view">
                    查看收藏
                  </Button>
                </span>
              ),
            });
        },
      },
    );
  };
  return (
    <Button onClick={click} loading={toggle.isPending} className={on ? 'yct-fav is-on' : 'yct-fav'} data-testid="favorite-toggle" data-on={on ? '1' : '0'}>
      {on ? '★ 已收藏' : '☆ 收藏'}
    </Button>
  );
}

function DetailLoading() {
  return (
    <div className="yct-container yct-detail yct-detail--loading" aria-busy="true" data-testid="detail-loading">
      <div className="yct-gallery yct-skeleton" />
      <div className="yct-detail__info">
        <div className="yct-skeleton yct-skeleton--line" />
        <div className="yct-skeleton yct-skeleton--line" />
        <div className="yct-skeleton yct-skeleton--block" />
      </div>
    </div>
  );
}

export default function DetailPage() {
  const id = Number(useParams().id);
  const detail = useGoodsDetail(id);
  const offered = useGoodsOffer(id);
  // The quantity in the stepper, for this goods: the tier it reaches is highlighted and priced.
  const [picked, setPicked] = useState<{ id: number; number: number } | null>(null);
  if (detail.isPending) return <DetailLoading />;
  if (detail.isError) {
    const gone = isApiError(detail.error) && detail.error.status === 404;
    return (
      <div className="yct-container yct-detail-missing">
        {gone ? (
          <EmptyState description="商品不存在或已下架">
            <Link to="/list" className="yct-btn">
              看看其他商品
            </Link>
          </EmptyState>
        ) : (
          <ErrorState onRetry={() => void detail.refetch()} retrying={detail.isFetching} />
        )}
      </div>
    );
  }
  const g = detail.data;
  const offer = offered.data?.offer ?? null;
  const spikeOn = offer?.kind === 'spike' && offer.status === 1;
  const number = picked?.id === g.id ? picked.number : g.zbz;
  const setNumber = (n: number) => setPicked({ id: g.id, number: n });
  const cost = offer ? offerCost(offer, g, number) : null;
  // The dates the quantity in the box ships with: the batches first-expiring first.
  const expiry = expiryRange(g.expiries, number);
  const rows: [string, string][] = [
    ...(g.tym ? [['通用名', g.tym] as [string, string]] : []),
    ...(g.spm ? [['商品名', g.spm] as [string, string]] : []),
    ['批准文号', g.pzwh || '—'],
    ['商品编码', String(g.id)],
    ['商品条码', g.tm || '—'],
    ['生产厂家', g.sccj],
    ['规格', g.ypgg],
    ['剂型', g.jx],
    ['处方分类', g.cfl],
    ['包装单位', g.bzdw],
    ['中包装', `${g.zbz}${g.bzdw}`],
    ['件装量', `${g.jzl}${g.bzdw}`],
    ['生产日期', g.scrq],
    ['有效期至', g.xq],
    ['储存条件', g.ccfs],
    ['品牌', g.brand?.name ?? '—'],
    ...(g.gnzz ? [['功能主治', g.gnzz] as [string, string]] : []),
  ];
  return (
    <div className="yct-container" data-testid="goods-detail">
      <div className="yct-breadcrumb">
        <Link to="/">首页</Link>
        {g.category_path.map((c) => (
          <Fragment key={c.id}>
            <span>›</span>
            <Link to={`/list?category=${c.id}`}>{c.name}</Link>
          </Fragment>
        ))}
        <span>›</span>
        <span>{g.name}</span>
      </div>
      <div className="yct-detail">
        <Gallery goods={g} />
        <div className="yct-detail__info">
          <h1 data-testid="detail-name">
            {g.name} <small>{g.ypgg}</small>
          </h1>
          <GoodsTags tags={g.tags} />
          {g.is_ephedrine ? <p className="yct-detail__warn">含麻黄碱类复方制剂：需对公转账支付，并回传签收单</p> : null}
          {offer ? <OfferStrip offer={offer} onEnd={() => void offered.refetch()} /> : null}
          <div className={`yct-detail__pricebox${offer ? ' has-offer' : ''}`}>
            <div>
              {offer ? (
                <>
                  <OfferPrice offer={offer} goods={g} />
                  {offer.status === 1 ? <OfferLimit offer={offer} unit={g.bzdw} /> : null}
                </>
              ) : (
                <>
                  <span className="yct-detail__label">采购价</span>
                  <Price value={g.base_price} tip={g.price_tip} size="large" />
                </>
              )}
              {g.price_tip === '登录可见' ? (
                <Link to={loginPathTo(`/list/info/${g.id}`)} className="yct-detail__login">
                  立即登录
                </Link>
              ) : g.price_tip ? (
                <Link to="/zhzx/zzzj" className="yct-detail__login">
                  查看资质审核
                </Link>
              ) : null}
            </div>
            <LadderTable goods={g} number={number} />
            {cost && offer ? (
              <OfferSummary cost={cost} goods={g} number={number} label={offer.kind === 'spike' ? '秒杀价' : '特价'} />
            ) : (
              <LadderSummary goods={g} number={number} />
            )}
          </div>
          <dl className="yct-detail__fields">
            {rows.map(([k, v]) => (
              <div key={k} className={k === '功能主治' ? 'yct-detail__wide' : undefined}>
                <dt>{k}</dt>
                <dd>{v}</dd>
              </div>
            ))}
          </dl>
          <div className="yct-detail__stock" data-testid="detail-stock">
            库存：
            <b className={unavailable(g) ? 'yct-text-red' : ''} data-testid="goods-stock">
              {stockText(g, false)}
            </b>
            {g.is_free_shipping ? (
              <span className="yct-detail__ship">
                满{g.free_shipping_number}
                {g.bzdw}包邮
              </span>
            ) : null}
          </div>
          {expiry ? (
            <div className="yct-detail__expiry" data-testid="detail-expiry">
              效期：<b>{expiryText(expiry)}</b>
              {expiry.from !== expiry.to ? (
                <span className="yct-detail__batches">
                  采购{number}
                  {g.bzdw}将分批号发货，先发近效期批号
                </span>
              ) : null}
            </div>
          ) : null}
          <div className="yct-detail__actions" data-testid="detail-actions">
            {/* On a flash sale the goods goes in as the flash-sale line (one line, the same as from the flash-sale floor). */}
            <AddToCart goods={g} onNumberChange={setNumber} promo={offer && spikeOn ? { type: 1, price: offer.price, limit: 0 } : undefined} />
            <FavoriteButton goods={g} />
            <DetailSaveToList goodsId={g.id} number={number} />
            <DetailNotices goods={g} />
          </div>
        </div>
      </div>
      <section className="yct-detail__insert">
        <h2>药品说明书</h2>
        <pre>{g.instructions}</pre>
      </section>
      <Related goods={g} />
    </div>
  );
}

/** 相关推荐: the best sellers of the same category, this goods left out. */
function Related({ goods }: { goods: GoodsDetail }) {
  const list = useGoodsList({ category: goods.category_id, sort: 'sales', per_page: 6 });
  const others = (list.data?.data ?? []).filter((r) => r.id !== goods.id).slice(0, 5);
  if (list.isError || (list.data && !others.length)) return null;
  return (
    <section className="yct-detail__related" data-testid="related-goods">
      <h2>相关推荐</h2>
      {list.isPending ? (
        <ul className="yct-grid" aria-busy="true">
          {Array.from({ length: 5 }, (_, i) => (
            <li key={i} className="yct-card yct-card--skeleton" />
          ))}
        </ul>
      ) : (
        <ul className="yct-grid">
          {others.map((r) => (
            <GoodsCard key={r.id} goods={r} />
          ))}
        </ul>
      )}
    </section>
  );
}
