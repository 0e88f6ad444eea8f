/**
 * My orders: the list with its tabs and search, the detail with its trace, amounts and credit bill, 确认收货,
 * 申请退货, 取消订单, 再次购买, the ephedrine receipts, and orders that are not the buyer's.
 *
 * Other journeys use demo at the same time on the same server (its cart, and new demo orders from checkout), so
 * seeded orders are found by status through the API, and journeys that change an order make their own where they
 * can (chain places and cancels its own order). Only demo's seeded 已发货 order can be received: shipping is an
 * operator's action without an API yet, so there is one such order on a fresh server.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { formatMoney, yuanToFen } from '../core/money';
import { api, type Envelope, loginByApi, shotWhole, withAccount } from './helpers';

type Counts = Record<'all' | '0' | '1' | '2' | '3' | '4', number>;
type Summary = {
  id: number;
  order_no: string;
  status: number;
  status_text: string;
  pay_amount: string;
  pay_method: string;
  created_at: number;
  items: { goods_id: number; name: string }[];
};
type OrderPage = { data: Summary[]; counts: Counts; total: number };
type Item = { id: number; goods_id: number; type: number; name: string; number: number; pay_amount: string };
type Detail = Omit<Summary, 'items'> & {
  tracking_no: string;
  carrier: string;
  items: Item[];
  amounts: Record<'goods_amount' | 'welfare_amount' | 'manjian_amount' | 'coupon_amount' | 'red_packet_amount' | 'shipping_amount' | 'pay_amount', string>;
  credit_bill: { amount: string; due_date: string; status: number } | null;
  cancel_reason: string;
};

/** The oldest order of a status: the seeded one, placed weeks before any journey's. */
async function seeded(page: Page, status: number): Promise<Summary> {
  const list = await api<OrderPage>(page, 'GET', `/api/order?status=${status}`);
  expect(list.data.length, `an order with status ${status}`).toBeGreaterThan(0);
  return [...list.data].sort((a, b) => a.created_at - b.created_at)[0];
}

type Goods = { id: number; name: string; zbz: number; number: number; is_buy: number; is_ephedrine: number; tags: string[] };

/** Places an order of one goods through the cart and checkout of the logged-in account; answers its id. */
async function placeOrder(page: Page, goods: Goods) {
  await api(page, 'POST', '/api/cart', { params: [{ goods_id: goods.id, number: goods.zbz }] });
  const cart = await api<{ list: { id: number; goods_id: number }[] }>(page, 'GET', '/api/cart/list');
  const line = cart.list.find((l) => l.goods_id === goods.id)!;
  await api(page, 'POST', '/api/cart/checkout', { ids: [line.id] });
  const addresses = await api<{ id: number; is_default: number }[]>(page, 'GET', '/api/address');
  const address = addresses.find((a) => a.is_default) ?? addresses[0];
  const made = await api<{ orders: { id: number; is_ephedrine: number }[] }>(page, 'POST', '/api/order', { address_id: address.id });
  return made.orders[0].id;
}

/** An ordinary goods on sale with stock, without flash-sale or daily-special prices. */
async function plainGoods(page: Page) {
  const list = await api<{ data: Goods[] }>(page, 'GET', '/api/goods/list?per_page=40');
  const goods = list.data.find((g) => g.is_buy && !g.is_ephedrine && g.number >= g.zbz * 5 && !g.tags.some((t) => t === '特' || t === '秒'));
  expect(goods, 'a plain goods in stock').toBeTruthy();
  return goods!;
}

