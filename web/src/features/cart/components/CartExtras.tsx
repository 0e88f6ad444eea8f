/** Around the cart table: filter tabs, free-shipping progress, hints for the next offer, add-on (换购) offers. */
import { Link } from 'react-router';
import { useState } from 'react';
import type { CartFilterOption, CartList, HuangouGroup, NextHint } from '@core/schemas/cart';
import { useAddonGoods } from '../api/get-addon-goods';
import { isPicked, keepReached, readAddonPicks, togglePick, writeAddonPicks, type AddonPick } from '../lib/addon-picks';
import { money } from '../lib/cart-view';

export function CartFilters({ filters, current, onChange }: { filters: CartFilterOption[]; current: number; onChange: (id: number) => void }) {
  return (
    <div className="yct-cfilters" role="tablist" aria-label="购物车筛选" data-testid="cart-filters">
      {filters.map((f) => (
        <button
          key={f.id}
          type="button"
          role="tab"
          aria-selected={f.id === current}
          className={f.id === current ? 'is-active' : ''}
          onClick={() => onChange(f.id)}
          data-testid="cart-filter"
          data-filter-id={f.id}
        >
          {f.name}
          <em>{f.count}</em>
        </button>
      ))}
    </div>
  );
}

/** 已免运费, or how much more the selected goods need to ship free. */
export function ShippingInfo({ cart }: { cart: Pick<CartList, 'shipping' | 'shipping_data'> }) {
  const { shipping, shipping_data } = cart;
  if (shipping.reason === 'empty') return null;
  if (shipping.free) {
    return (
      <span className="yct-cship is-free" data-testid="cart-shipping">
        <b>已免运费</b>
        {shipping.reason === 'all_free_shipping' ? '（包邮商品）' : `（满${money(shipping_data.no_trans_order_amount)}免运费）`}
      </span>
    );
  }
  return (
    <span className="yct-cship" data-testid="cart-shipping">
      还差 <b>{money(shipping.need)}</b> 免运费，当前运费 {money(shipping.amount)}
      <Link to="/list" className="yct-cship__more">
        去凑单 ›
      </Link>
    </span>
  );
}

const HINT_LABEL: Record<NextHint['kind'], string> = { manjian: '满减', gift: '满赠', huangou: '换购', shipping: '包邮' };

/** What to add for the next gift, add-on or free shipping; a 满减 group says its own in its header. */
export function CartHints({ hints: all }: { hints: NextHint[] }) {
  const hints = all.filter((h) => h.kind !== 'manjian');
  if (!hints.length) return null;
  return (
    <ul className="yct-chints" data-testid="cart-hints">
      {hints.map((h) => (
        <li key={`${h.kind}-${h.activity_id ?? 0}`}>
          <span className="yct-chints__kind">{HINT_LABEL[h.kind]}</span>
          {h.message}
        </li>
      ))}
    </ul>
  );
}

/**
 * The add-on offers of the 换购 activities the selected goods reach: each goods at its add-on price, with a
 * button to pick it for the order. Picks are kept for the visit (lib/addon-picks.ts).
 */
export function AddonOffers({ huangous }: { huangous: HuangouGroup[] }) {
  const reached = huangous.filter((h) => h.reached && h.offers.length);
  const goods = useAddonGoods([...new Set(reached.flatMap((h) => h.offers.map((o) => o.goods_id)))]);
  const [picks, setPicks] = useState<AddonPick[]>(() =>
    keepReached(
      readAddonPicks(),
      reached.map((h) => h.activity_id),
    ),
  );
  if (!reached.length) return null;
  const toggle = (pick: AddonPick) => {
    const next = togglePick(picks, pick);
    setPicks(next);
    writeAddonPicks(next);
  };
  return (
    <div className="yct-caddons" data-testid="addon-offers">
      {reached.map((h) => (
        <section key={h.activity_id}>
          <header>
            <span className="yct-tag yct-tag--blue">换购</span>
            <strong>{h.name}</strong>
            <span className="yct-caddons__status">已满{money(h.threshold)}，可按换购价加购以下商品</span>
          </header>
          <ul>
            {h.offers.map((o) => {
              const g = goods.get(o.goods_id);
              const on = isPicked(picks, h.activity_id, o.goods_id);
              const number = Math.min(g?.zbz ?? 1, o.limit || Infinity);
              return (
                <li key={o.goods_id} className={on ? 'is-picked' : ''} data-testid="addon-offer">
                  {g ? <img src={g.goods_image[0]} alt={g.name} width={56} height={56} loading="lazy" /> : <span className="yct-caddons__img" />}
                  <div>
                    <div className="yct-caddons__name">{g?.name ?? `商品 ${o.goods_id}`}</div>
                    <div className="yct-muted">{g ? `${g.ypgg} / ${g.bzdw}` : ''}</div>
                    <div>
                      <span className="yct-text-red">换购价 {money(o.price)}</span>
                      {o.limit ? (
                        <span className="yct-muted">
                          {' '}
                          限{o.limit}
                          {g?.bzdw ?? '件'}
                        </span>
                      ) : null}
                    </div>
                  </div>
                  <button
                    type="button"
                    className={`yct-caddons__pick${on ? ' is-on' : ''}`}
                    onClick={() => toggle({ activity_id: h.activity_id, goods_id: o.goods_id, number })}
                    aria-pressed={on}
                    data-testid="addon-pick"
                  >
                    {on ? `已选 ×${number}` : '换购'}
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
      <p className="yct-caddons__note">已选的换购商品在确认订单时一并结算。</p>
    </div>
  );
}
