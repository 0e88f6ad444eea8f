/**
 * The payment password of a new buyer, who has none: approved by qa and its balance recharged through the
 * sandbox gateway, it sets one in 账户中心 with the SMS code and pays an order with it (a wrong try first); another
 * new buyer is asked at its first balance payment, sets it in the pay dialog and the payment goes on.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { formatMoney, yuanToFen } from '../../core/money';
import { api, confirmPayment, OPERATOR_PASSWORD, registerWaitingClinic, shot, shotWhole, smsCode, smsCodeAllowed, typePayPassword, XHR } from '../helpers';

const slow = { timeout: 60_000 };

// Each journey registers a clinic of its own and waits out the 60 s before that phone may have a second code:
// side by side on the two workers, the two waits are one.
test.describe.configure({ mode: 'parallel', timeout: 180_000 });

type Goods = { id: number; zbz: number; number: number; is_buy: number; is_ephedrine: number; base_price: string | null; tags: string[] };

/** A new clinic, approved by qa for every 经营范围 through the console's API, with ¥1,000 recharged online, and an unpaid order. */
async function approvedClinicWithOrder(browser: Browser, page: Page) {
  const { phone } = await registerWaitingClinic(page);
  const base = await api<{ id: number; has_pay_password: number }>(page, 'GET', '/api/user/base');
  expect(base.has_pay_password).toBe(0);
  const scopes = await api<{ id: number }[]>(page, 'GET', '/api/user/jyfw');

  const qa = await browser.newContext();
  const login = await (await qa.request.post('/api/admin/login', { headers: XHR, data: { username: 'qa', password: OPERATOR_PASSWORD } })).json();
  expect(login.code, login.message).toBe(10000);
  const review = await (
    await qa.request.post(`/api/admin/users/${base.id}/review`, { headers: XHR, data: { is_passed: 1, scope_ids: scopes.map((s) => s.id) } })
  ).json();
  expect(review.code, review.message).toBe(10000);
  await qa.close();

  // ¥1,000 into the balance the way a buyer recharges: the gateway's QR code, confirmed on the sandbox page.
  const recharge = await api<{ trade_no: string }>(page, 'POST', '/api/moneys/recharge', { amount: 1000 });
  await api(page, 'POST', '/api/pay/sandbox/confirm', { trade_no: recharge.trade_no });

  await api(page, 'POST', '/api/contract/sign');
  const list = await api<{ data: Goods[] }>(page, 'GET', '/api/goods/list?per_page=60&in_stock=1');
  const goods = list.data.find(
    (g) =>
      g.is_buy &&
      !g.is_ephedrine &&
      g.base_price &&
      yuanToFen(g.base_price) * g.zbz < 30_000 &&
      g.number >= g.zbz * 5 &&
      !g.tags.some((t) => t === '特' || t === '秒'),
  );
  expect(goods, 'goods in stock a clinic can pay for from ¥1,000').toBeTruthy();
  await api(page, 'POST', '/api/cart', { params: [{ goods_id: goods!.id, number: goods!.zbz }] });
  const cart = await api<{ list: { id: number }[] }>(page, 'GET', '/api/cart/list');
  await api(page, 'POST', '/api/cart/checkout', { ids: cart.list.map((l) => l.id) });
  const address = await api<{ id: number }>(page, 'POST', '/api/address', {
    name: '王医生',
    phone,
    province: '浙江省',
    city: '宁波市',
    district: '鄞州区',
    address: '天童南路 588 号',
  });
  const made = await api<{ orders: { id: number; pay_amount: string }[] }>(page, 'POST', '/api/order', { address_id: address.id });
  /** Waits out the 60 s between two codes to one phone: registering sent the first. */
  const codeAllowed = () => smsCodeAllowed(page, phone);
  return { phone, order: made.orders[0], codeAllowed };
}

