/**
 * One coupon per order: the usable coupons first with what each takes off this order, the others greyed with the
 * reason; 不使用优惠券 sends coupon_id 0. The server re-prices the order on every choice.
 */
import type { Confirm } from '@core/schemas/trade';
import { chinaDate } from '@/lib/china-time';
import { money } from '../lib/checkout';

type Props = {
  data: Pick<Confirm, 'coupons' | 'coupon' | 'coupon_error'>;
  onChoose: (id: number) => void;
  busy: boolean;
  error?: string;
};

export function CouponPicker({ data, onChoose, busy, error }: Props) {
  const chosen = data.coupon?.id ?? 0;
  const usable = data.coupons.filter((c) => c.usable).length;
  return (
    <section className="yct-co-section" data-testid="coupon-section">
      <header className="yct-co-section__head">
        <h2>
          优惠券
          <small>
            可用 <b>{usable}</b> 张{data.coupon ? `，已选 ${data.coupon.name}，可减 ${money(data.coupon.discount)}` : '，未使用'}
          </small>
        </h2>
      </header>
      {data.coupons.length ? (
        <div className={`yct-co-coupons${busy ? ' is-busy' : ''}`}>
          {data.coupons.map((c) => {
            const on = c.id === chosen;
            return (
              <button
                key={c.id}
                type="button"
                className={`yct-co-coupon${on ? ' is-selected' : ''}${c.usable ? '' : ' is-disabled'}`}
                disabled={!c.usable || busy}
                onClick={() => onChoose(on ? 0 : c.id)}
                aria-pressed={on}
                data-testid="coupon-option"
                data-id={c.id}
                data-usable={c.usable ? 1 : 0}
              >
                <span className="yct-co-coupon__value">
                  {c.usable ? (
                    <span className="yct-co-coupon__amount">
                      <small>¥</small>
                      {c.discount.replace(/\.00$/, '')}
                    </span>
                  ) : (
                    <span className="yct-co-coupon__na">不可用</span>
                  )}
                  <i>{c.type === 'discount' ? '折扣券' : '满减券'}</i>
                </span>
                <span className="yct-co-coupon__body">
                  <b>{c.name}</b>
                  <span className="yct-co-coupon__msg">{c.message}</span>
                  <span className="yct-co-coupon__date">有效期至 {chinaDate(c.ends_at)}</span>
                </span>
              </button>
            );
          })}
          <button
            type="button"
            className={`yct-co-coupon yct-co-coupon--none${chosen === 0 ? ' is-selected' : ''}`}
            disabled={busy}
            onClick={() => onChoose(0)}
            aria-pressed={chosen === 0}
            data-testid="coupon-none"
          >
            不使用优惠券
          </button>
        </div>
      ) : (
        <p className="yct-co-empty-line">暂无可用优惠券</p>
      )}
      {data.coupon_error || error ? (
        <p className="yct-co-field-error" role="alert" data-testid="coupon-error">
          {error || data.coupon_error}
        </p>
      ) : null}
    </section>
  );
}
