/**
 * The mini cart inside the right toolbar (spec sections 2 and 4): the lines with picture, name, number ×
 * price and a delete, the total and 去结算. Loaded when the toolbar first opens; it reads the cart entry the
 * cart page shares, which adding to the cart marks stale, so opening after an add shows the new lines.
 */
import '../mini-cart.css';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { Code } from '@core/codes';
import type { CartLine } from '@core/schemas/cart';
import { isApiError } from '@/api/client';
import { EmptyState } from '@/ui/EmptyState';
import { ErrorState } from '@/ui/ErrorState';
import { useCartList } from '../api/get-cart-list';
import { isInvalid, isZero, linePrice, lineUnit, money } from '../lib/cart-view';
import { lineDiscounts } from '@/lib/money';
import { LineQuantity } from './LineQuantity';
import { useDeleteLines } from './use-delete-lines';
import { loginPathTo } from '@core/routes';

/** `service`: the customer-service entry at the panel's foot (the shell's, which knows the account). */
type Props = { loggedIn: boolean; onClose: () => void; service?: ReactNode };

function Line({ line, onDelete }: { line: CartLine; onDelete: (id: number) => void }) {
  const g = line.goods;
  const name = line.combination?.name ?? g?.name ?? '商品已下架';
  const invalid = isInvalid(line);
  return (
    <li className={`yct-minicart__line${invalid ? ' is-invalid' : ''}`} data-testid="mini-cart-line" data-line-id={line.id ?? ''}>
      <img src={g?.goods_image[0]} alt={name} width={48} height={48} loading="lazy" />
      <div className="yct-minicart__info">
        {g ? (
          <Link to={`/list/info/${g.id}`} className="yct-minicart__name" title={name}>
            {name}
          </Link>
        ) : (
          <span className="yct-minicart__name">{name}</span>
        )}
        <span className="yct-minicart__spec">{invalid && line.excluded ? line.excluded.message : (g?.ypgg ?? '')}</span>
        <span className="yct-minicart__price" data-testid="mini-cart-price">
          {line.id !== null && !invalid ? (
            <LineQuantity line={line} />
          ) : (
            <>
              {line.number}
              {lineUnit(line)}
            </>
          )}{' '}
          × <em>{money(linePrice(line).price)}</em>
        </span>
      </div>
      {line.id !== null ? (
        <button type="button" className="yct-minicart__del" aria-label={`删除${name}`} onClick={() => onDelete(line.id!)} data-testid="mini-cart-delete">
          ×
        </button>
      ) : null}
    </li>
  );
}

export default function MiniCart({ loggedIn, onClose, service }: Props) {
  const cart = useCartList(undefined, { enabled: loggedIn });
  const remove = useDeleteLines();
  const location = useLocation();
  let body;
  if (!loggedIn)
    body = (
      <EmptyState description="登录后查看购物车" compact={false}>
        <Link to={loginPathTo(location.pathname + location.search)} className="yct-btn yct-btn--primary" onClick={onClose}>
          立即登录
        </Link>
      </EmptyState>
    );
  else if (cart.isPending)
    body = (
      <div className="yct-loading yct-minicart__loading">
        <span className="yct-spinner" />
        正在加载…
      </div>
    );
  else if (cart.isError)
    body =
      isApiError(cart.error) && cart.error.code === Code.refused ? (
        <EmptyState description={cart.error.message}>
          <Link to="/zhzx/zzzj" className="yct-btn" onClick={onClose}>
            资质证件
          </Link>
        </EmptyState>
      ) : (
        <ErrorState onRetry={() => void cart.refetch()} retrying={cart.isFetching} />
      );
  else if (!cart.data.list.length)
    body = (
      <EmptyState description="购物车还是空的">
        <Link to="/list" className="yct-btn" onClick={onClose} data-testid="mini-cart-shop">
          去逛逛
        </Link>
      </EmptyState>
    );
  else
    body = (
      <ul className={`yct-minicart__list${cart.isFetching ? ' is-refreshing' : ''}`} data-testid="mini-cart-lines">
        {cart.data.list.map((l) => (
          <Line key={l.id ?? l.goods_id} line={l} onDelete={(id) => remove.ask([id])} />
        ))}
      </ul>
    );
  const total = cart.data?.total;
  return (
    <div className="yct-minicart" data-testid="mini-cart">
      <header className="yct-minicart__head">
        <strong>购物车</strong>
        {total?.count ? <span>共 {total.count} 种商品</span> : null}
        <button type="button" className="yct-minicart__close" aria-label="收起购物车" onClick={onClose} data-testid="mini-cart-close">
          ×
        </button>
      </header>
      <div className="yct-minicart__body">{body}</div>
      {total?.count ? (
        <footer className="yct-minicart__foot">
          <dl className="yct-minicart__sum" data-testid="mini-cart-sum">
            <div>
              <dt>商品金额（已选 {total.selected_count} 种）</dt>
              <dd data-testid="mini-cart-goods">{money(total.goods_amount)}</dd>
            </div>
            {lineDiscounts(total).map((d) => (
              <div key={d.key}>
                <dt>{d.label}</dt>
                <dd>-{money(d.amount)}</dd>
              </div>
            ))}
            <div>
              <dt>运费</dt>
              <dd data-testid="mini-cart-shipping">{isZero(total.shipping_amount) ? '免运费' : `+${money(total.shipping_amount)}`}</dd>
            </div>
            {cart.data && !cart.data.shipping.free ? (
              <p className="yct-minicart__ship" data-testid="mini-cart-shipping-need">
                还差 {money(cart.data.shipping.need)} 免运费
              </p>
            ) : null}
            <div className="yct-minicart__total">
              <dt>合计</dt>
              <dd>
                <strong data-testid="mini-cart-total">{money(total.pay_amount)}</strong>
              </dd>
            </div>
          </dl>
          <Link to="/cart" className="yct-minicart__go" onClick={onClose} data-testid="mini-cart-checkout">
            去结算
          </Link>
        </footer>
      ) : null}
      {service}
    </div>
  );
}
