/**
 * 我的钱包: every tab with demo's seeded figures (screenshots of each), redeeming a cash-voucher code, recharging
 * through the sandbox gateway and repaying a credit bill. Other journeys pay with demo's balance and credit at the
 * same time, so the journeys that change the wallet hold demo (withAccount) and check differences, not absolutes.
 * The completed order's credit bill stays unpaid for the orders journey; the bill repaid here is another one.
 */
import { expect, test, type Page } from '@playwright/test';
import { formatMoney, yuanToFen } from '../core/money';
import { api, confirmPayment, loginByApi, shotWhole, withAccount } from './helpers';

type Money = { balance: string; red_packet: string; points: number; credit_available: string; credit_used: string; voucher_count: number };
type Voucher = { code: string; amount: string; status: number };
type Bill = { id: number; order_id: number; remaining: string; status: number };

const money = (page: Page) => api<Money>(page, 'GET', '/api/user/user_money');
const yuan = (v: string) => formatMoney(yuanToFen(v));

test('demo sees every wallet tab with its figures from the ledger', async ({ page }) => {
  test.setTimeout(120_000);
  await loginByApi(page, 'demo');

  await page.goto('/yegl');
  await expect(page.getByTestId('wallet-yegl')).toBeVisible();
  await expect(page.getByTestId('recharge-option').first()).toBeVisible();
  await expect(page.getByTestId('log-row').first()).toBeVisible();
  await expect(page.locator('[data-testid="log-row"][data-kind="recharge"]').first()).toBeVisible();
  await expect(page.getByTestId('account-menu').locator('[data-key="yegl"]')).toHaveAttribute('aria-current', 'page');
  await shotWhole(page, 'wallet-balance');

  await page.goto('/wdqb/zqgl');
  await expect(page.getByTestId('credit-summary')).toBeVisible();
  await expect(page.getByTestId('bill-row').first()).toBeVisible();
  await expect(page.getByTestId('ledger-credit').getByTestId('log-row').first()).toBeVisible();
  await shotWhole(page, 'wallet-credit');

  await page.goto('/wdqb_zhhb');
  await expect(page.getByTestId('packet-value')).toHaveText(/^¥\d/);
  await expect(page.locator('[data-testid="log-row"][data-kind="grant"]')).toBeVisible();
  await shotWhole(page, 'wallet-red-packets');

  await page.goto('/jfgl');
  await expect(page.getByTestId('points-value')).toHaveText(/^\d[\d,]*$/);
  const spent = page.waitForResponse((r) => r.url().includes('/api/user/user_money_log') && r.url().includes('use_type=2'));
  await page.getByTestId('log-use-type').getByText('使用').click();
  await expect(page).toHaveURL(/use_type=2/);
  await spent;
  // The seeded redemption, and any the points mall's journey has made meanwhile.
  await expect(page.locator('[data-testid="log-row"][data-kind="exchange"]').last()).toBeVisible();
  // The earlier page stays on screen until the new one is drawn: every amount shown turns negative.
  await expect.poll(async () => (await page.getByTestId('log-amount').allTextContents()).filter((a) => !/^-\d+$/.test(a))).toEqual([]);
  await page.getByTestId('log-use-type').getByText('全部').click();
  await expect(page.getByTestId('log-row')).not.toHaveCount(1);
  await shotWhole(page, 'wallet-points');

  await page.goto('/yhq');
  await expect(page.getByTestId('coupon-card').first()).toBeVisible();
  await shotWhole(page, 'wallet-coupons');
  for (const [key, status, name] of [
    ['1', '1', 'wallet-coupons-used'],
    ['2', '2', 'wallet-coupons-expired'],
  ] as const) {
    await page.locator(`[data-testid="coupon-tab"][data-key="${key}"]`).click();
    await expect(page.getByTestId('coupon-card').first()).toHaveAttribute('data-status', status);
    await shotWhole(page, name);
  }

  await page.goto('/xjq');
  await expect(page.getByTestId('voucher-row').first()).toBeVisible();
  await shotWhole(page, 'wallet-vouchers');
});

test('a guest is sent to log in from the wallet and comes back to it', async ({ page }) => {
  await page.goto('/wdqb/zqgl');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fwdqb%2Fzqgl/);
});

test('demo redeems a cash-voucher code: a wrong code is told under the field, the right one shows in the balance and its log', async ({ page }) => {
  await loginByApi(page, 'demo');
  await withAccount('demo', async () => {
    const list = await api<{ data: Voucher[] }>(page, 'GET', '/api/cash_coupon/list?status=0');
    const voucher = list.data[0];
    expect(voucher, 'an unused voucher of demo').toBeTruthy();
    const before = await money(page);

    await page.goto('/xjq');
    await expect(page.getByTestId('wallet-figure-yegl')).toHaveText(yuan(before.balance));
    await page.getByTestId('voucher-code').fill('NOSUCHCODE01');
    await page.getByTestId('voucher-submit').click();
    await expect(page.getByTestId('voucher-form').locator('.ant-form-item-explain-error')).toHaveText('券码不存在，请核对后重新输入');

    await page.getByTestId('voucher-code').fill(voucher.code.toLowerCase());
    await page.getByTestId('voucher-submit').click();
    await expect(page.locator('.ant-message')).toContainText(`充值成功：${yuan(voucher.amount)} 已存入账户余额`);
    const after = await money(page);
    expect(yuanToFen(after.balance) - yuanToFen(before.balance)).toBe(yuanToFen(voucher.amount));
    await expect(page.getByTestId('wallet-figure-yegl')).toHaveText(yuan(after.balance));
    await expect(page.locator(`[data-testid="voucher-row"][data-code="${voucher.code}"]`)).toHaveAttribute('data-status', '1');

    await page.goto('/yegl');
    const top = page.getByTestId('log-row').first();
    await expect(top).toHaveAttribute('data-kind', 'voucher');
    await expect(top.getByTestId('log-amount')).toHaveText(`+${yuan(voucher.amount)}`);
    await expect(top.getByTestId('log-after')).toHaveText(yuan(after.balance));
    await expect(page.getByTestId('balance-value')).toHaveText(yuan(after.balance));
  });
});

