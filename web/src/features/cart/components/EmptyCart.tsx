/** The empty cart: 购物车还是空的, a way to go shopping, and a few best sellers to add straight away. */
import '@/ui/goods.css';
import { Link } from 'react-router';
import { EmptyState } from '@/ui/EmptyState';
import { GoodsCard } from '@/ui/GoodsCard';
import { useHotGoods } from '../api/get-hot-goods';

const HOT_SHOWN = 5;

export function EmptyCart() {
  const hot = useHotGoods();
  return (
    <div data-testid="cart-empty">
      <EmptyState description="购物车还是空的" className="yct-cempty">
        <Link to="/list" className="yct-btn yct-btn--primary" data-testid="cart-go-shopping">
          去逛逛
        </Link>
      </EmptyState>
      {hot.data?.length ? (
        <section className="yct-chot" data-testid="cart-hot">
          <h2>热销商品</h2>
          <ul className="yct-grid">
            {hot.data.slice(0, HOT_SHOWN).map((g) => (
              <GoodsCard key={g.id} goods={g} />
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
