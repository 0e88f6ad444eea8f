/** A goods of the points mall as a card: picture, kind, name, what it gives, points (+ cash), what is left, and 立即兑换. */
import type { PointsGoods } from '@core/schemas/points';
import { isZero } from '@/lib/money';

export const pointsText = (n: number) => n.toLocaleString('zh-CN');

export function PointsPrice({ points, cash, size = 'normal' }: { points: number; cash: string; size?: 'normal' | 'large' }) {
  return (
    <span className={`yct-jf-price${size === 'large' ? ' is-large' : ''}`} data-testid="points-price">
      <b>{pointsText(points)}</b>
      <small>积分</small>
      {isZero(cash) ? null : <em>+ ¥{cash}</em>}
    </span>
  );
}

const BUTTON_TEXT = ['立即兑换', '已兑完', '已达上限'] as const;

export function PointsGoodsCard({ goods: g, onRedeem }: { goods: PointsGoods; onRedeem: (g: PointsGoods) => void }) {
  const off = g.state !== 0;
  return (
    <li className={`yct-jf-card${off ? ' is-off' : ''}`} data-testid="points-goods" data-id={g.id} data-kind={g.kind} data-state={g.state}>
      <div className={`yct-jf-card__pic is-${g.kind}`}>
        <img src={g.picture} alt={g.name} loading="lazy" />
        <span className={`yct-jf-kind is-${g.kind}`}>{g.kind_text}</span>
        {g.state === 1 ? <span className="yct-jf-card__gone">已兑完</span> : null}
      </div>
      <div className="yct-jf-card__body">
        <p className="yct-jf-card__name" title={g.name}>
          {g.name}
        </p>
        <p className={`yct-jf-card__gives${g.gives ? '' : ' is-limit'}`}>{g.gives || (g.per_user ? `每人限兑 ${g.per_user} 件` : '不限兑换数量')}</p>
        <PointsPrice points={g.points} cash={g.cash} />
        <div className="yct-jf-card__meta">
          <span>
            剩余 <b data-testid="points-goods-left">{g.stock}</b> 件
          </span>
          <span>已兑 {g.redeemed} 件</span>
        </div>
        <button
          type="button"
          className={`yct-btn yct-jf-card__act${off ? '' : ' yct-btn--primary'}`}
          disabled={off}
          onClick={() => onRedeem(g)}
          data-testid="points-redeem"
        >
          {BUTTON_TEXT[g.state]}
        </button>
        {g.mine > 0 ? <span className="yct-jf-card__mine">我已兑 {g.mine} 件</span> : null}
      </div>
    </li>
  );
}
