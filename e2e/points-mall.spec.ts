/**
 * 积分商城 /jfsc and 积分订单 /jfdd: a guest sees the goods and is asked to log in to redeem; demo redeems a box of
 * masks to its address and finds the order waiting to ship under /jfdd, redeems a 10元无门槛券 that goes into the
 * wallet's coupons at once, sees its points go down by both, and is told when a goods costs more points than it has.
 */
import { expect, test, type Page } from '@playwright/test';
import type { PointsMall } from '../core/schemas/points';
import { api, confirmPayment, loginByApi, operatorRequest, registerWaitingClinic, shot, shotWhole, withAccount } from './helpers';

const MASKS = '医用外科口罩 50只/盒';
const COUPON = '10元无门槛券';

const card = (page: Page, name: string) => page.locator('[data-testid="points-goods"]', { hasText: name });
const pointsOf = async (page: Page) => (await api<{ points: number }>(page, 'GET', '/api/user/base')).points;

test('a guest sees the points mall and is asked to log in to redeem', async ({ page }) => {
  await page.goto('/jfsc');
  await expect(card(page, MASKS)).toHaveAttribute('data-state', '0');
  await expect(card(page, '指夹式血氧仪')).toHaveAttribute('data-state', '1');
  await expect(card(page, '指夹式血氧仪').getByTestId('points-redeem')).toBeDisabled();
  await expect(page.getByTestId('points-mine')).toContainText('登录后查看我的积分');
  await shotWhole(page, 'points-mall-guest');

  await page.getByRole('tab', { name: '优惠券' }).click();
  await expect(page).toHaveURL(/\/jfsc\?kind=coupon$/);
  await expect(card(page, COUPON)).toBeVisible();
  await expect(card(page, MASKS)).toHaveCount(0);

  await card(page, COUPON).getByTestId('points-redeem').click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fjfsc/);
});

