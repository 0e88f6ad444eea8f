/**
 * The console's orders, in the browser: demo pays an order by 对公转账 and finance confirms it from the dashboard's
 * queue with the bank's reference; warehouse ships it with 顺丰速运 and demo reads the tracking number in the
 * storefront; admin finds both writes in 操作日志 and prints the delivery note; finance decides demo's return and
 * after-sales request and refunds part of the return.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { formatMoney, yuanToFen } from '../../core/money';
import { api, consoleLogin, consoleSession, loginByApi, shot, still, withAccount } from '../helpers';

/** A page another browser changed is read afresh: allow for a busy machine. */
const slow = { timeout: 30_000 };

// The journeys follow one order from payment to its return: each starts where the one before ended.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

type Goods = { id: number; name: string; zbz: number; number: number; is_buy: number; is_ephedrine: number; tags: string[] };
type Placed = { id: number; orderNo: string; payAmount: string; names: string[] };

/** A buyer's browser of its own, logged in through the API. */
async function buyer(browser: Browser, username: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginByApi(page, username);
  return page;
}

/** demo orders three ordinary goods and chooses 对公转账: the order waits for finance. */
async function orderPaidByTransfer(page: Page): Promise<Placed> {
  return withAccount('demo', async () => {
    const list = await api<{ data: Goods[] }>(page, 'GET', '/api/goods/list?per_page=40');
    const picked = list.data.filter((g) => g.is_buy && !g.is_ephedrine && g.number >= g.zbz * 5 && !g.tags.some((t) => t === '特' || t === '秒')).slice(0, 3);
    expect(picked.length, 'three ordinary goods in stock').toBe(3);
    await api(page, 'POST', '/api/cart', { params: picked.map((g) => ({ goods_id: g.id, number: g.zbz })) });
    const cart = await api<{ list: { id: number; goods_id: number }[] }>(page, 'GET', '/api/cart/list');
    await api(page, 'POST', '/api/cart/checkout', { ids: cart.list.filter((l) => picked.some((g) => g.id === l.goods_id)).map((l) => l.id) });
    const addresses = await api<{ id: number; is_default: number }[]>(page, 'GET', '/api/address');
    const address = addresses.find((a) => a.is_default) ?? addresses[0];
    const made = await api<{ orders: { id: number }[] }>(page, 'POST', '/api/order', { address_id: address.id });
    const id = made.orders[0].id;
    await api(page, 'POST', '/api/pay/order', { order_id: id, method: 'transfer' });
    const order = await api<{ order_no: string; pay_amount: string; status_text: string; items: { name: string }[] }>(page, 'GET', `/api/order/${id}`);
    expect(order.status_text).toBe('待确认转账');
    return { id, orderNo: order.order_no, payAmount: order.pay_amount, names: order.items.map((i) => i.name) };
  });
}

let placed: Placed;
const trackingNo = `SF${Date.now().toString().slice(-10)}`;