/** A picture of a stamped receipt drawn by the browser, as PNG bytes for an upload. */
async function receiptPicture(page: Page) {
  const base64 = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 240;
    canvas.height = 180;
    const c = canvas.getContext('2d')!;
    c.fillStyle = '#fffdf6';
    c.fillRect(0, 0, 240, 180);
    c.fillStyle = '#333';
    c.font = '16px sans-serif';
    c.fillText('商品签收单', 78, 34);
    c.font = '12px sans-serif';
    for (let i = 0; i < 4; i++) c.fillText(`品名 ${i + 1} ………… 数量 10`, 24, 66 + i * 20);
    c.strokeStyle = '#e4393c';
    c.lineWidth = 3;
    c.beginPath();
    c.arc(180, 130, 30, 0, Math.PI * 2);
    c.stroke();
    return canvas.toDataURL('image/png').split(',')[1];
  });
  return { name: 'receipt.png', mimeType: 'image/png', buffer: Buffer.from(base64, 'base64') };
}

/** Chooses `text` in an antd Select, again if a click landed while the dropdown was still opening. */
async function pick(page: Page, select: Locator, text: string) {
  await expect(async () => {
    if (!(await page.locator('.ant-select-dropdown:visible').count())) await select.click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).click({ timeout: 2000 });
    await expect(select).toContainText(text, { timeout: 1000 });
  }).toPass({ timeout: 10_000 });
}

const tab = (page: Page, key: string) => page.locator(`[data-testid="order-tab"][data-key="${key}"]`);
const card = (page: Page, id: number) => page.locator(`[data-testid="order-card"][data-id="${id}"]`);

test('demo sees an order in each status with the count of every tab, and finds one by its order number', async ({ page }) => {
  await loginByApi(page, 'demo');
  const seededOrders = await Promise.all([0, 1, 2, 3, 4].map((s) => seeded(page, s)));
  expect(seededOrders.map((o) => o.status_text)).toEqual(['待付款', '待发货', '已发货', '已完成', '已取消']);

  // The tabs show the counts of the answer the page itself got.
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/order');
  await page.goto('/order');
  const { data } = (await (await answer).json()) as Envelope<OrderPage>;
  await expect(page.getByTestId('order-list')).toBeVisible();
  for (const key of ['all', '0', '1', '2', '3', '4'] as const) {
    await expect(tab(page, key).getByTestId('order-tab-count')).toHaveText(String(data.counts[key]));
    expect(data.counts[key]).toBeGreaterThan(0);
  }
  await expect(tab(page, 'all')).toHaveAttribute('aria-current', 'page');
  for (const o of seededOrders) {
    const c = card(page, o.id);
    await expect(c.getByTestId('order-status')).toHaveText(o.status_text);
    await expect(c.getByTestId('order-no')).toHaveText(o.order_no);
    await expect(c.getByTestId('order-pay-amount')).toHaveText(formatMoney(yuanToFen(o.pay_amount)));
    await expect(c.getByTestId('order-item-name').first()).toHaveText(o.items[0].name);
  }
  // What each order offers: pay or cancel while unpaid, receive once shipped, buy again after payment.
  const [unpaid, , shipped, completed, cancelled] = seededOrders;
  await expect(card(page, unpaid.id).getByTestId('order-action-pay')).toBeVisible();
  await expect(card(page, unpaid.id).getByTestId('order-action-cancel')).toBeVisible();
  await expect(card(page, unpaid.id).getByTestId('order-left').getByTestId('countdown')).toBeVisible();
  await expect(card(page, shipped.id).getByTestId('order-action-receive')).toBeVisible();
  await expect(card(page, completed.id).getByTestId('order-action-return')).toBeVisible();
  await expect(card(page, cancelled.id).getByTestId('order-action-buy_again')).toBeVisible();
  await expect(card(page, cancelled.id).getByTestId('order-action-pay')).toHaveCount(0);
  await shotWhole(page, 'orders');

  // 去支付 goes to the order's pay page.
  await card(page, unpaid.id).getByTestId('order-action-pay').click();
  await expect(page).toHaveURL(new RegExp(`/cart/step3/${unpaid.id}$`));

  // A search by order number keeps that order alone, in the URL.
  await page.goto('/order?status=3');
  await expect(tab(page, '3')).toHaveAttribute('aria-current', 'page');
  await page.getByTestId('order-search').locator('input').fill(completed.order_no);
  await page.getByTestId('order-search').locator('input').press('Enter');
  await expect(page).toHaveURL(new RegExp(`/order\\?status=3&keywords=${completed.order_no}$`));
  await expect(page.getByTestId('order-card')).toHaveCount(1);
  await expect(page.getByTestId('order-card').getByTestId('order-no')).toHaveText(completed.order_no);

  // A search that matches nothing says so and offers to clear it.
  await page.getByTestId('order-search').locator('input').fill('不存在的商品名称');
  await page.getByTestId('order-search').locator('input').press('Enter');
  await expect(page.getByTestId('empty-state')).toContainText('没有找到与“不存在的商品名称”相关的订单');
  await page.getByTestId('order-search-clear').click();
  await expect(page).toHaveURL(/\/order\?status=3$/);
  await expect(page.getByTestId('order-card').first()).toBeVisible();
});

