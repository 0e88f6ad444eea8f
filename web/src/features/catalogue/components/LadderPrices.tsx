/** A goods' quantity tiers on its detail page: the table of tier prices and, at the quantity chosen, what it costs. */
import type { GoodsDetail } from '@core/schemas/goods';
import { Price } from '@/ui/Price';
import { ladderAt } from '../lib/ladder';

/** The tiers, from the middle pack up; the one the quantity reaches is highlighted. */
export function LadderTable({ goods, number }: { goods: GoodsDetail; number: number }) {
  if (!goods.ladder_price.length) return null;
  const { row } = ladderAt(goods, number);
  const tiers = goods.ladder_price;
  return (
    <table className="yct-ladder-table" data-testid="ladder-table" data-row={row}>
      <thead>
        <tr>
          <th>采购数量</th>
          <th>单价</th>
        </tr>
      </thead>
      <tbody>
        <tr className={row === -1 ? 'is-reached' : undefined}>
          <td>
            {goods.zbz}-{tiers[0].number - 1}
            {goods.bzdw}
          </td>
          <td>
            <Price value={goods.base_price} tip={goods.price_tip} size="small" />
          </td>
        </tr>
        {tiers.map((t, i) => (
          <tr key={t.number} className={row === i ? 'is-reached' : undefined}>
            <td>
              {t.number}
              {tiers[i + 1] ? `-${tiers[i + 1].number - 1}` : '及以上'}
              {goods.bzdw}
            </td>
            <td>
              <Price value={t.price} tip={goods.price_tip} size="small" />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** At the quantity in the stepper: the unit price of the tier it reaches, the subtotal, and what the next tier saves. */
export function LadderSummary({ goods, number }: { goods: GoodsDetail; number: number }) {
  const at = ladderAt(goods, number);
  if (at.unit === null) return null;
  return (
    <p className="yct-ladder-sum" data-testid="ladder-summary">
      采购 {number}
      {goods.bzdw}，单价 <b data-testid="ladder-unit">{at.unit}</b>，小计 <b data-testid="ladder-subtotal">{at.subtotal}</b>
      {at.next && at.next.unit ? (
        <span data-testid="ladder-next">
          再购 {at.next.more}
          {goods.bzdw} 可享 {at.next.unit}/{goods.bzdw}
          {at.next.saves ? `，共省 ${at.next.saves}` : ''}
        </span>
      ) : null}
    </p>
  );
}
