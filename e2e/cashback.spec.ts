/**
 * 满返专区 /hb: a buyer reads the tiers and the cart's progress, fills the cart with the activity's goods past
 * the first tier, sees 预计返 on the confirm page, pays, and once the warehouse has shipped and the buyer has
 * received the order, finds the cashback in the account red packet with its ledger row.
 */
import { expect, test } from '@playwright/test';
import { formatMoney, yuanToFen } from '../core/money';
import type { CartList } from '../core/schemas/cart';
import type { Cashback } from '../core/schemas/promotions';
import { api, clearCart, confirmPayment, loginByApi, operatorRequest, shotWhole, withAccount } from './helpers';

test('a buyer reaches a 满返 tier, pays, receives the order and finds the red packet in the wallet', async ({ page }) => {
  test.setTimeout(180_000);
  await loginByApi(page, 'chain-a');
  await withAccount('chain-a', async () => {
    await clearCart(page.request);
    const { activity, goods } = await api<Cashback>(page, 'GET', '/api/activity/cashback?sort=price&order=desc');
    const first = activity!.tiers[0];

    await page.goto('/hb');
    await expect(page.getByTestId('cashback-tier')).toHaveCount(activity!.tiers.length);
    await expect(page.getByTestId('cashback-need')).toHaveText(`¥${first.amount.replace(/\.00$/, '')}`);

    // Enough of one goods of the activity to pass the first tier, added from its card.
    const g = goods.data.find((x) => x.is_buy && x.number >= x.zbz * 50 && !x.ladder_price.length)!;
    expect(g, 'a buyable goods of the activity').toBeTruthy();
    const units = Math.ceil(yuanToFen(first.amount) / yuanToFen(g.base_price!) / g.zbz) * g.zbz;
    await page.goto('/hb?sort=price&order=desc');
    const card = page.getByTestId('goods-card').filter({ has: page.locator(`a[href="/list/info/${g.id}"]`) });
    const input = card.getByTestId('quantity-input');
    await input.fill(String(units));
    await input.press('Enter');
    const added = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/cart');
    await card.getByTestId('add-to-cart').click();
    expect((await (await added).json()).code).toBe(10000);
    const cart = await api<CartList>(page, 'GET', '/api/cart/list');
    const mine = cart.activity_data.cashbacks.find((c) => c.activity_id === activity!.id)!;
    expect(mine.back).toBe(first.back);
    await expect(page.getByTestId('cashback-reached')).toHaveText(`¥${first.back.replace(/\.00$/, '')}`);
    await shotWhole(page, 'cashback');

    // The confirm page promises it; the order keeps it.
    await page.goto('/cart');
    await expect(page.getByTestId('bar-cashback')).toContainText(formatMoney(yuanToFen(first.back)));
    await page.getByTestId('checkout').click();
    await expect(page).toHaveURL(/\/cart\/step2$/);
    await expect(page.getByTestId('amount-cashback')).toHaveText(`预计返 ${formatMoney(yuanToFen(first.back))} 红包`);
    await shotWhole(page, 'cashback-confirm');
    const total = await page.getByTestId('amount-total').textContent();
    await page.getByTestId('submit-order').click();
    await expect(page).toHaveURL(/\/cart\/step3\/\d+$/);
    const orderId = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByTestId('pay-method-balance').click();
    await page.getByTestId('pay-submit').click();
    await confirmPayment(page, { amount: total!, instrument: '余额' });
    await expect(page).toHaveURL(new RegExp(`/cart/step4\\?id=${orderId}$`));

    const warehouse = await operatorRequest('warehouse');
    try {
      const shipped = await (
        await warehouse.post(`/api/admin/orders/${orderId}/ship`, { data: { carrier: '顺丰速运', tracking_no: `SF${Date.now() % 1e10}` } })
      ).json();
      expect(shipped.code, shipped.message).toBe(10000);
    } finally {
      await warehouse.dispose();
    }

    const before = await api<{ red_packet: string }>(page, 'GET', '/api/user/user_money');
    await page.goto(`/order/info/${orderId}`);
    await expect(page.getByTestId('amount-cashback')).toContainText('订单完成后存入账户红包');
    await page.getByTestId('order-action-receive').first().click();
    await page.getByTestId('receive-confirm').click();
    await expect(page.getByTestId('amount-cashback')).toContainText('已存入账户红包');
    const after = await api<{ red_packet: string }>(page, 'GET', '/api/user/user_money');
    expect(yuanToFen(after.red_packet) - yuanToFen(before.red_packet)).toBe(yuanToFen(first.back));

    await page.goto('/wdqb/zhhb');
    const row = page.locator('[data-testid="log-row"][data-kind="cashback"]').first();
    await expect(row).toContainText('满返红包');
    await expect(row.getByTestId('log-amount')).toHaveText(`+${formatMoney(yuanToFen(first.back))}`);
    await shotWhole(page, 'cashback-red-packet');
  });
});
