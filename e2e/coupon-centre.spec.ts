/**
 * 领券中心 /lqzx: a guest sees the coupons and is sent to the login to claim; a buyer claims the centre's 满300减15,
 * sees what is left go down, finds it in the wallet, and at checkout of ¥300 or more the coupon is offered as
 * usable on the confirm page.
 */
import { expect, test, type Page } from '@playwright/test';
import { yuanToFen } from '../core/money';
import type { Goods } from '../core/schemas/goods';
import type { CouponCenterPage } from '../core/schemas/wallet';
import type { CartList } from '../core/schemas/cart';
import type { Confirm } from '../core/schemas/trade';
import { api, clearCart, loginByApi, shotWhole, withAccount } from './helpers';

const CENTRE_COUPON = '领券中心专享 满300减15';

const centreCoupon = async (page: Page) => (await api<CouponCenterPage>(page, 'GET', '/api/coupon/center')).data.find((c) => c.name === CENTRE_COUPON)!;

/** Plain goods and a quantity (whole middle packages) worth ¥300-¥600. */
async function goodsWorth300(page: Page) {
  const list = await api<{ data: (Goods & { base_price: string })[] }>(page, 'GET', '/api/goods/list?in_stock=1&per_page=60');
  for (const g of list.data) {
    if (!g.is_buy || g.is_ephedrine || g.ladder_price.length || g.tags.some((t) => t === '秒' || t === '特')) continue;
    const pack = yuanToFen(g.base_price) * g.zbz;
    const packs = Math.ceil(30_000 / pack);
    if (packs * pack <= 60_000 && packs * g.zbz <= g.number) return { goods: g, number: packs * g.zbz };
  }
  throw new Error('no plain goods worth ¥300-¥600');
}

test('a guest sees the coupon centre and is asked to log in to claim', async ({ page }) => {
  await page.goto('/lqzx');
  const card = page.locator('[data-testid="centre-coupon"]', { hasText: CENTRE_COUPON });
  await expect(card).toHaveAttribute('data-state', '0');
  await expect(page.locator('[data-testid="centre-coupon"]', { hasText: '新客立减' })).toHaveAttribute('data-state', '2');
  await expect(page.locator('[data-testid="centre-coupon"]', { hasText: '新客立减' })).toContainText('已领完');
  await shotWhole(page, 'coupon-centre');
  await card.getByTestId('coupon-claim').click();
  await expect(page).toHaveURL(/\/login\?redirect=/);
});

test('a buyer claims a coupon in the centre and it is offered at checkout at once', async ({ page }) => {
  test.setTimeout(120_000);
  await loginByApi(page, 'chain-b');
  await withAccount('chain-b', async () => {
    const before = await centreCoupon(page);
    expect(before.state, 'chain-b may still claim the centre coupon').toBe(0);
    await page.goto('/lqzx');
    const card = page.locator('[data-testid="centre-coupon"]', { hasText: CENTRE_COUPON });
    await expect(card.getByTestId('coupon-left')).toHaveText(String(before.left));
    await card.getByTestId('coupon-claim').click();
    await expect(page.getByText('领取成功')).toBeVisible();
    await expect(card.getByTestId('coupon-left')).toHaveText(String(before.left! - 1));
    const after = await centreCoupon(page);
    expect(after.mine).toBe(before.mine + 1);
    await shotWhole(page, 'coupon-centre-claimed');

    // The copy is in the wallet, unused.
    await page.goto('/yhq');
    await expect(page.locator('[data-testid="coupon-card"][data-status="0"]', { hasText: CENTRE_COUPON }).first()).toBeVisible();

    // At checkout of ¥300 or more it is usable.
    await clearCart(page.request);
    const { goods, number } = await goodsWorth300(page);
    await api(page, 'POST', '/api/cart', { params: [{ goods_id: goods.id, number }] });
    const cart = await api<CartList>(page, 'GET', '/api/cart/list');
    await api(page, 'POST', '/api/cart/checkout', { ids: cart.list.map((l) => l.id) });
    const confirm = await api<Confirm>(page, 'GET', '/api/cart/confirm');
    const offered = confirm.coupons.find((c) => c.name === CENTRE_COUPON);
    expect(offered, 'the claimed coupon among the checkout’s coupons').toBeTruthy();
    expect(offered!.usable).toBe(true);
    await page.goto('/cart/step2');
    await expect(page.locator(`[data-testid="coupon-option"][data-id="${offered!.id}"]`)).toHaveAttribute('data-usable', '1');
    await shotWhole(page, 'coupon-centre-checkout');
    await clearCart(page.request);
  });
});
