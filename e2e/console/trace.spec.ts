/**
 * 出库复核 in the browser: demo orders 100 boxes of a drug and pays; warehouse opens the order from 出库复核 and
 * scans every box with the keyboard as a handheld scanner types (code and Enter, no pause), a wrong code turns
 * red, one is undone and scanned again, the line says 已扫齐 and the order 可发货; warehouse ships it and prints
 * the 随货同行单; demo downloads the 随货同行单 and the codes from the shipped order's page.
 */
import { expect, test } from '@playwright/test';
import { api, clearCart, consoleSession, loginByApi, operatorRequest, shot, still, withAccount } from '../helpers';

test.describe.configure({ mode: 'serial', timeout: 240_000 });

type Goods = { id: number; name: string; zbz: number; number: number; is_buy: number; is_ephedrine: number; tags: string[]; cfl: string };
type TraceOrder = { order_no: string; lines: { prefix: string; needs_codes: number; units: number }[] };

const BOXES = 100;
let orderId = 0;
let orderNo = '';
let prefix = '';
const codes: string[] = [];

test('demo orders 100 boxes of a drug with trace codes and pays online', async ({ page }) => {
  await loginByApi(page, 'demo');
  await withAccount('demo', async () => {
    const list = await api<{ data: Goods[] }>(page, 'GET', '/api/goods/list?per_page=60');
    const drug = list.data.find(
      (g) =>
        g.is_buy &&
        !g.is_ephedrine &&
        !['器械', '中药饮片', '保健食品'].includes(g.cfl) &&
        BOXES % g.zbz === 0 &&
        g.number >= BOXES &&
        !g.tags.some((t) => t === '特' || t === '秒'),
    );
    expect(drug, 'a drug sold in packs that divide 100').toBeTruthy();
    await clearCart(page.request);
    await api(page, 'POST', '/api/cart', { params: [{ goods_id: drug!.id, number: BOXES }] });
    const cart = await api<{ list: { id: number; goods_id: number }[] }>(page, 'GET', '/api/cart/list');
    await api(page, 'POST', '/api/cart/checkout', { ids: cart.list.filter((l) => l.goods_id === drug!.id).map((l) => l.id) });
    const addresses = await api<{ id: number; is_default: number }[]>(page, 'GET', '/api/address');
    const made = await api<{ orders: { id: number; order_no: string }[] }>(page, 'POST', '/api/order', {
      address_id: (addresses.find((a) => a.is_default) ?? addresses[0]).id,
      coupon_id: 0,
    });
    orderId = made.orders[0].id;
    orderNo = made.orders[0].order_no;
    const paying = await api<{ trade_no: string }>(page, 'POST', '/api/pay/order', { order_id: orderId, method: 'online' });
    await api(page, 'POST', '/api/pay/sandbox/confirm', { trade_no: paying.trade_no });
  });
  const warehouse = await operatorRequest('warehouse');
  const view = (await (await warehouse.get(`/api/admin/trace/orders/${orderId}`)).json()) as { data: TraceOrder };
  await warehouse.dispose();
  expect(view.data.lines[0]).toMatchObject({ needs_codes: 1, units: BOXES });
  prefix = view.data.lines[0].prefix;
  // Codes of this run only: the time makes them new to the site.
  const stamp = String(Date.now()).slice(-9);
  for (let i = 0; i < BOXES; i++) codes.push(`${prefix}${stamp}${String(i).padStart(4, '0')}`);
});

