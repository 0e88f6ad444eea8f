/** A goods card of a promotion (flash sale, daily specials): the activity price beside the usual one, and the limit. */
import { Link } from 'react-router';
import type { PromoGoods } from '@core/schemas/promotions';
import { AddToCart } from '@/ui/AddToCart';
import { GoodsTags } from '@/ui/GoodsTag';
import { Price } from '@/ui/Price';

type Props = {
  goods: PromoGoods;
  /** The cart line type of the promotion: 1 for a flash sale. */
  lineType?: number;
  /** Set while the promotion has not started: the button says so and adds nothing. */
  blocked?: string;
};

export function PromoCard({ goods, lineType, blocked }: Props) {
  return (
    <li className="yct-card yct-promo-card" data-testid="promo-card">
      <Link to={`/list/info/${goods.id}`} className="yct-card__image">
        <img src={goods.goods_image[0]} alt={goods.name} width={200} height={200} loading="lazy" />
      </Link>
      <Link to={`/list/info/${goods.id}`} className="yct-card__name" title={goods.name} data-testid="goods-name">
        {goods.name}
        <GoodsTags tags={goods.tags} />
      </Link>
      <div className="yct-card__meta">{goods.ypgg}</div>
      <div className="yct-card__meta yct-card__maker" title={goods.sccj}>
        {goods.sccj}
      </div>
      <div className="yct-promo-card__price">
        <Price value={goods.activity_price} tip={goods.price_tip} />
        {goods.activity_price !== null && goods.base_price !== null ? <del data-testid="original-price">¥{goods.base_price}</del> : null}
      </div>
      <div className="yct-card__meta">
        {goods.limit ? (
          <span className="yct-promo-card__limit" data-testid="promo-limit">
            每日限购 {goods.limit}
            {goods.bzdw}
          </span>
        ) : null}
        <span className="yct-card__stock">效期 {goods.xq}</span>
      </div>
      <AddToCart goods={goods} compact promo={{ type: lineType, price: goods.activity_price, limit: goods.limit }} blocked={blocked} />
    </li>
  );
}
