/** One order of the checkout as a table: each line's price, quantity, subtotal and the discounts it received, then its gifts. */
import { Tooltip } from 'antd';
import { Link } from 'react-router';
import { expiryText } from '@core/expiry';
import type { CartLine } from '@core/schemas/cart';
import type { ConfirmGroup } from '@core/schemas/trade';
import { FIRST_GOODS_TIP } from '@/lib/documents/first-goods';
import { linePrice } from '@/lib/line-price';
import { isZero, lineDiscounts, minus, money } from '../lib/checkout';

function LineRow({ line, gift, first }: { line: CartLine; gift?: { name: string; total: number; activity: string }; first: boolean }) {
  const g = line.goods;
  const bundle = line.combination;
  const name = bundle?.name ?? g?.name ?? '商品已下架';
  const discounts = lineDiscounts(line);
  // The price the line is charged at, as the cart shows it: an offer's price with the usual one struck out.
  const { price, original, notes } = linePrice(line);
  return (
    <>
      <tr className="yct-co-line" data-testid="confirm-line" data-goods-id={line.goods_id}>
        <td>
          <div className="yct-co-line__goods">
            {g ? (
              <Link to={`/list/info/${g.id}`} className="yct-co-line__img">
                <img src={bundle?.items[0]?.image || g.goods_image[0]} alt={name} width={64} height={64} loading="lazy" />
              </Link>
            ) : (
              <span className="yct-co-line__img" />
            )}
            <div className="yct-co-line__name">
              {line.source === 'huangou' ? <em className="yct-co-chip yct-co-chip--blue">换购</em> : null}
              {bundle ? <em className="yct-co-chip yct-co-chip--orange">组合</em> : null}
              {line.type === 4 ? (
                <em className="yct-co-chip yct-co-chip--orange" data-testid="confirm-line-near">
                  近效期
                </em>
              ) : null}
              {first ? (
                <Tooltip title={FIRST_GOODS_TIP}>
                  <em className="yct-co-chip yct-co-chip--blue" data-testid="confirm-line-first">
                    首营
                  </em>
                </Tooltip>
              ) : null}
              {g && !bundle ? (
                <Link to={`/list/info/${g.id}`} data-testid="confirm-line-name">
                  {name}
                </Link>
              ) : (
                <span data-testid="confirm-line-name">{name}</span>
              )}
              {bundle ? (
                <div className="yct-co-line__parts">
                  {bundle.items.map((i) => (
                    <span key={i.goods_id}>
                      {i.name} {i.ypgg} ×{i.number}
                      {i.bzdw}
                    </span>
                  ))}
                </div>
              ) : g?.pzwh ? (
                <div className="yct-muted">{g.pzwh}</div>
              ) : null}
              {line.expiry ? (
                <div className="yct-muted" data-testid="confirm-line-expiry">
                  效期 {expiryText(line.expiry)}
                </div>
              ) : null}
            </div>
          </div>
        </td>
        <td>{bundle ? '—' : g?.ypgg}</td>
        <td className="yct-co-line__maker">{bundle ? '—' : g?.sccj}</td>
        <td className="yct-co-num">
          <span className={`yct-co-money${original ? ' yct-co-money--offer' : ''}`} data-testid="confirm-line-price">
            {money(price)}
          </span>
          {original ? (
            <del className="yct-co-original" data-testid="confirm-line-original">
              {money(original)}
            </del>
          ) : null}
          {notes.length ? (
            <div className="yct-co-promo" data-testid="confirm-line-promo">
              {notes.map((n) => (
                <div key={n}>{n}</div>
              ))}
            </div>
          ) : null}
        </td>
        <td className="yct-co-num">
          ×{line.number}
          {bundle ? '套' : (g?.bzdw ?? '')}
        </td>
        <td className="yct-co-num">
          <b className="yct-co-money">{money(line.amount)}</b>
        </td>
        <td className="yct-co-line__discounts" data-testid="confirm-line-discounts">
          {discounts.length ? (
            <>
              {discounts.map((d) => (
                <div key={d.key} data-kind={d.key}>
                  <span>{d.label}</span>
                  {minus(d.amount)}
                </div>
              ))}
              <div className="yct-co-line__pay">
                <span>实付</span>
                {money(line.pay_amount)}
              </div>
            </>
          ) : (
            <span className="yct-muted">—</span>
          )}
        </td>
      </tr>
      {gift ? (
        <tr className="yct-co-gift" data-testid="confirm-gift">
          <td colSpan={7}>
            <em className="yct-co-chip yct-co-chip--pink">赠品</em>
            {gift.name} ×{gift.total}
            <span className="yct-muted">（{gift.activity}）</span>
          </td>
        </tr>
      ) : null}
    </>
  );
}