test('demo reads a completed order paid on credit: its steps, trace, goods, amounts that add up and its credit bill', async ({ page }) => {
  await loginByApi(page, 'demo');
  const list = await api<OrderPage>(page, 'GET', '/api/order?status=3');
  const onCredit = list.data.find((o) => o.pay_method === 'credit');
  expect(onCredit, 'the seeded order completed on credit').toBeTruthy();
  const order = await api<Detail>(page, 'GET', `/api/order/${onCredit!.id}`);

  await page.goto(`/order/info/${order.id}`);
  await expect(page.getByTestId('order-detail')).toBeVisible();
  await expect(page.getByTestId('order-state').getByTestId('order-status')).toHaveText('已完成');
  await expect(page.getByTestId('order-steps').getByTestId('step-title')).toHaveText(['提交订单', '付款', '发货', '完成']);
  await expect(page.getByTestId('order-steps').locator('[data-status="finish"]')).toHaveCount(4);
  // Newest first, like a logistics trace.
  await expect(page.getByTestId('timeline-item').first()).toContainText('已签收，订单完成');
  await expect(page.getByTestId('timeline-item').last()).toContainText('订单已提交');
  await expect(page.getByTestId('order-pay-method')).toHaveText('账期支付');
  await expect(page.getByTestId('order-line')).toHaveCount(order.items.length);
  await expect(page.getByTestId('line-pay')).toHaveText(order.items.map((i) => formatMoney(yuanToFen(i.pay_amount))));

  // The breakdown is the server's, and it adds up to what was paid.
  const a = order.amounts;
  const fen = (k: keyof Detail['amounts']) => yuanToFen(a[k]);
  expect(fen('goods_amount') - fen('welfare_amount') - fen('manjian_amount') - fen('coupon_amount') - fen('red_packet_amount') + fen('shipping_amount')).toBe(
    fen('pay_amount'),
  );
  await expect(page.getByTestId('amount-goods')).toHaveText(formatMoney(fen('goods_amount')));
  await expect(page.getByTestId('amount-shipping')).toHaveText(fen('shipping_amount') ? `+${formatMoney(fen('shipping_amount'))}` : '免运费');
  // A discount the order did not receive has no row (no -¥0.00).
  for (const [key, field] of [
    ['welfare', 'welfare_amount'],
    ['manjian', 'manjian_amount'],
    ['coupon', 'coupon_amount'],
    ['red-packet', 'red_packet_amount'],
  ] as const) {
    if (fen(field)) await expect(page.getByTestId(`amount-${key}`)).toHaveText(`-${formatMoney(fen(field))}`);
    else await expect(page.getByTestId(`amount-${key}`)).toHaveCount(0);
  }
  await expect(page.getByTestId('amount-pay')).toHaveText(formatMoney(fen('pay_amount')));

  const bill = page.getByTestId('order-credit-bill');
  await expect(bill).toContainText(formatMoney(yuanToFen(order.credit_bill!.amount)));
  await expect(bill.getByTestId('credit-due')).toHaveText(order.credit_bill!.due_date);
  await expect(bill.getByTestId('credit-state')).toHaveText('待还款');
  await shotWhole(page, 'order-detail');
});

