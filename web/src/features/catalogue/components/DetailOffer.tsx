/**
 * The product page's flash sale or daily special: the session and its countdown above the price box, the price
 * the buyer pays with the usual one struck out, and the daily limit with what is left of it today.
 */
import { formatMoney, yuanToFen } from '@core/money';
import type { GoodsDetail } from '@core/schemas/goods';
import type { GoodsOffer } from '@core/schemas/promotions';
import { chinaClock } from '@/lib/china-time';
import { Countdown } from '@/ui/Countdown';
import { Price } from '@/ui/Price';
import { ladderAt } from '../lib/ladder';

type Offer = NonNullable<GoodsOffer['offer']>;

/** The strip above the price: 早场秒杀 距结束 01:23:45, or 午场秒杀 12:00开抢 距开始 ... */
export function OfferStrip({ offer, onEnd }: { offer: Offer; onEnd: () => void }) {
  const on = offer.status === 1;
  return (
    <div className={`yct-detail__offer yct-detail__offer--${offer.kind}`} data-testid="detail-offer">
      <strong data-testid="detail-offer-name">{offer.name}</strong>
      {on ? null : <span className="yct-detail__offer-start">{chinaClock(offer.start_time)} 开抢</span>}
      <Countdown end={on ? offer.end_time : offer.start_time} label={on ? '距结束' : '距开始'} onEnd={onEnd} />
    </div>
  );
}

/** 秒杀价 / 特价 with the usual price struck out (on now), or the coming session's price beside the usual one. */
export function OfferPrice({ offer, goods }: { offer: Offer; goods: GoodsDetail }) {
  const label = offer.kind === 'spike' ? '秒杀价' : '特价';
  if (offer.status === 0) {
    return (
      <div className="yct-detail__offer-price">
        <span className="yct-detail__label">采购价</span>
        <Price value={goods.base_price} tip={goods.price_tip} size="large" />
        {offer.price !== null ? (
          <span className="yct-detail__offer-next" data-testid="detail-offer-price">
            {label} ¥{offer.price}
          </span>
        ) : null}
      </div>
    );
  }
  return (
    <div className="yct-detail__offer-price">
      <span className="yct-detail__label">{label}</span>
      <span data-testid="detail-offer-price">
        <Price value={offer.price} tip={goods.price_tip} size="large" />
      </span>
      {offer.price !== null && goods.base_price !== null ? (
        <del className="yct-detail__was" data-testid="detail-base-price">
          ¥{goods.base_price}
        </del>
      ) : null}
    </div>
  );
}

/** 每日限购25盒，今日还可购20盒，超出部分按原价计算 */
export function OfferLimit({ offer, unit }: { offer: Offer; unit: string }) {
  if (!offer.limit && offer.remaining === null) return null;
  const label = offer.kind === 'spike' ? '秒杀' : '特价';
  const parts: string[] = [];
  if (offer.limit) parts.push(`每日限购${offer.limit}${unit}`);
  if (offer.remaining !== null) parts.push(offer.remaining > 0 ? `今日还可购${offer.remaining}${unit}` : `今日${label}数量已用完`);
  parts.push(offer.remaining === 0 ? '按原价购买' : '超出部分按原价计算');
  return (
    <div className="yct-detail__offer-limit" data-testid="detail-offer-limit">
      {parts.join('，')}
    </div>
  );
}

/**
 * What the quantity in the box costs on the offer, as the cart will price it (decision 006): the units within
 * today's limit at the offer's price, the rest at the tier of the whole quantity. Null where the tier is cheaper
 * than the offer (the cart charges the tier then) or prices are hidden: the tiers' own summary says it.
 */
export function offerCost(offer: Offer, goods: GoodsDetail, number: number) {
  const tier = ladderAt(goods, number);
  if (offer.status !== 1 || offer.price === null || goods.base_price === null) return null;
  const offerFen = yuanToFen(offer.price);
  const tierFen = yuanToFen(tier.unit?.replace(/[^\d.]/g, '') ?? goods.base_price);
  if (tierFen <= offerFen) return null;
  const atOffer = offer.remaining === null ? number : Math.min(number, offer.remaining);
  const rest = number - atOffer;
  return { atOffer, rest, offerUnit: formatMoney(offerFen), restUnit: formatMoney(tierFen), subtotal: formatMoney(offerFen * atOffer + tierFen * rest) };
}

/** 采购 10盒，秒杀价 ¥11.00，小计 ¥110.00; beyond today's limit, the units at the usual price apart. */
export function OfferSummary({
  cost,
  goods,
  number,
  label,
}: {
  cost: NonNullable<ReturnType<typeof offerCost>>;
  goods: GoodsDetail;
  number: number;
  label: string;
}) {
  const unit = goods.bzdw;
  return (
    <p className="yct-ladder-sum" data-testid="offer-summary">
      采购 {number}
      {unit}，
      {cost.rest ? (
        <>
          其中 {cost.atOffer}
          {unit}
          {label} <b>{cost.offerUnit}</b>，{cost.rest}
          {unit}按 <b>{cost.restUnit}</b>
        </>
      ) : (
        <>
          {label} <b>{cost.offerUnit}</b>
        </>
      )}
      ，小计 <b data-testid="offer-subtotal">{cost.subtotal}</b>
    </p>
  );
}