/** `first`: the goods the account has never bought (首营). */
export function GoodsGroup({ group, many, first }: { group: ConfirmGroup; many: boolean; first: ReadonlySet<number> }) {
  const giftsByLine = new Map<number, { name: string; total: number; activity: string }>();
  for (const gift of group.activity_data.gifts) {
    for (const l of gift.lines) if (l.total > 0) giftsByLine.set(l.id, { name: gift.gift_name, total: l.total, activity: gift.name });
  }
  // Gifts counted over the whole activity (per: activity) are listed once, under the table.
  const activityGifts = group.activity_data.gifts.filter((gift) => gift.total > 0 && !gift.lines.some((l) => l.total > 0));
  const reached = group.activity_data.manjians.filter((m) => !isZero(m.reduce));
  const ephedrine = group.key === 'ephedrine';
  return (
    <div className={`yct-co-group${ephedrine ? ' yct-co-group--ephedrine' : ''}`} data-testid={`group-${group.key}`}>
      {many || ephedrine ? (
        <div className="yct-co-group__head">
          <b>{ephedrine ? '含麻黄碱类商品（需对公转账，单独成单）' : '普通商品订单'}</b>
          {ephedrine ? <span>按国家规定，含麻黄碱类复方制剂须对公转账支付，不参与优惠券和账户红包抵扣</span> : null}
        </div>
      ) : null}
      <table className="yct-co-table">
        <thead>
          <tr>
            <th>商品信息</th>
            <th>规格</th>
            <th>生产厂家</th>
            <th className="yct-co-num">单价</th>
            <th className="yct-co-num">数量</th>
            <th className="yct-co-num">小计</th>
            <th>优惠</th>
          </tr>
        </thead>
        <tbody>
          {group.list.map((line) => (
            <LineRow
              key={`${line.source}-${line.id ?? line.goods_id}`}
              line={line}
              gift={line.id === null ? undefined : giftsByLine.get(line.id)}
              first={!line.combination && first.has(line.goods_id)}
            />
          ))}
          {activityGifts.map((gift) => (
            <tr key={gift.activity_id} className="yct-co-gift" data-testid="confirm-gift">
              <td colSpan={7}>
                <em className="yct-co-chip yct-co-chip--pink">赠品</em>
                {gift.gift_name} ×{gift.total}
                <span className="yct-muted">（{gift.name}）</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {group.excluded.length ? (
        <div className="yct-co-excluded" data-testid="confirm-excluded">
          <b>以下商品暂时无法购买，不会随订单提交：</b>
          {group.excluded.map((l) => (
            <span key={`${l.source}-${l.id ?? l.goods_id}`}>
              {l.combination?.name ?? l.goods?.name}（{l.excluded?.message}）
            </span>
          ))}
        </div>
      ) : null}
      <div className="yct-co-group__foot">
        <div className="yct-co-group__acts">
          {reached.map((m) => (
            <span key={m.activity_id} data-testid="confirm-manjian">
              <em className="yct-co-chip yct-co-chip--orange">满减</em>
              {m.name}：已满{money(m.tiers.filter((t) => t.status === 1).at(-1)?.amount ?? m.amount)}减{money(m.reduce)}
              {m.next ? (
                <i>
                  ，再购{money(m.next.need)}可减{money(m.next.reduce)}
                </i>
              ) : null}
            </span>
          ))}
          <span data-testid={`group-shipping-${group.key}`}>
            <em className="yct-co-chip yct-co-chip--green">运费</em>
            {group.shipping.free
              ? group.shipping.reason === 'all_free_shipping'
                ? '包邮商品，免运费'
                : `已满${money(group.shipping_data.no_trans_order_amount)}，免运费`
              : `${money(group.shipping.amount)}（满${money(group.shipping_data.no_trans_order_amount)}包邮，还差${money(group.shipping.need)}）`}
          </span>
        </div>
        <div className="yct-co-group__sum">
          共<b>{group.total.selected_count}</b>种<b>{group.total.selected_number}</b>件，本单应付
          <strong className="yct-co-money">{money(group.total.pay_amount)}</strong>
        </div>
      </div>
    </div>
  );
}
