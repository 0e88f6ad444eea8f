/**
 * A new clinic from registration to a received order, with the staff it needs on the way: it registers and
 * waits; qa approves it; it signs the e-contract, orders and pays by 对公转账; finance confirms the transfer;
 * warehouse ships; the clinic receives the goods in the storefront; admin reads every step in 操作日志.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { api, OPERATOR_PASSWORD, registerWaitingClinic, shot } from '../helpers';

/** A page another browser changed is read afresh: allow for a busy machine. */
const slow = { timeout: 30_000 };

test.describe.configure({ timeout: 300_000 });

/** An operator's browser of its own, logged in at /admin/login. */
async function operator(browser: Browser, username: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/admin/login');
  await page.getByTestId('admin-login-username').fill(username);
  await page.getByTestId('admin-login-password').fill(OPERATOR_PASSWORD);
  await page.getByTestId('admin-login-submit').click();
  await expect(page.getByTestId('admin-operator')).toContainText(`（${username}）`, slow);
  return page;
}

type Goods = { id: number; zbz: number; number: number; is_buy: number; is_ephedrine: number; scope_id: number | null; tags: string[] };

test('a new clinic registers, is approved, orders and pays by transfer; finance confirms, warehouse ships, the clinic receives; admin reads each step', async ({
  browser,
}) => {
  const clinic = await (await browser.newContext()).newPage();
  const { phone } = await registerWaitingClinic(clinic);
  const company = `宁波测试诊所${phone.slice(-4)}`;

  // qa approves the licences from the review queue.
  const qa = await operator(browser, 'qa');
  await qa.goto('/admin/users?is_passed=0&submitted=1');
  await qa.getByTestId('users-table').locator('tr', { hasText: company }).getByRole('link', { name: '审核' }).click();
  await expect(qa.getByTestId('user-licence')).toHaveCount(3);
  // It applied for 处方药 alone; qa approves the classes its 医疗机构执业许可证 covers.
  for (const scope of ['化学药制剂', '抗生素制剂', '中成药']) await qa.getByTestId('review-scopes').getByText(scope, { exact: true }).click();
  await qa.getByTestId('review-submit').click();
  await expect(qa.getByTestId('user-detail')).toContainText('已通过', slow);
  const userId = Number(new URL(qa.url()).pathname.split('/').pop());
  await qa.context().close();

  // The clinic sees prices, signs the e-contract, orders goods of its 经营范围 and chooses 对公转账.
  const base = await api<{ scope_ids: number[]; is_passed: number }>(clinic, 'GET', '/api/user/base');
  expect(base.is_passed).toBe(1);
  await api(clinic, 'POST', '/api/contract/sign');
  const list = await api<{ data: Goods[] }>(clinic, 'GET', '/api/goods/list?per_page=60&in_stock=1');
  const goods = list.data.find(
    (g) =>
      g.is_buy &&
      !g.is_ephedrine &&
      g.number >= g.zbz * 5 &&
      (g.scope_id === null || base.scope_ids.includes(g.scope_id)) &&
      !g.tags.some((t) => t === '特' || t === '秒'),
  );
  expect(goods, 'a goods of the clinic’s 经营范围 in stock').toBeTruthy();
  await api(clinic, 'POST', '/api/cart', { params: [{ goods_id: goods!.id, number: goods!.zbz }] });
  const cart = await api<{ list: { id: number }[] }>(clinic, 'GET', '/api/cart/list');
  await api(clinic, 'POST', '/api/cart/checkout', { ids: cart.list.map((l) => l.id) });
  const address = await api<{ id: number }>(clinic, 'POST', '/api/address', {
    name: '王医生',
    phone,
    province: '浙江省',
    city: '宁波市',
    district: '鄞州区',
    address: '天童南路 588 号',
  });
  const made = await api<{ orders: { id: number }[] }>(clinic, 'POST', '/api/order', { address_id: address.id });
  const orderId = made.orders[0].id;
  await api(clinic, 'POST', '/api/pay/order', { order_id: orderId, method: 'transfer' });
  const order = await api<{ order_no: string; pay_amount: string }>(clinic, 'GET', `/api/order/${orderId}`);
  await clinic.goto(`/order/info/${orderId}`);
  await expect(clinic.getByTestId('order-status')).toHaveText('待确认转账', slow);

  // finance confirms the money arrived.
  const finance = await operator(browser, 'finance');
  await finance.goto(`/admin/orders/${orderId}`);
  await finance.getByTestId('action-confirm-transfer').click();
  const transfer = finance.getByRole('dialog', { name: '确认对公转账到账' });
  await transfer.getByTestId('transfer-bank-ref').fill('NBCB20261124001');
  await expect(transfer.getByTestId('transfer-amount')).toHaveValue(order.pay_amount);
  await transfer.getByRole('button', { name: '确认到账' }).click();
  await finance.locator('.ant-modal-confirm').getByRole('button', { name: '确认到账' }).click();
  await expect(finance.getByTestId('order-detail').getByTestId('order-status-tag')).toHaveText('待发货', slow);
  await finance.context().close();

  // warehouse ships it.
  const warehouse = await operator(browser, 'warehouse');
  await warehouse.goto(`/admin/orders/${orderId}`);
  await warehouse.getByTestId('action-ship').click();
  const ship = warehouse.getByRole('dialog', { name: '订单发货' });
  await ship.getByTestId('ship-carrier').click();
  await warehouse.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '京东物流' }).click();
  await ship.getByTestId('ship-tracking').fill('JDX000123456789');
  await ship.getByRole('button', { name: '确认发货' }).click();
  await expect(warehouse.getByTestId('order-detail').getByTestId('order-status-tag')).toHaveText('已发货', slow);
  await warehouse.context().close();

  // The clinic reads the tracking number and confirms receipt.
  await clinic.reload();
  await expect(clinic.getByTestId('order-status')).toHaveText('已发货', slow);
  await expect(clinic.getByTestId('order-state')).toContainText('商品已由 京东物流 发出，运单号 JDX000123456789');
  await clinic.getByTestId('order-action-receive').first().click();
  await clinic.getByTestId('receive-confirm').click();
  await expect(clinic.getByTestId('order-status')).toHaveText('已完成', slow);
  await shot(clinic, 'journey-clinic-received');

  // admin finds the approval, the confirmation and the shipping in 操作日志.
  const admin = await operator(browser, 'admin');
  await admin.goto(`/admin/audit?target=user:${userId}`);
  await expect(admin.getByTestId('audit-table').locator('tbody tr', { hasText: 'user.approve' })).toContainText('qa', slow);
  await admin.goto(`/admin/audit?target=order:${orderId}`);
  const log = admin.getByTestId('audit-table');
  await expect(log.locator('tbody tr', { hasText: 'order.confirm_transfer' })).toContainText('finance', slow);
  await expect(log.locator('tbody tr', { hasText: 'order.ship' })).toContainText('warehouse');
  await shot(admin, 'journey-admin-audit');
  await admin.goto(`/admin/orders/${orderId}`);
  await expect(admin.getByTestId('order-detail').getByTestId('order-status-tag')).toHaveText('已完成', slow);
  await admin.context().close();
  await clinic.context().close();
});