test('demo follows the shipped order to its tracking number, confirms receipt and gains its points, then returns one unit', async ({ page }) => {
  await loginByApi(page, 'demo');
  const shipped = await seeded(page, 2);
  const order = await api<Detail>(page, 'GET', `/api/order/${shipped.id}`);
  await page.goto('/order');
  await tab(page, '2').click();
  await expect(page).toHaveURL(/\/order\?status=2$/);
  await expect(tab(page, '2')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('order-card').first()).toHaveAttribute('data-status', '2');
  await card(page, order.id).getByTestId('order-detail-link').click();
  await expect(page).toHaveURL(new RegExp(`/order/info/${order.id}$`));
  await expect(page.getByTestId('order-state').getByTestId('order-status')).toHaveText('已发货');
  await expect(page.getByTestId('order-tracking-no')).toHaveText(order.tracking_no);
  await expect(page.getByTestId('timeline-item').first()).toContainText(`已发货：${order.carrier} 运单号 ${order.tracking_no}`);
  await expect(page.getByTestId('order-steps').locator('[data-status="process"]')).toHaveText('完成');
  await shotWhole(page, 'order-detail-shipped');

  // 确认收货: the order completes and a point per yuan paid is granted. The points mall and the lottery spend
  // demo's points too, so the points are read and changed while no other journey holds demo.
  await withAccount('demo', async () => {
    const pointsBefore = (await api<{ points: number }>(page, 'GET', '/api/user/base')).points;
    await page.getByTestId('order-state').getByTestId('order-action-receive').click();
    await expect(page.locator('.ant-modal-confirm')).toContainText(`将获得 ${Math.floor(yuanToFen(order.pay_amount) / 100)} 积分`);
    await page.getByTestId('receive-confirm').click();
    await expect(page.getByTestId('order-state').getByTestId('order-status')).toHaveText('已完成');
    await expect(page.getByTestId('timeline-item').first()).toContainText('已签收，订单完成');
    await expect(page.getByTestId('order-state').getByTestId('order-action-receive')).toHaveCount(0);
    const pointsAfter = (await api<{ points: number }>(page, 'GET', '/api/user/base')).points;
    expect(pointsAfter).toBe(pointsBefore + Math.floor(yuanToFen(order.pay_amount) / 100));
  });

  // 申请退货 of one unit of the first line, with a reason and a picture.
  const line = order.items.find((i) => i.type === 0)!;
  await page.getByTestId('order-state').getByTestId('order-action-return').click();
  const form = page.getByTestId('after-sale-form');
  await expect(form).toBeVisible();
  await page.getByTestId('after-sale-submit').click();
  await expect(form).toContainText('请选择要退货的商品');
  const row = form.locator(`[data-testid="after-sale-line"][data-item="${line.id}"]`);
  await row.getByTestId('after-sale-line-check').click();
  await expect(row.getByTestId('after-sale-line-number')).toHaveValue('1');
  const refund = formatMoney(Math.floor(yuanToFen(line.pay_amount) / line.number));
  await expect(form.getByTestId('after-sale-refund')).toContainText(refund);
  await pick(page, form.getByTestId('after-sale-reason'), '质量问题');
  await form.getByTestId('after-sale-note').fill('外盒破损一盒');
  await form
    .getByTestId('after-sale-images')
    .locator('input[type=file]')
    .setInputFiles(await receiptPicture(page));
  await expect(form.getByTestId('after-sale-images')).toContainText('已上传 1 张');
  await page.getByTestId('after-sale-submit').click();

  await expect(page).toHaveURL(/\/order\/returnInfo\/\d+$/);
  const detail = page.getByTestId('after-sale-detail');
  await expect(detail.getByTestId('after-sale-status')).toHaveText('待审核');
  await expect(detail.getByTestId('after-sale-refund-amount')).toHaveText(refund);
  await expect(detail.getByTestId('after-sale-reason-text')).toHaveText('质量问题：外盒破损一盒');
  await expect(detail.getByTestId('after-sale-item')).toHaveCount(1);
  await expect(detail.getByTestId('after-sale-item')).toContainText(line.name);
  await expect(detail.getByTestId('after-sale-item-number')).toContainText('1');
  await expect(detail.getByTestId('after-sale-images-view').locator('img')).toHaveCount(1);
  await expect(detail.getByTestId('after-sale-steps').locator('[data-status="process"]')).toHaveText('平台审核');
  await expect(detail.getByTestId('after-sale-order-link')).toHaveText(order.order_no);
  await page.evaluate(() => Promise.all([...document.images].filter((i) => !i.complete).map((i) => new Promise((r) => (i.onload = i.onerror = r)))));
  await expect(page.locator('.ant-message-notice')).toHaveCount(0);
  await shotWhole(page, 'order-return');

  // The order lists the request and links back to it.
  await detail.getByTestId('after-sale-order-link').click();
  await expect(page.getByTestId('order-after-sales')).toContainText('待审核');
  await page.getByTestId('after-sale-link').first().click();
  await expect(page).toHaveURL(/\/order\/returnInfo\/\d+$/);
});