test('a new clinic sets its payment password in 账户中心 with the SMS code, and pays an order from the balance with it', async ({ browser, page }) => {
  const { phone, order, codeAllowed } = await approvedClinicWithOrder(browser, page);

  await page.goto('/zhzx/basic');
  // The first page of a new browser loads the app: allow for a busy machine.
  await expect(page.getByTestId('basic-page')).toBeVisible(slow);
  const section = page.getByTestId('paypwd-section');
  await expect(section.getByTestId('paypwd-state')).toHaveText('未设置');
  await expect(section.getByTestId('paypwd-phone')).toHaveText(`${phone.slice(0, 3)}****${phone.slice(7)}`);
  // Without the code nothing is sent to the server.
  await section.getByTestId('paypwd-new').locator('input').first().fill('246813');
  await section.getByTestId('paypwd-confirm').locator('input').first().fill('246813');
  await section.getByTestId('paypwd-submit').click();
  await expect(section).toContainText('请输入短信验证码');
  // Digits anyone would guess are refused in the browser with the server's own rule.
  await section.getByTestId('paypwd-new').locator('input').first().fill('123456');
  await expect(section).toContainText('支付密码过于简单');
  await section.getByTestId('paypwd-new').locator('input').first().fill('246813');

  await codeAllowed();
  await section.getByTestId('paypwd-send-code').click();
  await expect(section.getByTestId('paypwd-send-code')).toContainText(/\d+秒后重新获取/);
  const code = await smsCode(page.request, phone, 'pay_password');
  await section.getByTestId('paypwd-code').fill(code);
  await shotWhole(page, 'pay-password-account-centre');
  await section.getByTestId('paypwd-submit').click();
  await expect(page.locator('.ant-message')).toContainText('支付密码设置成功');
  await expect(section.getByTestId('paypwd-state')).toHaveText('已设置');
  await expect(section.getByTestId('paypwd-form')).toHaveCount(0);
  expect((await api<{ has_pay_password: number }>(page, 'GET', '/api/user/base')).has_pay_password).toBe(1);

  // The pay page: 余额支付 asks for it; a wrong one is told with the tries left, the right one pays.
  await page.goto(`/cart/step3/${order.id}`);
  await expect(page.getByTestId('pay-method-balance')).toBeVisible(slow);
  await page.getByTestId('pay-method-balance').click();
  await page.getByTestId('pay-submit').click();
  const dialog = page.getByTestId('paycf');
  await expect(dialog.getByTestId('paycf-amount')).toHaveText(formatMoney(yuanToFen(order.pay_amount)));
  await expect(dialog.getByTestId('paycf-instrument')).toContainText('账户余额');
  await typePayPassword(page, '975318');
  await dialog.getByTestId('paycf-submit').click();
  await expect(dialog.getByTestId('paycf-error')).toHaveText(/支付密码错误，还可尝试4次/);
  await shot(page, 'pay-password-wrong');
  await confirmPayment(page, { amount: formatMoney(yuanToFen(order.pay_amount)), instrument: '余额', password: '246813' });
  await expect(page).toHaveURL(new RegExp(`/cart/step4\\?id=${order.id}$`));
  await expect(page.getByTestId('done-method')).toHaveText('余额支付');
  const paid = await api<{ status: number; pay_method: string }>(page, 'GET', `/api/order/${order.id}`);
  expect(paid).toMatchObject({ status: 1, pay_method: 'balance' });
});

test('a new clinic without a payment password is asked to set it at its first balance payment, and the payment goes on', async ({ browser, page }) => {
  const { phone, order, codeAllowed } = await approvedClinicWithOrder(browser, page);

  await page.goto(`/cart/step3/${order.id}`);
  await expect(page.getByTestId('pay-method-balance')).toBeVisible(slow);
  await page.getByTestId('pay-method-balance').click();
  await page.getByTestId('pay-submit').click();
  const dialog = page.getByTestId('paycf');
  await expect(dialog).toHaveAttribute('data-mode', 'set');
  await expect(dialog.getByTestId('paycf-set-notice')).toContainText('您还未设置');
  await expect(dialog.getByTestId('paycf-amount')).toHaveText(formatMoney(yuanToFen(order.pay_amount)));
  await codeAllowed();
  await dialog.getByTestId('paypwd-send-code').click();
  const code = await smsCode(page.request, phone, 'pay_password');
  await dialog.getByTestId('paypwd-code').fill(code);
  await dialog.getByTestId('paypwd-new').locator('input').first().fill('864209');
  await dialog.getByTestId('paypwd-confirm').locator('input').first().fill('864200');
  await dialog.getByTestId('paypwd-submit').click();
  await expect(dialog).toContainText('两次输入的支付密码不一致');
  await dialog.getByTestId('paypwd-confirm').locator('input').first().fill('864209');
  await shot(page, 'pay-password-first-payment');
  await dialog.getByTestId('paypwd-submit').click();

  await expect(page).toHaveURL(new RegExp(`/cart/step4\\?id=${order.id}$`));
  await expect(page.getByTestId('done-method')).toHaveText('余额支付');
  expect((await api<{ has_pay_password: number }>(page, 'GET', '/api/user/base')).has_pay_password).toBe(1);
});