test('demo recharges ¥1,000 through the sandbox gateway and sees it arrive', async ({ page, context }) => {
  await loginByApi(page, 'demo');
  await withAccount('demo', async () => {
    const before = await money(page);
    await page.goto('/yegl');
    await page.getByTestId('recharge-option').filter({ hasText: '¥1,000' }).click();
    await expect(page.getByTestId('recharge-total')).toHaveText('¥1,000.00');
    await page.getByTestId('recharge-submit').click();
    await expect(page.getByTestId('gateway-qr').locator('svg')).toBeVisible();
    await expect(page.getByTestId('gateway-amount')).toHaveText('¥1,000.00');
    await shotWhole(page, 'wallet-recharge-qr');
    const href = (await page.getByTestId('gateway-sandbox-link').getAttribute('href'))!;
    const phone = await context.newPage();
    await phone.goto(href);
    await expect(phone.locator('body')).toContainText('余额充值');
    await phone.getByTestId('sandbox-pay').click();
    await expect(phone.getByTestId('sandbox-msg')).toContainText('支付成功');
    await phone.close();
    await expect(page.getByTestId('gateway-paid')).toBeVisible({ timeout: 15_000 });
    await page.getByTestId('gateway-done').click();
    const after = await money(page);
    expect(yuanToFen(after.balance) - yuanToFen(before.balance)).toBe(100_000);
    await expect(page.getByTestId('balance-value')).toHaveText(yuan(after.balance));
    await expect(page.getByTestId('log-row').first()).toHaveAttribute('data-kind', 'recharge');
  });
});

test('demo repays a credit bill from the balance and finds it under 已还款', async ({ page }) => {
  await loginByApi(page, 'demo');
  await withAccount('demo', async () => {
    const bills = await api<{ data: Bill[] }>(page, 'GET', '/api/user/user_credit_list?type=1');
    // Not the bill of the completed order the orders journey reads as 待还款.
    let bill: Bill | undefined;
    for (const b of bills.data) {
      const order = await api<{ status: number }>(page, 'GET', `/api/order/${b.order_id}`);
      if (order.status !== 3) bill = b;
    }
    expect(bill, 'a seeded credit bill to repay').toBeTruthy();
    const before = await money(page);

    await page.goto('/zqgl');
    const row = page.locator(`[data-testid="bill-row"][data-id="${bill!.id}"]`);
    await row.getByTestId('bill-repay').click();
    await expect(page.getByTestId('repay-total')).toHaveText(yuan(bill!.remaining));
    await page.getByTestId('repay-method-balance').click();
    await shotWhole(page, 'wallet-credit-repay');
    await page.getByTestId('repay-confirm').click();
    await confirmPayment(page, { amount: yuan(bill!.remaining), instrument: '余额', shot: 'wallet-credit-repay-confirm' });
    await expect(page.locator('.ant-message')).toContainText(`还款成功：${yuan(bill!.remaining)}`);
    await expect(row).toHaveCount(0);

    const after = await money(page);
    expect(yuanToFen(before.balance) - yuanToFen(after.balance)).toBe(yuanToFen(bill!.remaining));
    expect(yuanToFen(after.credit_available) - yuanToFen(before.credit_available)).toBe(yuanToFen(bill!.remaining));
    await expect(page.getByTestId('credit-available')).toHaveText(yuan(after.credit_available));

    await page.locator('[data-testid="bill-tab"][data-key="2"]').click();
    await expect(row).toHaveAttribute('data-status', '1');
    await expect(row.getByTestId('bill-state')).toHaveText('已还款');
    await shotWhole(page, 'wallet-credit-repaid');
  });
});

test('a store without bills or vouchers sees the empty states, and a failed log offers a retry', async ({ page }) => {
  await loginByApi(page, 'chain-b');
  await page.goto('/zqgl');
  await expect(page.getByTestId('credit-bills').getByTestId('empty-state')).toContainText('暂无待还款账单');
  await page.goto('/xjq');
  await expect(page.getByTestId('voucher-list').getByTestId('empty-state')).toContainText('暂无现金券');
  await shotWhole(page, 'wallet-vouchers-empty');

  // The log's first answer fails: the panel says so and 重试 asks again.
  let failed = false;
  await page.route('**/api/user/user_money_log**', async (route) => {
    if (failed) return route.continue();
    failed = true;
    return route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ code: 500, message: '系统繁忙，请稍候再试', data: null }) });
  });
  await page.goto('/jfgl');
  const panel = page.getByTestId('ledger-points');
  await expect(panel.getByTestId('error-state')).toBeVisible();
  await panel.getByTestId('retry').click();
  await expect(panel.getByTestId('error-state')).toHaveCount(0);
  await expect(panel.getByTestId('empty-state').or(panel.getByTestId('log-row').first())).toBeVisible();
});