test('finance opens 对公转账 from the dashboard and confirms demo’s transfer with the bank reference', async ({ page, browser }) => {
  const demo = await buyer(browser, 'demo');
  placed = await orderPaidByTransfer(demo);

  await consoleLogin(page, 'finance');
  await expect(page.getByTestId('queue-transfers')).not.toContainText(/^0/);
  await page.getByTestId('queue-transfers').click();
  await expect(page).toHaveURL(/\/admin\/orders\?status=transfer$/);
  await expect(page.getByTestId('orders-tabs').getByRole('tab', { name: '待确认转账', selected: true })).toBeVisible();
  const row = page.getByTestId('orders-table').locator('tr', { hasText: placed.orderNo });
  await expect(row).toContainText('杭州仁和大药房有限公司');
  await expect(row).toContainText(formatMoney(yuanToFen(placed.payAmount)));
  await expect(row.getByTestId('order-status-tag')).toHaveText('待确认转账');
  await still(page, 'console-orders-transfers');

  // The finance menu's 对公转账 is the same list, fixed to the transfers waiting.
  await page.getByTestId('admin-menu').getByRole('link', { name: '对公转账' }).click();
  await expect(page.getByTestId('transfers-page').locator('tr', { hasText: placed.orderNo })).toBeVisible();
  await still(page, 'console-finance-transfers');

  await page.getByTestId('transfers-page').locator('tr', { hasText: placed.orderNo }).getByRole('link', { name: '确认转账' }).click();
  await expect(page.getByTestId('order-detail')).toContainText(placed.orderNo);
  await expect(page.getByTestId('order-items').locator('tbody tr.ant-table-row')).toHaveCount(placed.names.length);
  await expect(page.getByTestId('action-ship')).toHaveCount(0);
  await still(page, 'console-order-detail');

  await page.getByTestId('action-confirm-transfer').click();
  const dialog = page.getByRole('dialog', { name: '确认对公转账到账' });
  await expect(dialog.getByTestId('transfer-amount')).toHaveValue(placed.payAmount);
  // An amount that is not the order's is refused by the server, under the field.
  await dialog.getByTestId('transfer-bank-ref').fill('ICBC20260518001');
  await dialog.getByTestId('transfer-amount').fill((Number(placed.payAmount) + 1).toFixed(2));
  await dialog.getByRole('button', { name: '确认到账' }).click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: '确认到账' }).click();
  await expect(dialog).toContainText(`到账金额与订单应付金额¥${placed.payAmount}不符`);
  await still(page, 'console-order-confirm-transfer');
  await dialog.getByTestId('transfer-amount').fill(placed.payAmount);
  await dialog.getByRole('button', { name: '确认到账' }).click();
  const question = page.locator('.ant-modal-confirm');
  await expect(question).toContainText('ICBC20260518001');
  await question.getByRole('button', { name: '确认到账' }).click();
  await expect(page.getByText(`已确认到账：${placed.orderNo}`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('order-detail').getByTestId('order-status-tag')).toHaveText('待发货');
  await expect(page.getByTestId('order-info')).toContainText('ICBC20260518001');
  await expect(page.getByTestId('action-confirm-transfer')).toHaveCount(0);

  // Finance holds no order:ship: the order leaves the transfers list and is not offered for shipping here.
  await page.goto('/admin/finance');
  await expect(page.getByTestId('transfers-page')).toBeVisible();
  await expect(page.getByTestId('transfers-page').locator('tr', { hasText: placed.orderNo })).toHaveCount(0, slow);
  await demo.context().close();
});

test('warehouse ships it with 顺丰速运, and demo reads 已发货 and the tracking number in the storefront', async ({ page, browser }) => {
  await consoleLogin(page, 'warehouse');
  await page.getByTestId('queue-to_ship').click();
  await expect(page).toHaveURL(/\/admin\/orders\?status=1$/);
  const row = page.getByTestId('orders-table').locator('tr', { hasText: placed.orderNo });
  await expect(row.getByTestId('order-status-tag')).toHaveText('待发货');
  await row.getByRole('link', { name: '发货' }).click();
  await expect(page.getByTestId('order-detail')).toContainText(placed.orderNo);
  // Warehouse may ship, not refund or cancel.
  await expect(page.getByTestId('action-refund')).toHaveCount(0);
  await expect(page.getByTestId('action-cancel')).toHaveCount(0);

  await page.getByTestId('action-ship').click();
  const dialog = page.getByRole('dialog', { name: '订单发货' });
  await dialog.getByRole('button', { name: '确认发货' }).click();
  await expect(dialog).toContainText('请输入物流公司');
  await dialog.getByTestId('ship-carrier').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '顺丰速运' }).click();
  await dialog.getByTestId('ship-tracking').fill('SF 123');
  await dialog.getByRole('button', { name: '确认发货' }).click();
  await expect(dialog).toContainText('运单号为6-40位字母、数字或横线');
  await dialog.getByTestId('ship-tracking').fill(trackingNo);
  await still(page, 'console-order-ship');
  await dialog.getByRole('button', { name: '确认发货' }).click();
  await expect(page.getByText(`已发货：顺丰速运 ${trackingNo}`)).toBeVisible();
  await expect(page.getByTestId('order-detail').getByTestId('order-status-tag')).toHaveText('已发货');
  await expect(page.getByTestId('order-tracking')).toHaveText(trackingNo);
  await expect(page.getByTestId('order-trace')).toContainText('已发货');
  await still(page, 'console-order-shipped');

  const demo = await buyer(browser, 'demo');
  await demo.goto(`/order/info/${placed.id}`);
  await expect(demo.getByTestId('order-status')).toHaveText('已发货', slow);
  await expect(demo.getByTestId('order-state')).toContainText(`商品已由 顺丰速运 发出，运单号 ${trackingNo}`);
  await shot(demo, 'storefront-order-shipped-by-console');
  await demo.context().close();
});

