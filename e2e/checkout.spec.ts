/** From the cart to a paid order: confirm (address, manjian, coupon, red packet), pay by balance or online, the e-contract. */
import { expect, test, type Page } from '@playwright/test';
import { formatMoney, yuanToFen } from '../core/money';
import { api, confirmPayment, type Envelope, loginByApi, pickOption, shot, withAccount, XHR } from './helpers';

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

/** Empties the account's cart, so that what other journeys left there does not change the amounts. */
async function clearCart(page: Page) {
  const cart = await api<{ list: { id: number }[] }>(page, 'GET', '/api/cart/list');
  if (cart.list.length) await api(page, 'POST', '/api/cart/batch_delete', { ids: cart.list.map((l) => l.id) });
}

/** Puts `number` of a goods in the cart and checks exactly that line out; answers the line's id. */
async function checkOut(page: Page, goodsId: number, number: number) {
  await api(page, 'POST', '/api/cart', { params: [{ goods_id: goodsId, number }] });
  const cart = await api<{ list: { id: number; goods_id: number }[] }>(page, 'GET', '/api/cart/list');
  const line = cart.list.find((l) => l.goods_id === goodsId)!;
  await api(page, 'POST', '/api/cart/checkout', { ids: [line.id] });
  return line.id;
}

/** A goods of a brand that is on sale, in stock and without a flash-sale or daily-special price. */
type Category = { id: number; name: string; children: Category[] };

/** A brand's goods in stock a journey may buy freely; with `outside`, none of that category (or its sub-categories). */
async function goodsOfBrand(page: Page, brandName: string, outside?: string) {
  const fl = await api<{ brand: { id: number; name: string }[]; category: Category[] }>(page, 'GET', '/api/goods/fl');
  const brand = fl.brand.find((b) => b.name === brandName)!;
  const list = await api<{ data: Goods[] }>(page, 'GET', `/api/goods/list?brand=${brand.id}&per_page=100`);
  const find = (cs: Category[]): Category | undefined => cs.find((c) => c.name === outside) ?? find(cs.flatMap((c) => c.children));
  const excluded = outside ? find(fl.category) : undefined;
  expect(!outside || excluded, `the category ${outside}`).toBeTruthy();
  const inside = excluded ? await api<{ data: Goods[] }>(page, 'GET', `/api/goods/list?brand=${brand.id}&category=${excluded.id}&per_page=100`) : { data: [] };
  const skip = new Set(inside.data.map((g) => g.id));
  return list.data.filter((g) => !skip.has(g.id) && g.is_buy && !g.is_ephedrine && g.number >= 200 && !g.tags.some((t) => t === '特' || t === '秒'));
}

/** Enough middle packages of a goods to pass `yuan`, even at its lowest ladder price. */
function quantityFor(g: Goods, yuan: number) {
  const lowest = Math.min(yuanToFen(g.base_price), ...g.ladder_price.map((t) => yuanToFen(t.price)));
  return Math.ceil((yuan * 100) / lowest / g.zbz) * g.zbz;
}

/**
 * A full-page screenshot of a screen with sticky parts: back at the top (the header no longer sticky), the order
 * countdown past its first tick, and the window as tall as the page so that the sticky amount bar sits where it
 * belongs instead of over the middle of the picture.
 */
async function shotWhole(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(page.getByTestId('header-bar')).toHaveAttribute('data-sticky', '0');
  const countdown = page.getByTestId('order-head').getByTestId('countdown');
  if (await countdown.count()) {
    // The shared clock shows its last tick until the next one: wait for a tick so the time left is today's.
    const first = await countdown.getAttribute('data-left');
    const selector = '[data-testid="order-head"] [data-testid="countdown"]';
    await page.waitForFunction(({ selector, left }) => document.querySelector(selector)?.getAttribute('data-left') !== left, { selector, left: first });
  }
  const viewport = page.viewportSize()!;
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: viewport.width, height });
  await shot(page, name);
  await page.setViewportSize(viewport);
}

