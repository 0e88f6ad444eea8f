/**
 * /cart, step 1 of the cart flow: the lines grouped by 满减 activity with their progress, quantities in
 * middle-package steps, selection, gifts, add-on offers, free-shipping progress, and the bar with the
 * totals and 去结算. Every change answers with the cart priced again by the server, which then shows.
 */
import '@/ui/goods.css';
import '../cart.css';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Code } from '@core/codes';
import { isApiError } from '@/api/client';
import { isLoggedIn, useUserBase } from '@/lib/session/get-user-base';
import { EmptyState } from '@/ui/EmptyState';
import { ErrorState } from '@/ui/ErrorState';
import { useCheckoutCart } from '../api/checkout-cart';
import { CART_ALL, useCartList } from '../api/get-cart-list';
import { CartBar } from '../components/CartBar';
import { AddonOffers, CartFilters, CartHints, ShippingInfo } from '../components/CartExtras';
import { CartTable } from '../components/CartTable';
import { CodeOrderBox } from '../components/CodeOrderBox';
import { CopyToStores } from '../components/CopyToStores';
import { EmptyCart } from '../components/EmptyCart';

function CartSkeleton() {
  return (
    <div className="yct-ctable yct-ctable--loading" aria-busy="true" data-testid="cart-loading">
      <div className="yct-ctable__head" />
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="yct-cline yct-cline--skeleton">
          <span className="yct-skeleton yct-cline__skimg" />
          <span className="yct-skeleton yct-cline__skline" />
          <span className="yct-skeleton yct-cline__skline yct-cline__skline--short" />
        </div>
      ))}
    </div>
  );
}

/** A member waiting for review: the server's refusal, and where to follow the review. */
function Refused({ message }: { message: string }) {
  return (
    <EmptyState description={message} className="yct-cempty">
      <Link to="/zhzx/zzzj" className="yct-btn yct-btn--primary" data-testid="cart-licences">
        查看资质审核进度
      </Link>
    </EmptyState>
  );
}

export default function CartPage() {
  const { data: user, isPending: userPending } = useUserBase();
  const member = isLoggedIn(user) ? user : undefined;
  /** A chain headquarters copies lines into its stores' carts. */
  const chain = member?.is_chain === 1;
  const [search, setSearch] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const filter = Number(search.get('filters') ?? CART_ALL);
  const filtered = Number.isInteger(filter) && filter >= 0 && filter !== CART_ALL;
  const all = useCartList(CART_ALL, { enabled: Boolean(member) });
  const shown = useCartList(filter, { enabled: Boolean(member) && filtered });
  const checkout = useCheckoutCart();
  const [copying, setCopying] = useState<number[] | null>(null);

  const cart = all.data;
  let body;
  if (userPending || (member && all.isPending)) body = <CartSkeleton />;
  else if (!member)
    body = (
      <EmptyState description="登录后查看购物车" className="yct-cempty">
        <Link to={`/login?redirect=${encodeURIComponent(location.pathname + location.search)}`} className="yct-btn yct-btn--primary" data-testid="cart-login">
          立即登录
        </Link>
      </EmptyState>
    );
  else if (all.isError)
    body =
      isApiError(all.error) && all.error.code === Code.refused ? (
        <Refused message={all.error.message} />
      ) : (
        <ErrorState onRetry={() => void all.refetch()} retrying={all.isFetching} />
      );
  else if (!cart) body = <CartSkeleton />;
  else if (!cart.total.count) body = <EmptyCart />;
  else {
    const view = filtered ? shown.data : cart;
    const current = filtered && cart.filter_data.filters.some((f) => f.id === filter) ? filter : CART_ALL;
    body = (
      <>
        <div className="yct-ctop">
          <CartFilters
            filters={cart.filter_data.filters}
            current={current}
            onChange={(id) => setSearch(id === CART_ALL ? {} : { filters: String(id) }, { replace: true })}
          />
          <ShippingInfo cart={cart} />
        </div>
        <CartHints hints={cart.next_hints} />
        {filtered && shown.isError ? (
          <ErrorState onRetry={() => void shown.refetch()} retrying={shown.isFetching} />
        ) : !view ? (
          <CartSkeleton />
        ) : view.list.length ? (
          <CartTable lines={view.list} manjians={cart.activity_data.manjians} gifts={cart.activity_data.gifts} />
        ) : (
          <EmptyState />
        )}
        <AddonOffers huangous={cart.activity_data.huangous} />
        <CartBar
          cart={cart}
          chain={chain}
          onCopy={setCopying}
          checkingOut={checkout.isPending}
          onCheckout={(ids) => checkout.mutate(ids, { onSuccess: () => void navigate('/cart/step2') })}
        />
        {chain ? <CopyToStores ids={copying} onClose={() => setCopying(null)} /> : null}
      </>
    );
  }
  return (
    <div className="yct-container yct-cart" data-testid="cart-page">
      <div className="yct-panel-title yct-cart__title">
        我的购物车 {cart?.total.count ? <small>共 {cart.total.count} 种商品</small> : null}
        <Link to="/zzfw/kjcg/import" className="yct-cart__import" data-testid="cart-import">
          导入采购计划
        </Link>
      </div>
      {member && !(all.isError && isApiError(all.error) && all.error.code === Code.refused) ? <CodeOrderBox /> : null}
      {body}
    </div>
  );
}