test('admin finds the transfer confirmation and the shipping in 操作日志', async ({ page }) => {
  await consoleSession(page, 'admin', `/admin/orders?keyword=${placed.orderNo}`);
  await expect(page.getByTestId('orders-keyword')).toHaveValue(placed.orderNo);
  const rows = page.getByTestId('orders-table').locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByTestId('order-status-tag')).toHaveText('已发货');
  await page.goto('/admin/orders');
  await expect(page.getByTestId('orders-table').locator('tbody tr.ant-table-row').first()).toBeVisible();
  await still(page, 'console-orders');

  await page.goto(`/admin/orders/${placed.id}`);
  await page.getByTestId('order-detail').getByRole('link', { name: '操作日志' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/audit\\?target=order(%3A|:)${placed.id}$`));
  const log = page.getByTestId('audit-table');
  await expect(log.locator('tbody tr', { hasText: 'order.confirm_transfer' })).toHaveCount(1, slow);
  await expect(log.locator('tbody tr', { hasText: 'order.confirm_transfer' })).toContainText('finance');
  await expect(log.locator('tbody tr', { hasText: 'order.ship' })).toHaveCount(1);
  await expect(log.locator('tbody tr', { hasText: 'order.ship' })).toContainText('warehouse');
  await still(page, 'console-order-audit');
});

test('the delivery note shows the order’s lines on a sheet of its own, and 打印 opens the print dialog', async ({ page }) => {
  // The printable note has no console frame to greet the operator: logged in through the form first.
  await consoleLogin(page, 'warehouse');
  await page.goto(`/admin/orders/${placed.id}/print`);
  const note = page.getByTestId('delivery-note');
  await expect(note).toContainText('发 货 单');
  await expect(page.getByTestId('note-order-no')).toHaveText(placed.orderNo);
  await expect(note.getByTestId('note-line')).toHaveCount(placed.names.length);
  for (const name of placed.names) await expect(note.getByTestId('note-lines')).toContainText(name);
  await expect(note).toContainText('杭州仁和大药房有限公司');
  await expect(note).toContainText(trackingNo);
  await expect(note).toContainText('收货人（签字/盖章）');
  await expect(page.getByTestId('admin-menu')).toHaveCount(0);
  await expect(page).toHaveTitle(`发货单 ${placed.orderNo}`);
  await still(page, 'console-delivery-note');

  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
  await page.getByTestId('note-print').click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByTestId('note-print')).toBeHidden();
  await shot(page, 'console-delivery-note-print');
});

test('finance rejects an after-sales request with a reason, and approves, receives and refunds part of a return', async ({ page, browser }) => {
  const demo = await buyer(browser, 'demo');
  const order = await api<{ items: { id: number; number: number; name: string }[] }>(demo, 'GET', `/api/order/${placed.id}`);
  const [first, second] = order.items;
  const ret = await api<{ id: number; refund_amount: string }>(demo, 'POST', `/api/order/${placed.id}/return`, {
    lines: [{ item_id: first.id, number: 1 }],
    reason: '外包装破损，退回一盒',
  });
  const ask = await api<{ id: number }>(demo, 'POST', `/api/order/${placed.id}/after_sale`, {
    lines: [{ item_id: second.id, number: 1 }],
    reason: '效期较短，希望补偿',
  });
  await demo.context().close();

  await consoleLogin(page, 'finance');
  await page.getByTestId('queue-after_sales').click();
  await expect(page).toHaveURL(/\/admin\/after-sales\?status=0$/);
  const table = page.getByTestId('after-sales-table');
  const requestRow = (id: number) => table.locator('tr.ant-table-row', { has: page.getByTestId('after-sale-id').getByText(`#${id}`, { exact: true }) });
  const returnRow = requestRow(ret.id);
  const askRow = requestRow(ask.id);
  await expect(returnRow).toContainText('外包装破损，退回一盒');
  await expect(askRow).toContainText('效期较短，希望补偿');
  await still(page, 'console-after-sales-waiting');

  // 驳回 needs the reason the buyer reads.
  await askRow.getByTestId('after-sale-reject').click();
  const reject = page.getByRole('dialog', { name: '驳回售后申请' });
  await reject.getByRole('button', { name: '驳回' }).click();
  await expect(reject).toContainText('拒绝时请填写原因');
  await reject.getByTestId('after-sale-reply').fill('药品在效期内，不符合补偿条件');
  await reject.getByRole('button', { name: '驳回' }).click();
  await expect(page.getByText(`已驳回 ${placed.orderNo} 的售后申请`)).toBeVisible();
  await expect(askRow).toHaveCount(0, slow);

  await returnRow.getByTestId('after-sale-approve').click();
  await page.locator('.ant-popover:visible').getByRole('button', { name: '确定' }).click();
  await expect(page.getByText(`已同意 ${placed.orderNo} 的退货退款申请`)).toBeVisible();

  // The approved return waits under 待收货/退款 (the dashboard's second queue).
  await page.goto('/admin/after-sales?status=1');
  await expect(returnRow.getByTestId('after-sale-status')).toHaveText('已同意');
  await expect(returnRow).toContainText('待客户寄回');
  await returnRow.getByTestId('after-sale-receive').click();
  await page.locator('.ant-popover:visible').getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('已确认收货，商品已退回库存')).toBeVisible();

  await returnRow.getByTestId('after-sale-refund').click();
  const refund = page.getByRole('dialog', { name: '退货退款' });
  await expect(refund.getByTestId('after-sale-amount')).toHaveValue(ret.refund_amount);
  await refund.getByTestId('after-sale-amount').fill((Number(ret.refund_amount) + 1).toFixed(2));
  await refund.getByRole('button', { name: '确认退款' }).click();
  await expect(refund).toContainText(`退款金额不能超过¥${ret.refund_amount}`);
  const part = (yuanToFen(ret.refund_amount) / 2 / 100).toFixed(2);
  await refund.getByTestId('after-sale-amount').fill(part);
  await still(page, 'console-after-sale-refund');
  await refund.getByRole('button', { name: '确认退款' }).click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: '确认退款' }).click();
  await expect(page.getByText(`已退款 ${formatMoney(yuanToFen(part))}`)).toBeVisible();

  await page.goto('/admin/after-sales');
  await expect(returnRow.getByTestId('after-sale-status')).toHaveText('已完成');
  await expect(returnRow).toContainText(`已退 ${formatMoney(yuanToFen(part))}`);
  await expect(askRow.getByTestId('after-sale-status')).toHaveText('已拒绝');
  await still(page, 'console-after-sales');

  // The order's detail shows both requests and the money gone back.
  await page.goto(`/admin/orders/${placed.id}`);
  await expect(page.getByTestId('order-after-sales').locator('tr.ant-table-row')).toHaveCount(2);
  await expect(page.getByTestId('order-amounts')).toContainText(`已退款${formatMoney(yuanToFen(part))}`);
  await still(page, 'console-order-after-sales');
});