/** The pay page's countdown reads as one time (请在 23:59:58 内完成支付): each part beside the next, on one line. */
async function expectCountdownInOnePiece(page: Page) {
  const countdown = page.getByTestId('order-head').getByTestId('countdown');
  await expect(countdown).toBeVisible();
  const parts = await countdown.evaluate((el) =>
    [...el.children].map((c) => {
      const r = c.getBoundingClientRect();
      return { text: c.textContent, left: r.left, right: r.right, middle: (r.top + r.bottom) / 2 };
    }),
  );
  expect(parts.map((p) => p.text).join('')).toMatch(/^(\d+天)?\d\d:\d\d:\d\d$/);
  for (let i = 1; i < parts.length; i++) {
    expect(parts[i].left - parts[i - 1].right, `between ${parts[i - 1].text} and ${parts[i].text}`).toBeLessThanOrEqual(4);
    expect(Math.abs(parts[i].middle - parts[0].middle), `${parts[i].text} on the line of the others`).toBeLessThanOrEqual(2);
  }
}

const fen = async (page: Page, testId: string) => yuanToFen(((await page.getByTestId(testId).textContent()) ?? '').replace(/[^\d.]/g, ''));

test('demo checks out 华北制药 goods over ¥1000, sees 满1000减50 and the best coupon, pays from the balance and the order waits for shipping', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await loginByApi(page, 'demo');
  await withAccount('demo', async () => {
    await clearCart(page);
    // Not an anti-infective: demo's 抗感染药满200减10 is then one coupon the order cannot use.
    const candidates = await goodsOfBrand(page, '华北制药', '抗感染药');
    const goods = candidates.find((g) => quantityFor(g, 1200) <= g.number)!;
    expect(goods, 'a 华北制药 goods in stock, not an anti-infective').toBeTruthy();
    await checkOut(page, goods.id, quantityFor(goods, 1200));
    const addresses = await api<{ full: string; is_default: number }[]>(page, 'GET', '/api/address');
    const confirm = await api<{ coupon: { id: number; discount: string } | null; coupons: { id: number; usable: boolean; discount: string }[] }>(
      page,
      'GET',
      '/api/cart/confirm',
    );
    expect(confirm.coupon, 'the best coupon').not.toBeNull();
    expect(confirm.coupons.filter((c) => !c.usable).length, 'a coupon this order cannot use').toBeGreaterThan(0);

    await page.goto('/cart/step2');
    await expect(page.getByTestId('confirm-page')).toBeVisible();
    const chosen = page.locator('[data-testid="address-card"][aria-pressed="true"]');
    await expect(chosen).toContainText(addresses.find((a) => a.is_default)!.full);
    await expect(page.getByTestId('bar-address')).toContainText(addresses.find((a) => a.is_default)!.full);
    await expect(page.getByTestId('confirm-line-name')).toHaveText(goods.name);
    await expect(page.getByTestId('amount-manjian')).toHaveText('-¥50.00');
    await expect(page.getByTestId('confirm-manjian')).toContainText('减¥50.00');

    // The best coupon is chosen for the buyer; choosing another one and then the best again moves the total by the difference.
    const best = page.locator(`[data-testid="coupon-option"][data-id="${confirm.coupon!.id}"]`);
    await expect(best).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('amount-coupon')).toHaveText(`-${formatMoney(yuanToFen(confirm.coupon!.discount))}`);
    const withCoupon = await fen(page, 'amount-total');
    const other = confirm.coupons.find((c) => c.usable && c.id !== confirm.coupon!.id && yuanToFen(c.discount) < yuanToFen(confirm.coupon!.discount))!;
    expect(other, 'a smaller usable coupon').toBeTruthy();
    await page.locator(`[data-testid="coupon-option"][data-id="${other.id}"]`).click();
    await expect(page.locator(`[data-testid="coupon-option"][data-id="${other.id}"]`)).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('amount-coupon')).toHaveText(`-${formatMoney(yuanToFen(other.discount))}`);
    await expect(page.getByTestId('amount-total')).toHaveText(formatMoney(withCoupon + yuanToFen(confirm.coupon!.discount) - yuanToFen(other.discount)));
    await best.click();
    await expect(best).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('amount-total')).toHaveText(formatMoney(withCoupon));
    const unusable = page.locator('[data-testid="coupon-option"][data-usable="0"]');
    await expect(unusable).toHaveCount(confirm.coupons.filter((c) => !c.usable).length);
    await expect(unusable.first()).toBeDisabled();

    // The red packet pays part of what is left.
    await page.getByTestId('red-packet-toggle').click();
    await expect(page.getByTestId('red-packet-used')).toBeVisible();
    const redPacket = await fen(page, 'amount-red-packet');
    expect(redPacket).toBeGreaterThan(0);
    await expect(page.getByTestId('amount-total')).toHaveText(formatMoney(withCoupon - redPacket));
    const total = formatMoney(withCoupon - redPacket);
    await page.getByTestId('order-remark').fill('请随货附检验报告');
    await shotWhole(page, 'checkout-confirm');

    await page.getByTestId('submit-order').click();
    await expect(page).toHaveURL(/\/cart\/step3\/\d+$/);
    const orderId = Number(new URL(page.url()).pathname.split('/').pop());
    await expect(page.getByTestId('order-amount')).toHaveText(total);
    await expect(page.getByTestId('countdown')).toBeVisible();
    await page.getByTestId('pay-method-balance').click();
    await expect(page.getByTestId('pay-method-balance')).toContainText('可用余额');
    await expect(page.getByTestId('pay-now')).toContainText(total);
    await shotWhole(page, 'checkout-pay');
    await page.getByTestId('pay-submit').click();
    // The confirmation shows the amount and the balance, and pays with the payment password.
    await confirmPayment(page, { amount: total, instrument: '余额', shot: 'checkout-pay-confirm' });

    await expect(page).toHaveURL(new RegExp(`/cart/step4\\?id=${orderId}$`));
    await expect(page.getByTestId('done-amount')).toHaveText(total);
    await expect(page.getByTestId('done-method')).toHaveText('余额支付');
    await expect(page.getByTestId('view-order')).toHaveAttribute('href', `/order/info/${orderId}`);
    await expect(page.getByTestId('continue-shopping')).toHaveAttribute('href', '/list');
    await shotWhole(page, 'checkout-done');

    const order = await api<{ status: number; status_text: string; pay_method: string }>(page, 'GET', `/api/order/${orderId}`);
    expect(order).toMatchObject({ status: 1, status_text: '待发货', pay_method: 'balance' });

    // Coming back to the pay page of a paid order says so.
    await page.goto(`/cart/step3/${orderId}`);
    await expect(page.getByTestId('order-paid')).toContainText('该订单已支付');
  });
});