test('chain cancels its unpaid order with a reason: it moves to 已取消 and the cart stays as it was', async ({ page }) => {
  await loginByApi(page, 'chain');
  await withAccount('chain', async () => {
    const id = await placeOrder(page, await plainGoods(page));
    const cartBefore = await api<{ total: number }>(page, 'GET', '/api/cart/total');

    await page.goto('/order?status=0');
    const c = card(page, id);
    await expect(c.getByTestId('order-status')).toHaveText('待付款');
    await c.getByTestId('order-action-cancel').click();
    const dialog = page.locator('.ant-modal-confirm');
    await expect(dialog).toContainText('确定取消该订单吗？');
    await pick(page, dialog.getByTestId('cancel-reason'), '重复下单');
    await page.getByTestId('cancel-confirm').click();
    await expect(page.getByText('订单已取消')).toBeVisible();
    await expect(c).toHaveCount(0);

    await tab(page, '4').click();
    await expect(card(page, id).getByTestId('order-status')).toHaveText('已取消');
    await card(page, id).getByTestId('order-detail-link').click();
    await expect(page.getByTestId('order-cancel-reason')).toContainText('重复下单');
    await expect(page.getByTestId('order-steps').getByTestId('step-title')).toHaveText(['提交订单', '已取消']);
    expect((await api<Detail>(page, 'GET', `/api/order/${id}`)).cancel_reason).toBe('重复下单');
    expect(await api<{ total: number }>(page, 'GET', '/api/cart/total')).toEqual(cartBefore);
  });
});

test('demo buys again from a completed order, and the cart gains its goods', async ({ page }) => {
  await loginByApi(page, 'demo');
  await withAccount('demo', async () => {
    const list = await api<OrderPage>(page, 'GET', '/api/order?status=3');
    const completed = list.data[0];
    const order = await api<Detail>(page, 'GET', `/api/order/${completed.id}`);
    const before = await api<{ list: { id: number; goods_id: number; number: number }[] }>(page, 'GET', '/api/cart/list');
    try {
      await page.goto(`/order/info/${order.id}`);
      await page.getByTestId('order-state').getByTestId('order-action-buy_again').click();
      const result = page.getByTestId('buy-again-result');
      await expect(result).toContainText('种商品加入购物车');
      const after = await api<{ list: { goods_id: number; number: number }[] }>(page, 'GET', '/api/cart/list');
      for (const item of order.items.filter((i) => i.type === 0 || i.type === 1)) {
        const was = before.list.find((l) => l.goods_id === item.goods_id)?.number ?? 0;
        const now = after.list.find((l) => l.goods_id === item.goods_id)?.number ?? 0;
        expect(now, `${item.name} in the cart`).toBeGreaterThan(was);
      }
      await result.getByTestId('buy-again-cart').click();
      await expect(page).toHaveURL(/\/cart$/);
    } finally {
      // Leave demo's cart as it was for the other journeys.
      const now = await api<{ list: { id: number; goods_id: number }[] }>(page, 'GET', '/api/cart/list');
      const added = now.list.filter((l) => !before.list.some((b) => b.id === l.id)).map((l) => l.id);
      if (added.length) await api(page, 'POST', '/api/cart/batch_delete', { ids: added });
      for (const b of before.list) {
        if (now.list.some((l) => l.id === b.id)) await api(page, 'POST', `/api/cart/${b.id}/edit`, { params: { number: b.number } });
      }
    }
  });
});

