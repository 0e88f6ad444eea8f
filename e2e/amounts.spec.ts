/**
 * The same amounts at every step of a purchase: a daily-special line is charged at its special price in the cart,
 * on the confirm page, on the pay page and in the order; the free-shipping shortfall reads the same in the cart,
 * the mini cart and checkout, where a coupon is chosen (it is measured before coupons, as /yx_rule says).
 */
import { expect, test, type Page } from '@playwright/test';
import { formatMoney, yuanToFen } from '../core/money';
import type { CartList } from '../core/schemas/cart';
import type { Goods } from '../core/schemas/goods';
import type { PromoGoods } from '../core/schemas/promotions';
import type { Confirm } from '../core/schemas/trade';
import { api, clearCart, loginByApi, shotWhole, withAccount } from './helpers';

/** Goods as an approved buyer receives them: with their prices. */
type Priced<T extends { base_price: string | null }> = T & { base_price: string };

const money = (yuan: string) => formatMoney(yuanToFen(yuan));

/** A daily special a plain buyer can take a middle package of, at the special price for every unit. */
async function specialToBuy(page: Page) {
  const today = await api<{ goods: Priced<PromoGoods>[] }>(page, 'GET', '/api/activity/everyday_price');
  const special = today.goods.find(
    (g) =>
      g.activity_price !== null &&
      g.is_buy &&
      !g.is_ephedrine &&
      g.number >= g.zbz &&
      (g.limit === 0 || g.limit >= g.zbz) &&
      yuanToFen(g.activity_price) < yuanToFen(g.base_price) &&
      yuanToFen(g.activity_price) * g.zbz < 40_000,
  );
  expect(special, 'a daily special to buy').toBeTruthy();
  return special!;
}

/** Plain goods (no tiers, no offer) and a quantity that bring the cart to between ¥550 and the free-shipping ¥800. */
async function fillerFor(page: Page, already: number, threshold: number) {
  const list = await api<{ data: Priced<Goods>[] }>(page, 'GET', '/api/goods/list?per_page=60');
  for (const g of list.data) {
    if (!g.is_buy || g.is_ephedrine || g.ladder_price.length || g.tags.some((t) => t === '秒' || t === '特')) continue;
    const pack = yuanToFen(g.base_price) * g.zbz;
    const packs = Math.ceil((55_000 - already) / pack);
    const amount = already + packs * pack;
    if (packs > 0 && amount < threshold - 500 && packs * g.zbz <= g.number) return { goods: g, number: packs * g.zbz };
  }
  throw new Error('no plain goods to bring the cart between ¥550 and ¥800');
}

test('a daily special costs its special price at every step, and the free-shipping shortfall is the same in the cart, the mini cart and checkout with a coupon chosen', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await loginByApi(page, 'demo');
  await withAccount('demo', async () => {
    await clearCart(page.request);
    const special = await specialToBuy(page);
    const rules = await api<CartList>(page, 'GET', '/api/cart/list');
    const threshold = yuanToFen(rules.shipping_data.no_trans_order_amount);
    const specialAmount = yuanToFen(special.activity_price!) * special.zbz;
    const filler = await fillerFor(page, specialAmount, threshold);
    await api(page, 'POST', '/api/cart', {
      params: [
        { goods_id: special.id, number: special.zbz },
        { goods_id: filler.goods.id, number: filler.number },
      ],
    });

    // The shortfall is the threshold less the goods at the prices they are charged (the special's, not the usual).
    const goodsAmount = specialAmount + yuanToFen(filler.goods.base_price) * filler.number;
    const cart = await api<CartList>(page, 'GET', '/api/cart/list');
    expect(yuanToFen(cart.total.goods_amount)).toBe(goodsAmount);
    expect(cart.shipping.free).toBe(0);
    const need = formatMoney(threshold - goodsAmount);
    expect(money(cart.shipping.need)).toBe(need);

    await page.goto('/cart');
    const line = page.locator(`[data-testid="cart-line"][data-goods-id="${special.id}"]`);
    await expect(line.getByTestId('line-price')).toHaveText(money(special.activity_price!));
    await expect(line.locator('del')).toHaveText(money(special.base_price));
    await expect(page.getByTestId('cart-shipping')).toContainText(`还差 ${need} 免运费`);
    await shotWhole(page, 'amounts-cart');

    // The mini cart slides out of the right toolbar, which pages other than the cart carry.
    await page.goto(`/list/info/${special.id}`);
    await page.getByTestId('toolbar-cart').click();
    await expect(page.getByTestId('right-toolbar')).toHaveAttribute('data-open', '1');
    await expect(page.getByTestId('mini-cart-shipping-need')).toHaveText(`还差 ${need} 免运费`);
    await expect(page.getByTestId('mini-cart-goods')).toHaveText(formatMoney(goodsAmount));
    await page.getByTestId('mini-cart-close').click();

    await api(page, 'POST', '/api/cart/checkout', { ids: cart.list.map((l) => l.id) });
    const confirm = await api<Confirm>(page, 'GET', '/api/cart/confirm');
    expect(confirm.coupon, 'a coupon the checkout chooses for ¥550-¥800').not.toBeNull();
    await page.goto('/cart/step2');
    await expect(page.getByTestId('confirm-page')).toBeVisible();
    await expect(page.getByTestId('amount-coupon')).toHaveText(`-${money(confirm.coupon!.discount)}`);
    await expect(page.locator('[data-testid^="group-shipping-"]')).toContainText(`还差${need}`);
    const confirmLine = page.locator(`[data-testid="confirm-line"][data-goods-id="${special.id}"]`);
    await expect(confirmLine.getByTestId('confirm-line-price')).toHaveText(money(special.activity_price!));
    await expect(confirmLine.getByTestId('confirm-line-original')).toHaveText(money(special.base_price));
    const total = await page.getByTestId('amount-total').textContent();
    await shotWhole(page, 'amounts-confirm');

    await page.getByTestId('submit-order').click();
    await expect(page).toHaveURL(/\/cart\/step3\/\d+$/);
    const orderId = Number(new URL(page.url()).pathname.split('/').pop());
    await expect(page.getByTestId('order-amount')).toHaveText(total!);
    await shotWhole(page, 'amounts-pay');

    await page.goto(`/order/info/${orderId}`);
    const row = page.locator('tr').filter({ hasText: special.name });
    await expect(row.getByTestId('line-price').locator('b')).toHaveText(money(special.activity_price!));
    await expect(row.getByTestId('line-original')).toHaveText(money(special.base_price));
    await shotWhole(page, 'amounts-order');

    // The order goes back, so the special's daily allowance and the coupon are the account's again.
    await api(page, 'POST', `/api/order/${orderId}/cancel`, { reason: '其他原因' });
  });
});