test('不使用优惠券 takes the coupon off and puts the total up by its discount', async ({ page }) => {
  test.setTimeout(240_000);
  await loginByApi(page, 'chain');
  await withAccount('chain', async () => {
    await clearCart(page);
    const goods = (await goodsOfBrand(page, '石药')).find((g) => quantityFor(g, 600) <= g.number)!;
    await checkOut(page, goods.id, quantityFor(goods, 600));
    await page.goto('/cart/step2');
    const chosen = page.locator('[data-testid="coupon-option"][aria-pressed="true"]');
    await expect(chosen).toHaveCount(1);
    const discount = await fen(page, 'amount-coupon');
    const total = await fen(page, 'amount-total');
    await page.getByTestId('coupon-none').click();
    await expect(page.getByTestId('coupon-none')).toHaveAttribute('aria-pressed', 'true', { timeout: 5000 });
    await expect(page.getByTestId('amount-coupon')).toHaveText('¥0.00');
    await expect(page.getByTestId('amount-total')).toHaveText(formatMoney(total + discount));
  });
});

test('chain pays online: the sandbox page scanned in another window moves the pay page on to step 4 by itself', async ({ page, context }) => {
  test.setTimeout(240_000);
  await loginByApi(page, 'chain');
  await withAccount('chain', async () => {
    await clearCart(page);
    const goods = (await goodsOfBrand(page, '同仁堂'))[0];
    await checkOut(page, goods.id, goods.zbz * 2);
    await page.goto('/cart/step2');
    await page.getByTestId('submit-order').click();
    await expect(page).toHaveURL(/\/cart\/step3\/\d+$/);
    const orderId = Number(new URL(page.url()).pathname.split('/').pop());

    await page.getByTestId('pay-method-online').click();
    await expect(page.getByTestId('online-qr').locator('svg')).toBeVisible();
    const link = page.getByTestId('online-sandbox-link');
    await expect(link).toHaveAttribute('target', '_blank');
    const href = (await link.getAttribute('href'))!;
    expect(href).toMatch(/^\/pay\/sandbox\/SB\d+$/);
    await expect(page.getByTestId('online-waiting')).toBeVisible();
    await shotWhole(page, 'checkout-pay-online');

    const phone = await context.newPage();
    await phone.goto(href);
    await phone.getByTestId('sandbox-pay').click();
    await expect(phone.getByTestId('sandbox-msg')).toContainText('支付成功');
    await phone.close();

    await expect(page).toHaveURL(new RegExp(`/cart/step4\\?id=${orderId}$`), { timeout: 15_000 });
    await expect(page.getByTestId('done-method')).toHaveText('在线支付');
    const order = await api<{ status: number; pay_method: string }>(page, 'GET', `/api/order/${orderId}`);
    expect(order).toMatchObject({ status: 1, pay_method: 'online' });
  });
});

