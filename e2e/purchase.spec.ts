/**
 * One purchase from end to end, the way a pharmacy buyer makes it: goods found by pinyin initials in the header,
 * three lines in the cart (one of them on a ladder tier), the 满减 progress, a coupon at checkout, payment from
 * the balance, and the order found under 待发货 in /order with every amount explained.
 */
import { expect, test, type Page } from '@playwright/test';
import { formatMoney, yuanToFen } from '../core/money';
import { pinyinOf } from '../server/modules/catalogue/pinyin';
import { api, clearCart, confirmPayment, loginByApi, shotWhole, withAccount } from './helpers';

type Goods = {
  id: number;
  name: string;
  base_price: string;
  zbz: number;
  number: number;
  is_buy: number;
  is_ephedrine: number;
  tags: string[];
  ladder_price: { number: number; price: string }[];
};
type CartLine = { id: number; goods_id: number; number: number; price: string; amount: string };
type CartList = { list: CartLine[]; total: { pay_amount: string; manjian_amount: string } };
type Amounts = Record<'goods_amount' | 'welfare_amount' | 'manjian_amount' | 'coupon_amount' | 'red_packet_amount' | 'shipping_amount' | 'pay_amount', string>;
type OrderDetail = {
  id: number;
  order_no: string;
  status: number;
  status_text: string;
  amounts: Amounts;
  items: { goods_id: number; price: string; number: number }[];
};

const BRAND = '华北制药'; // on 年终采购节 满减: 满1000减50, 满3000减150, 满5000减300

/** Goods of the brand a plain buyer can take in quantity: on sale, not ephedrine, no flash-sale or daily-special price. */
const plain = (g: Goods) => g.is_buy && !g.is_ephedrine && g.number >= g.zbz * 40 && !g.tags.some((t) => t === '秒' || t === '特');

/** The answer of the next cart change whose path matches. */
async function cartChange(page: Page, path: RegExp, action: () => Promise<unknown>): Promise<CartList> {
  const answer = page.waitForResponse((r) => r.request().method() === 'POST' && path.test(new URL(r.url()).pathname));
  await action();
  const body = await (await answer).json();
  expect(body.code, body.message).toBe(10000);
  return body.data as CartList;
}