test('warehouse scans every box with the keyboard, undoes one, and ships once the order is 可发货', async ({ page }) => {
  await consoleSession(page, 'warehouse', '/admin/check');
  const row = page.locator('tr', { hasText: orderNo });
  await expect(row).toBeVisible();
  await still(page, 'console-check-list');
  await row.getByRole('button', { name: '扫码复核' }).click();
  await expect(page.getByTestId('check-order-no')).toHaveText(orderNo);
  const box = page.getByTestId('scan-input');
  await expect(box).toBeFocused();
  await expect(page.getByTestId('check-total')).toHaveText(`0/${BOXES}`);
  await still(page, 'console-check-empty');

  // A malformed code and another goods' code are refused in red, and the box keeps the focus.
  await page.keyboard.type('12345\n');
  await page.keyboard.type(`8000000${'0'.repeat(13)}\n`);
  const rows = page.getByTestId('scan-row');
  await expect(rows.nth(1)).toContainText('追溯码应为20位数字');
  await expect(rows.nth(0)).toContainText('不属于本订单的商品');

  const started = Date.now();
  for (const code of codes) await page.keyboard.type(`${code}\n`, { delay: 0 });
  await expect(page.getByTestId('line-count')).toHaveText(`${BOXES}/${BOXES}`, { timeout: 60_000 });
  await expect(page.getByTestId('check-complete')).toHaveText('可发货', { timeout: 30_000 });
  await expect(page.locator('[data-testid="scan-row"][data-state="taken"]')).toHaveCount(60);
  const seconds = (Date.now() - started) / 1000;
  expect(seconds, `${BOXES} boxes scanned in ${seconds.toFixed(1)} s`).toBeLessThan(120);
  await expect(box).toBeFocused();
  await still(page, 'console-check-complete');

  // The same box scanned again is refused at once; one undone leaves the line short until it is scanned again.
  await page.keyboard.type(`${codes[99]}\n`);
  await expect(rows.first()).toContainText('该追溯码已在本订单扫描');
  await page.getByTestId('scan-undo').first().click();
  await expect(page.getByTestId('line-count')).toHaveText(`${BOXES - 1}/${BOXES}`);
  await expect(page.getByTestId('check-complete')).toHaveCount(0);
  await expect(box).toBeFocused();
  await page.keyboard.type(`${codes[99]}\n`);
  await expect(page.getByTestId('check-complete')).toHaveText('可发货');

  await page.getByRole('link', { name: /订单详情/ }).click();
  await page.getByTestId('action-ship').click();
  const dialog = page.getByRole('dialog', { name: '订单发货' });
  await dialog.getByTestId('ship-carrier').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '顺丰速运' }).click();
  await dialog.getByTestId('ship-tracking').fill(`SF${String(Date.now()).slice(-10)}`);
  await dialog.getByRole('button', { name: '确认发货' }).click();
  await expect(page.getByTestId('order-detail').getByTestId('order-status-tag')).toHaveText('已发货');

  await page.goto(`/admin/check/${orderId}/note`);
  await expect(page.getByTestId('gsp-order-no')).toHaveText(orderNo);
  await expect(page.getByTestId('gsp-shipped-at')).not.toContainText('—');
  await expect(page.getByTestId('gsp-batch').first()).not.toBeEmpty();
  await shot(page, 'console-delivery-note');
});

test('demo downloads the 随货同行单 and the codes of the shipped order', async ({ page }) => {
  await loginByApi(page, 'demo');
  await page.goto(`/order/info/${orderId}`);
  const papers = page.getByTestId('order-papers');
  await expect(papers).toContainText('随货单据');
  await papers.scrollIntoViewIfNeeded();
  await shot(page, 'storefront-order-papers');
  const [pdf] = await Promise.all([page.waitForEvent('download'), papers.getByTestId('paper-note').click()]);
  expect(pdf.suggestedFilename()).toBe(`随货同行单-${orderNo}.pdf`);
  const [sheet] = await Promise.all([page.waitForEvent('download'), papers.getByTestId('paper-codes-xlsx').click()]);
  expect(sheet.suggestedFilename()).toBe(`追溯码-${orderNo}.xlsx`);
  const note = await page.request.get(`/api/trace/order/${orderId}/delivery-note`);
  expect(note.headers()['content-type']).toBe('application/pdf');
  expect((await note.body()).subarray(0, 5).toString()).toBe('%PDF-');
  const csv = await page.request.get(`/api/trace/order/${orderId}/codes?format=csv`);
  const text = (await csv.body()).toString('utf8');
  expect(text.startsWith('\ufeff商品名称')).toBe(true);
  for (const code of [codes[0], codes[99]]) expect(text).toContain(code);
  const xlsx = await page.request.get(`/api/trace/order/${orderId}/codes?format=xlsx`);
  expect(xlsx.headers()['content-disposition']).toContain(encodeURIComponent(`追溯码-${orderNo}.xlsx`));
});