test('chain-a buys 酚麻美敏片 with other goods: it becomes an order of its own, paid on /cart/hm by bank transfer only', async ({ page }) => {
  test.setTimeout(240_000);
  await loginByApi(page, 'chain-a');
  await withAccount('chain-a', async () => {
    await clearCart(page);
    const found = await api<{ data: Goods[] }>(page, 'GET', `/api/goods/list?keywords=${encodeURIComponent('酚麻美敏片')}`);
    const ephedrine = found.data.find((g) => g.is_ephedrine && g.is_buy && g.number >= 100)!;
    const plain = (await goodsOfBrand(page, '修正'))[0];
    await api(page, 'POST', '/api/cart', {
      params: [
        { goods_id: ephedrine.id, number: ephedrine.zbz },
        { goods_id: plain.id, number: plain.zbz },
      ],
    });
    const cart = await api<{ list: { id: number }[] }>(page, 'GET', '/api/cart/list');
    await api(page, 'POST', '/api/cart/checkout', { ids: cart.list.map((l) => l.id) });

    await page.goto('/cart/step2');
    const group = page.getByTestId('group-ephedrine');
    await expect(group).toContainText('含麻黄碱类商品（需对公转账，单独成单）');
    await expect(group.getByTestId('confirm-line-name')).toHaveText(ephedrine.name);
    await expect(page.getByTestId('group-normal').getByTestId('confirm-line-name')).toHaveText(plain.name);
    await expect(page.getByTestId('bar-address')).toContainText('本次将生成 2 笔订单');

    // A VAT special invoice needs a title and a tax number: the server's messages show under the fields.
    await page.getByTestId('invoice-section').getByText('增值税专用发票').click();
    await page.getByTestId('submit-order').click();
    await expect(page.getByTestId('invoice-error-title')).toHaveText('请填写发票抬头');
    await expect(page.getByTestId('invoice-error-tax_no')).toHaveText('增值税专用发票须填写税号');
    await shotWhole(page, 'checkout-confirm-ephedrine');
    await page.getByTestId('invoice-title').fill('浙江康泰连锁药业有限公司湖墅店');
    await page.getByTestId('invoice-tax-no').fill('91330100mA2b3c4d5e');
    await expect(page.getByTestId('invoice-tax-no')).toHaveValue('91330100MA2B3C4D5E');
    await expect(page.getByTestId('invoice-error-title')).toHaveCount(0);
    await page.getByTestId('submit-order').click();

    // The ordinary order is paid on step 3, which points to the ephedrine order waiting on /cart/hm.
    await expect(page).toHaveURL(/\/cart\/step3\/\d+$/);
    await expectCountdownInOnePiece(page);
    const reminder = page.getByTestId('ephedrine-reminder');
    await expect(reminder).toContainText('须对公转账');
    await reminder.getByRole('link').click();
    await expect(page).toHaveURL(/\/cart\/hm\?id=\d+$/);
    const ephedrineOrder = Number(new URL(page.url()).searchParams.get('id'));
    await expect(page.getByTestId('ephedrine-notice')).toContainText('含麻黄碱类复方制剂须对公转账，收货后请在"含麻订单"中上传加盖公章的签收单');
    await expect(page.getByTestId('hmdd-link')).toHaveAttribute('href', '/hmdd');
    await page.getByTestId('pay-method-transfer').click();
    await page.getByTestId('transfer-confirm').click();
    await expect(page.getByTestId('bank-details')).toBeVisible();
    await expect(page.getByTestId('bank-name')).not.toBeEmpty();
    await expect(page.getByTestId('transfer-note')).toContainText('等待平台财务确认到账');
    await shotWhole(page, 'checkout-pay-ephedrine');
    expect(await api<{ pay_status: number; paid: number }>(page, 'GET', `/api/pay/status/${ephedrineOrder}`)).toMatchObject({ pay_status: 2, paid: 0 });

    // The ordinary pay page sends an ephedrine order to /cart/hm; an order that is not the account's is not found.
    await page.goto(`/cart/step3/${ephedrineOrder}`);
    await expect(page).toHaveURL(new RegExp(`/cart/hm\\?id=${ephedrineOrder}$`));
    await expect(page.getByTestId('bank-details')).toBeVisible();
    await page.goto('/cart/step3/99999999');
    await expect(page.getByTestId('order-not-found')).toBeVisible();
  });
});