test('chain sees its ephedrine order waiting for a receipt on /hmdd, and an upload before shipping is refused with the reason', async ({ page }) => {
  await loginByApi(page, 'chain');
  await withAccount('chain', async () => {
    const found = await api<{ data: Goods[] }>(page, 'GET', `/api/goods/list?keywords=${encodeURIComponent('酚麻美敏片')}`);
    const ephedrine = found.data.find((g) => g.is_ephedrine && g.is_buy && g.number >= 100);
    expect(ephedrine, 'a goods containing ephedrine').toBeTruthy();
    const id = await placeOrder(page, ephedrine!);
    await api(page, 'POST', '/api/pay/order', { order_id: id, method: 'transfer' });

    // The list marks it 含麻 and sends 去支付 to /cart/hm.
    await page.goto('/order');
    await expect(card(page, id).getByTestId('order-ephedrine')).toHaveText('含麻');
    await expect(card(page, id).getByTestId('order-status')).toHaveText('待确认转账');

    await page.getByTestId('orders-hmdd-link').click();
    await expect(page).toHaveURL(/\/hmdd$/);
    await expect(page.getByTestId('hmdd-notice')).toContainText('含麻黄碱类复方制剂须对公转账，收货后请上传加盖公章的签收单');
    const row = page.locator(`[data-testid="hmdd-row"][data-id="${id}"]`);
    await expect(row.getByTestId('hmdd-receipt')).toHaveText('待上传');
    await expect(row.getByTestId('hmdd-status')).toHaveText('待确认转账');

    const chooser = page.waitForEvent('filechooser');
    await row.getByTestId('receipt-upload').click();
    await (await chooser).setFiles(await receiptPicture(page));
    const alert = page.locator('.ant-modal-confirm').filter({ hasText: '温馨提示' });
    await expect(alert).toContainText('订单付款并发货后才能回传签收单');
    await alert.getByRole('button').click();
    await expect(alert).toHaveCount(0);
    await expect(row.getByTestId('hmdd-receipt')).toHaveText('待上传');
    await shotWhole(page, 'hmdd');
  });
});

test('a guest opening /order is sent to the login page, which would bring them back', async ({ page }) => {
  await page.goto('/order');
  await expect(page).toHaveURL(/\/login\?redirect=%2Forder$/);
  await expect(page.getByTestId('login-page')).toBeVisible();
});

test("chain opening demo's order detail is told 订单不存在", async ({ page, browser }) => {
  const demo = await browser.newPage();
  await loginByApi(demo, 'demo');
  const demoOrder = await seeded(demo, 3);
  await demo.close();

  await loginByApi(page, 'chain');
  await page.goto(`/order/info/${demoOrder.id}`);
  const missing = page.getByTestId('order-not-found');
  await expect(missing).toContainText('订单不存在');
  await expect(page.getByText(demoOrder.order_no)).toHaveCount(0);
  await missing.getByTestId('back-to-orders').click();
  await expect(page).toHaveURL(/\/order$/);
});