test('demo redeems masks and a coupon: the order waits to ship under /jfdd, the coupon is in the wallet, the points go down', async ({ page }) => {
  test.setTimeout(180_000);
  await loginByApi(page, 'demo');
  await withAccount('demo', async () => {
    const before = await pointsOf(page);
    const shelf = await api<PointsMall>(page, 'GET', '/api/points/goods');
    const masks = shelf.data.find((g) => g.name === MASKS)!;
    const coupon = shelf.data.find((g) => g.name === COUPON)!;
    expect(before, 'demo has the points for both').toBeGreaterThanOrEqual(masks.points + coupon.points);

    await page.goto('/jfsc');
    await expect(page.getByTestId('points-balance')).toHaveText(before.toLocaleString('zh-CN'));
    await expect(card(page, MASKS).getByTestId('points-goods-left')).toHaveText(String(masks.stock));
    await shotWhole(page, 'points-mall');

    // Masks, shipped to the default address.
    await card(page, MASKS).getByTestId('points-redeem').click();
    const dialog = page.getByTestId('redeem-modal');
    await expect(dialog.getByTestId('redeem-address').first()).toBeVisible();
    await expect(dialog.locator('.ant-radio-wrapper-checked')).toHaveCount(1);
    await expect(dialog.getByTestId('redeem-sum')).toContainText(`${masks.points} 积分`);
    await shot(page, 'points-redeem-physical');
    await dialog.getByTestId('redeem-confirm').click();
    await expect(page).toHaveURL(/\/jfdd\?id=\d+$/);
    const detail = page.getByTestId('points-order-detail');
    await expect(detail).toHaveAttribute('data-status', '0');
    await expect(detail.getByTestId('points-detail-status')).toHaveText('待发货');
    await expect(detail).toContainText(MASKS);
    await expect(page.getByTestId('points-trace-step')).toContainText(['兑换成功']);
    await shotWhole(page, 'points-order-detail');

    // A coupon, credited at once.
    await page.goto('/jfsc?kind=coupon');
    await card(page, COUPON).getByTestId('points-redeem').click();
    await expect(page.getByTestId('redeem-modal')).toContainText('兑换成功后优惠券立即放入“我的钱包-优惠券”');
    await page.getByTestId('redeem-confirm').click();
    await expect(page.getByTestId('redeem-credited-text')).toContainText('积分兑换10元无门槛券（10元无门槛）×1');
    await shot(page, 'points-redeem-coupon');
    await expect(card(page, COUPON).getByTestId('points-goods-left')).toHaveText(String(coupon.stock - 1));
    await page.getByRole('button', { name: '查看优惠券' }).click();
    await expect(page).toHaveURL(/\/yhq$/);
    await expect(page.locator('[data-testid="coupon-card"][data-status="0"]', { hasText: '积分兑换10元无门槛券' }).first()).toBeVisible();

    const after = before - masks.points - coupon.points;
    expect(await pointsOf(page)).toBe(after);
    await page.goto('/jfsc');
    await expect(page.getByTestId('points-balance')).toHaveText(after.toLocaleString('zh-CN'));

    // Both orders under /jfdd; the masks under 待发货.
    await page.getByTestId('points-orders-link').click();
    await expect(page).toHaveURL(/\/jfdd$/);
    const rows = page.getByTestId('points-order-row');
    await expect(rows.filter({ hasText: MASKS }).first()).toContainText('待发货');
    await expect(rows.filter({ hasText: '10元无门槛券' }).first()).toContainText('已完成');
    await shotWhole(page, 'points-orders');
    await page.getByRole('tab', { name: /待发货/ }).click();
    await expect(page).toHaveURL(/\/jfdd\?status=0$/);
    await expect(rows.first()).toContainText(MASKS);
    for (const status of await page.getByTestId('points-order-status').allTextContents()) expect(status).toBe('待发货');

    // Points plus cash: the cash is paid from the balance with the payment password.
    const ops = await operatorRequest('ops');
    const tote = `药店环保购物袋 100只 ${Date.now() % 100000}`;
    const created = await (
      await ops.post('/api/admin/points/goods', {
        data: { name: tote, kind: 'physical', picture: '/api/img/goods.svg?n=环保购物袋&f=box&c=16a34a', points: 50, cash: '9.90', stock: 20, per_user: 1 },
      })
    ).json();
    expect(created.code, created.message).toBe(10000);
    await ops.dispose();
    const balance = (await api<{ balance: string }>(page, 'GET', '/api/user/user_money')).balance;
    await page.goto('/jfsc');
    await card(page, tote).getByTestId('points-redeem').click();
    await expect(page.getByTestId('redeem-sum')).toContainText('¥9.90');
    await page.getByTestId('redeem-confirm').click();
    await confirmPayment(page, { amount: '¥9.90', instrument: '余额', shot: 'points-redeem-cash' });
    await expect(page).toHaveURL(/\/jfdd\?id=\d+$/);
    await expect(page.getByTestId('points-order-detail')).toContainText('+ ¥9.90');
    const paid = (await api<{ balance: string }>(page, 'GET', '/api/user/user_money')).balance;
    expect(Math.round((Number(balance) - Number(paid)) * 100)).toBe(990);
    expect(await pointsOf(page)).toBe(after - 50);

    // More points than demo has (other journeys change demo's points, so the goods costs more than anybody holds):
    // the dialog says so and does not let it through.
    const dear = `家用制氧机 ${Date.now() % 100000}`;
    const ops2 = await operatorRequest('ops');
    const made = await (
      await ops2.post('/api/admin/points/goods', {
        data: { name: dear, kind: 'physical', picture: '/api/img/goods.svg?n=制氧机&f=device&c=2563eb', points: 999_999, cash: '0', stock: 5, per_user: 1 },
      })
    ).json();
    expect(made.code, made.message).toBe(10000);
    await ops2.dispose();
    await page.goto('/jfsc');
    await card(page, dear).getByTestId('points-redeem').click();
    await expect(page.getByTestId('redeem-number')).toBeDisabled();
    await expect(page.getByTestId('redeem-sum')).toContainText('积分不足');
    await expect(page.getByTestId('redeem-confirm')).toBeDisabled();
    await shot(page, 'points-redeem-short');
  });
});

test('an account waiting for its licence review is told it may redeem once approved', async ({ page }) => {
  // A clinic of its own: the seeded account waiting for review is the forgotten-password journey's.
  await registerWaitingClinic(page);
  await page.goto('/jfsc');
  await expect(page.getByTestId('points-balance')).toBeVisible();
  await card(page, MASKS).getByTestId('points-redeem').click();
  const notice = page.locator('.ant-modal-confirm');
  await expect(notice).toContainText('资质审核通过后才能兑换积分商品');
  await expect(page.getByTestId('redeem-modal')).toHaveCount(0);
  await shot(page, 'points-mall-pending');
  await notice.getByRole('button', { name: '查看资质' }).click();
  await expect(page).toHaveURL(/\/zhzx\/zzzj$/);
});