test('demo finds goods by pinyin initials, fills the cart with a ladder tier and 满减, pays with a coupon from the balance and finds the order under 待发货', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await loginByApi(page, 'demo');
  await withAccount('demo', async () => {
    await clearCart(page.request);
    const { brand } = await api<{ brand: { id: number; name: string }[] }>(page, 'GET', '/api/goods/fl');
    const brandId = brand.find((b) => b.name === BRAND)!.id;
    const { data: ofBrand } = await api<{ data: Goods[] }>(page, 'GET', `/api/goods/list?brand=${brandId}&per_page=100`);

    // A goods with price tiers that its own initials bring up among the suggestions.
    let tiered: Goods | undefined;
    let initials = '';
    for (const g of ofBrand.filter((g) => plain(g) && g.ladder_price.length)) {
      initials = pinyinOf(g.name).initials;
      const found = await api<{ id: number }[]>(page, 'GET', `/api/goods/search?keywords=${initials}&type=1`);
      if (found.some((s) => s.id === g.id)) {
        tiered = g;
        break;
      }
    }
    expect(tiered, `a ${BRAND} goods with tiers found by its initials`).toBeTruthy();
    const tier = tiered!.ladder_price[0];

    // 1. The header search: initials, a suggestion, the detail with its ladder table.
    await page.goto('/');
    await page.getByTestId('search-input').fill(initials);
    const suggestion = page.locator(`[data-testid="search-suggestion"][data-id="${tiered!.id}"]`);
    await expect(suggestion).toContainText(tiered!.name);
    await suggestion.click();
    await expect(page).toHaveURL(new RegExp(`/list/info/${tiered!.id}$`));
    await expect(page.getByTestId('detail-name')).toContainText(tiered!.name);
    await expect(page.getByTestId('ladder-table')).toContainText(formatMoney(yuanToFen(tier.price)).replace(/,/g, ''));

    // The quantity of the first tier, typed and kept (it is whole middle packages).
    const buy = page.getByTestId('detail-actions');
    const qty = buy.getByTestId('quantity-input');
    await qty.fill(String(tier.number));
    await qty.press('Enter');
    await expect(qty).toHaveValue(String(tier.number));
    const added = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/cart');
    await buy.getByTestId('add-to-cart').click();
    expect((await (await added).json()).code).toBe(10000);
    await expect(page.getByTestId('cart-badge')).toHaveAttribute('data-count', '1');

    // 2. Two more goods of the brand from its list, one middle package each.
    const listed = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/goods/list');
    await page.goto(`/list?brand=${brandId}`);
    const shown = ((await (await listed).json()).data.data as Goods[]).filter((g) => plain(g) && !g.ladder_price.length && g.id !== tiered!.id);
    expect(shown.length, `two plain ${BRAND} goods on the first page`).toBeGreaterThanOrEqual(2);
    const [second, third] = shown;
    for (const g of [second, third]) {
      const card = page.getByTestId('goods-card').filter({ has: page.locator(`a[href="/list/info/${g.id}"]`) });
      await cartChange(page, /^\/api\/cart$/, () => card.getByTestId('add-to-cart').click());
    }
    await expect(page.getByTestId('cart-badge')).toHaveAttribute('data-count', '3');

    // 3. /cart: the tiered line at its tier price, the 满减 group with its progress.
    await page.goto('/cart');
    const lines = page.getByTestId('cart-line');
    await expect(lines).toHaveCount(3);
    const lineOf = (g: Goods) => page.locator(`[data-testid="cart-line"][data-goods-id="${g.id}"]`);
    await expect(lineOf(tiered!).getByTestId('line-price')).toContainText(formatMoney(yuanToFen(tier.price)));
    await expect(lineOf(tiered!).getByTestId('line-amount')).toHaveText(formatMoney(yuanToFen(tier.price) * tier.number));
    const group = page.getByTestId('manjian-group');
    const before = await api<CartList>(page, 'GET', '/api/cart/list');
    const reachedBefore = yuanToFen(before.total.manjian_amount) > 0;
    await expect(group).toHaveAttribute('data-reached', reachedBefore ? '1' : '0');
    await expect(group.getByTestId('manjian-progress')).toContainText(reachedBefore ? '已满足' : '还差');

    // Enough of the second goods to pass ¥1,200 in all: 满1000减50 is reached and comes off.
    const others = yuanToFen(tier.price) * tier.number + yuanToFen(third.base_price) * third.zbz;
    const need = Math.max(second.zbz, Math.ceil(Math.max(0, 120_000 - others) / yuanToFen(second.base_price) / second.zbz) * second.zbz);
    expect(need, 'stock enough of the second goods').toBeLessThanOrEqual(second.number);
    const input = lineOf(second).getByTestId('quantity-input');
    const reached = await cartChange(page, /^\/api\/cart\/\d+\/edit$/, async () => {
      await input.fill(String(need));
      await input.press('Enter');
    });
    expect(yuanToFen(reached.total.manjian_amount)).toBeGreaterThanOrEqual(5_000);
    await expect(group).toHaveAttribute('data-reached', '1');
    await expect(group.getByTestId('manjian-progress')).toContainText('已满足');
    await expect(page.getByTestId('bar-pay')).toHaveText(formatMoney(yuanToFen(reached.total.pay_amount)));
    await shotWhole(page, 'purchase-cart');

    // 4. Step 2: the best coupon is already chosen, and the total is what the cart and the coupon leave.
    await page.getByTestId('checkout').click();
    await expect(page).toHaveURL(/\/cart\/step2$/);
    const confirm = await api<{ coupon: { id: number; discount: string } | null }>(page, 'GET', '/api/cart/confirm');
    expect(confirm.coupon, 'a coupon usable on this order').not.toBeNull();
    const coupon = yuanToFen(confirm.coupon!.discount);
    await expect(page.locator(`[data-testid="coupon-option"][data-id="${confirm.coupon!.id}"]`)).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('amount-coupon')).toHaveText(`-${formatMoney(coupon)}`);
    await expect(page.getByTestId('confirm-line')).toHaveCount(3);
    const total = await page.getByTestId('amount-total').textContent();
    await page.getByTestId('submit-order').click();

    // 5. Step 3: pay the whole amount from the balance; step 4 says so.
    await expect(page).toHaveURL(/\/cart\/step3\/\d+$/);
    const orderId = Number(new URL(page.url()).pathname.split('/').pop());
    await expect(page.getByTestId('order-amount')).toHaveText(total!);
    await page.getByTestId('pay-method-balance').click();
    await page.getByTestId('pay-submit').click();
    await confirmPayment(page, { amount: total!, instrument: '余额', shot: 'purchase-pay-confirm' });
    await expect(page).toHaveURL(new RegExp(`/cart/step4\\?id=${orderId}$`));
    await expect(page.getByTestId('done-method')).toHaveText('余额支付');
    await expect(page.getByTestId('done-amount')).toHaveText(total!);

    // 6. /order, tab 待发货: the order is there with what was paid; its detail explains every amount.
    await page.goto('/order');
    await page.locator('[data-testid="order-tab"][data-key="1"]').click();
    await expect(page).toHaveURL(/\/order\?status=1$/);
    const card = page.locator(`[data-testid="order-card"][data-id="${orderId}"]`);
    await expect(card.getByTestId('order-status')).toHaveText('待发货');
    await expect(card.getByTestId('order-pay-amount')).toHaveText(total!);
    await card.getByTestId('order-no').click();
    await expect(page).toHaveURL(new RegExp(`/order/info/${orderId}$`));

    const order = await api<OrderDetail>(page, 'GET', `/api/order/${orderId}`);
    expect(order.status_text).toBe('待发货');
    const a = Object.fromEntries(Object.entries(order.amounts).map(([k, v]) => [k, yuanToFen(v)])) as Record<keyof Amounts, number>;
    expect(a.goods_amount - a.welfare_amount - a.manjian_amount - a.coupon_amount - a.red_packet_amount + a.shipping_amount).toBe(a.pay_amount);
    expect(a.manjian_amount).toBe(yuanToFen(reached.total.manjian_amount));
    expect(a.coupon_amount).toBe(coupon);
    expect(formatMoney(a.pay_amount)).toBe(total);
    await expect(page.getByTestId('order-state').getByTestId('order-status')).toHaveText('待发货');
    await expect(page.getByTestId('amount-goods')).toHaveText(formatMoney(a.goods_amount));
    await expect(page.getByTestId('amount-manjian')).toHaveText(`-${formatMoney(a.manjian_amount)}`);
    await expect(page.getByTestId('amount-coupon')).toHaveText(`-${formatMoney(a.coupon_amount)}`);
    await expect(page.getByTestId('amount-pay')).toHaveText(total!);
    await expect(page.getByTestId('order-line')).toHaveCount(3);
    const tieredItem = order.items.find((i) => i.goods_id === tiered!.id)!;
    expect(tieredItem).toMatchObject({ price: tier.price, number: tier.number });
    await expect(page.getByTestId('order-line').filter({ hasText: tiered!.name })).toContainText(formatMoney(yuanToFen(tier.price)));
    await shotWhole(page, 'purchase-order');
  });
});