test('chain-b reads the e-contract with its company and the time it signed, and signing again changes nothing', async ({ page }) => {
  await loginByApi(page, 'chain-b');
  const before = await api<{ signed: number; signed_at: number; company: string; title: string }>(page, 'GET', '/api/contract');
  expect(before.signed).toBe(1);
  await page.goto('/dzht');
  await expect(page.getByTestId('contract-title')).toHaveText(before.title);
  await expect(page.getByTestId('contract-company')).toHaveText(before.company);
  await expect(page.getByTestId('contract-text')).toContainText('甲方');
  await expect(page.getByTestId('contract-signed-at')).toHaveText(/^\d{4}年\d{2}月\d{2}日 \d{2}:\d{2}$/);
  await expect(page.getByTestId('contract-sign')).toHaveCount(0);
  await shotWhole(page, 'contract');
  const again = await api<{ signed: number; signed_at: number }>(page, 'POST', '/api/contract/sign');
  expect(again).toMatchObject({ signed: 1, signed_at: before.signed_at });
});

test('chain-b adds an address on step 2 and orders to it; a 459 answer sends it to /dzht, where 我已阅读并同意 unlocks 同意并签署 and signing goes back to step 2', async ({
  page,
}) => {
  // The seed signs every approved account, so the server's own 459 cannot be reached here: the answer is played.
  test.setTimeout(240_000);
  await loginByApi(page, 'chain-b');
  await withAccount('chain-b', async () => {
    await clearCart(page);
    const goods = (await goodsOfBrand(page, '哈药'))[0];
    await checkOut(page, goods.id, goods.zbz);
    const sent: string[] = [];
    await page.route('**/api/order', (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      sent.push(route.request().postData() ?? '');
      return route.fulfill({ json: { code: 459, message: '首次下单前请先签署电子合同', data: null } });
    });
    await page.route('**/api/contract', async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as Envelope<Record<string, unknown>>;
      await route.fulfill({ json: { ...body, data: { ...body.data, signed: 0, signed_at: null } } });
    });
    await page.goto('/cart/step2');

    // 新增收货地址 without leaving step 2: the new address is the one the order goes to.
    const street = `长河路 590 号 ${Date.now() % 1000} 号仓`;
    await page.getByTestId('address-add').click();
    await page.getByTestId('address-name').fill('吴磊');
    await page.getByTestId('address-phone').fill('13900000456');
    await pickOption(page, 'address-province', '浙江省');
    await pickOption(page, 'address-city', '杭州市');
    await pickOption(page, 'address-district', '滨江区');
    await page.getByTestId('address-street').fill(street);
    await page.getByTestId('address-save').click();
    await expect(page.getByTestId('address-form')).toBeHidden();
    await expect(page.locator('[data-testid="address-card"][aria-pressed="true"]')).toContainText(street);
    await expect(page.getByTestId('bar-address')).toContainText(street);
    const added = (await api<{ id: number; address: string }[]>(page, 'GET', '/api/address')).find((a) => a.address === street)!;

    await page.getByTestId('submit-order').click();
    await expect(page.getByText('首次下单前请先签署电子合同')).toBeVisible();
    expect(new URLSearchParams(sent[0]).get('address_id')).toBe(String(added.id));
    await expect(page).toHaveURL(/\/dzht$/);
    const sign = page.getByTestId('contract-sign');
    await expect(sign).toBeDisabled();
    await page.getByTestId('contract-agree').click();
    await expect(sign).toBeEnabled();
    await sign.click();
    await expect(page.getByText('电子合同签署成功')).toBeVisible();
    await expect(page).toHaveURL(/\/cart\/step2$/);
    await expect(page.getByTestId('confirm-page')).toBeVisible();
    const removed = await page.request.delete(`/api/address/${added.id}`, { headers: XHR });
    expect((await removed.json()).code).toBe(10000);
  });
});
