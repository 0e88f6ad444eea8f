/** A goods card of the image grid: picture, price or its hidden text, tiers, name, spec, maker, expiry, stock, tags. */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Goods } from '@core/schemas/goods';
import { GoodsTags } from './GoodsTag';
import { Price } from './Price';
import { AddToCart } from './AddToCart';
import { stockText, unavailable } from './sale-state';

/** The tiers in one line; in a card an empty line when there are none (`reserve`), so that the cards of a row line up. */
export function LadderHint({ goods, reserve = false }: { goods: Goods; reserve?: boolean }) {
  if (!goods.ladder_price.length) return reserve ? <span className="yct-ladder" aria-hidden="true" /> : null;
  const text = goods.ladder_price.map((t) => `满${t.number}${goods.bzdw}${t.price === null ? '' : ` ¥${t.price}`}`).join('，');
  return (
    <span className="yct-ladder" data-testid="ladder-hint" title={text}>
      {goods.ladder_price.map((t) => (
        <span key={t.number}>
          满{t.number}
          {goods.bzdw}
          {t.price === null ? '' : ` ¥${t.price}`}
        </span>
      ))}
    </span>
  );
}

/** `action`: what the card offers in the add-to-cart's place (a feature's 到货通知 on goods out of stock). */
export function GoodsCard({ goods, action }: { goods: Goods; action?: ReactNode }) {
  const why = unavailable(goods);
  return (
    <li className="yct-card" data-testid="goods-card">
      <Link to={`/list/info/${goods.id}`} className="yct-card__image">
        <img src={goods.goods_image[0]} alt={goods.name} width={200} height={200} loading="lazy" />
        {why ? <span className="yct-card__soldout">{why}</span> : null}
        {goods.is_free_shipping && goods.free_shipping_number > 0 ? (
          <span className="yct-card__freeship" data-testid="free-shipping-badge">
            满{goods.free_shipping_number}
            {goods.bzdw}包邮
          </span>
        ) : null}
      </Link>
      <div className="yct-card__price">
        <Price value={goods.base_price} tip={goods.price_tip} />
        <GoodsTags tags={goods.tags} />
      </div>
      <LadderHint goods={goods} reserve />
      <Link to={`/list/info/${goods.id}`} className="yct-card__name" title={goods.name} data-testid="goods-name">
        {goods.name}
      </Link>
      <div className="yct-card__meta">{goods.ypgg}</div>
      <div className="yct-card__meta yct-card__maker" title={goods.sccj}>
        {goods.sccj}
      </div>
      <div className="yct-card__meta">
        效期 {goods.xq}
        <span className={why ? 'yct-card__stock is-out' : 'yct-card__stock'} data-testid="goods-stock">
          {stockText(goods)}
        </span>
      </div>
      {action ?? <AddToCart goods={goods} compact />}
    </li>
  );
}
