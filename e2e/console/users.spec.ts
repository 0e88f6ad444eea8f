/**
 * The console's buyers, in the browser: qa approves the waiting clinic from the dashboard's queue and the clinic
 * sees prices at once; qa rejects a newly registered pharmacy with a reason its owner reads; chain-b's scope
 * keeps devices out of its cart until an operator widens it; admin reads each step in the audit log.
 */
import { expect, test, type Page } from '@playwright/test';
import { consoleLogin, consoleSession, freshPhone, loginByApi, shot, smsCode } from '../helpers';

/** A page another browser changed is read afresh: allow for a busy machine. */
const slow = { timeout: 30_000 };
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');

async function pick(page: Page, testId: string, text: string) {
  await page.getByTestId(testId).click();
  await page.keyboard.type(text);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first().click();
}

/** Registers a pharmacy through the storefront's three steps; answers nothing, the page stays logged in as it. */
async function registerPharmacy(page: Page, company: string) {
  const phone = freshPhone();
  await page.goto('/register/step1');
  await page.getByTestId('register-phone').fill(phone);
  await page.getByTestId('register-send-code').click();
  await page.getByTestId('register-code').fill(await smsCode(page.request, phone));
  await page.getByTestId('register-username').fill(`shop${phone.slice(-8)}`);
  await page.getByTestId('register-password').fill('Shop2026ok');
  await page.getByTestId('register-password2').fill('Shop2026ok');
  await page.getByTestId('register-agree').check();
  await page.getByTestId('register-next').click();
  await expect(page).toHaveURL(/\/register\/step2$/);
  await page.getByTestId('register-company').fill(company);
  await pick(page, 'register-type', '单体药店');
  await page.getByTestId('register-contact').fill('王芳');
  await page.getByTestId('register-contact-phone').fill('0571-88886666');
  await pick(page, 'register-province', '浙江省');
  await pick(page, 'register-city', '杭州市');
  await pick(page, 'register-district', '西湖区');
  await page.getByTestId('register-address').fill('文三路 88 号');
  await page.getByTestId('register-jyfw').getByText('化学药制剂', { exact: true }).click();
  await page.getByTestId('register-jyfw').getByText('中成药', { exact: true }).click();
  await page.getByTestId('register-next').click();
  await expect(page).toHaveURL(/\/register\/step3$/);
  for (const type of ['yyzz', 'ypjyxkz', 'cgwts']) {
    await page
      .getByTestId(`register-licence-${type}`)
      .locator('input[type=file]')
      .setInputFiles({ name: `${type}.png`, mimeType: 'image/png', buffer: PNG });
    await expect(page.getByTestId(`register-licence-${type}`).locator('img')).toBeVisible();
  }
  await page.getByTestId('register-submit').click();
  await expect(page.getByTestId('register-done')).toContainText('资质已提交，等待审核');
}

// Each journey crosses the storefront and the console in two browsers.
test.describe.configure({ timeout: 180_000 });

/** Any goods's detail page: its id from the goods list the clinic can read. */
async function someGoodsPath(page: Page) {
  const list = await (await page.request.get('/api/goods/list?page=1')).json();
  return `/list/info/${list.data.data[0].id}`;
}

test('qa approves the waiting clinic from the dashboard, and the clinic sees prices at once', async ({ page, browser }) => {
  const clinic = await browser.newPage();
  await loginByApi(clinic, 'pending');
  const goodsPath = await someGoodsPath(clinic);
  await clinic.goto(goodsPath);
  await expect(clinic.getByTestId('price-tip').first()).toHaveText('资质审核通过后可见', slow);

  await consoleLogin(page, 'qa');
  await expect(page.getByTestId('dashboard')).toBeVisible();
  await expect(page.getByTestId('queue-reviews')).not.toContainText(/^0/);
  await shot(page, 'console-dashboard-qa');
  await page.getByTestId('queue-reviews').click();
  await expect(page).toHaveURL(/\/admin\/users\?.*is_passed=0/);
  const row = page.getByTestId('users-table').locator('tr', { hasText: '宁波康宁诊所' });
  await expect(row).toBeVisible();
  await shot(page, 'console-users-waiting');
  await row.getByRole('link', { name: '审核' }).click();
  await expect(page.getByTestId('user-detail')).toContainText('宁波康宁诊所');
  await expect(page.getByTestId('user-licence')).toHaveCount(3);
  await shot(page, 'console-user-review');
  await page.getByTestId('review-submit').click();
  await expect(page.getByTestId('user-detail')).toContainText('已通过', slow);

  await clinic.reload();
  await expect(clinic.getByTestId('price').first()).toBeVisible(slow);
  await expect(clinic.getByTestId('price-tip')).toHaveCount(0);
  await clinic.close();
});

test('qa rejects a new pharmacy with a reason its owner reads on 资质证件', async ({ page, browser }) => {
  const owner = await browser.newPage();
  const company = `杭州驳回测试大药房${Date.now() % 100000}`;
  await registerPharmacy(owner, company);

  await consoleSession(page, 'qa', '/admin/users?is_passed=0&submitted=1');
  await page.getByTestId('users-table').locator('tr', { hasText: company }).getByRole('link', { name: '审核' }).click();
  await expect(page.getByTestId('user-licence')).toHaveCount(3);
  await page.getByTestId('review-decision').getByText('驳回').click();
  await page.getByTestId('review-submit').click();
  await expect(page.getByText('驳回时请填写驳回原因')).toBeVisible();
  await page.getByTestId('review-reason').fill('营业执照照片反光，请重新拍摄上传');
  await shot(page, 'console-user-reject');
  await page.getByTestId('review-submit').click();
  await expect(page.getByTestId('user-detail')).toContainText('已驳回', slow);

  await owner.goto('/zhzx/zzzj');
  await expect(owner.getByTestId('licence-state')).toHaveAttribute('data-state', 'rejected', slow);
  await expect(owner.getByTestId('licence-state')).toContainText('营业执照照片反光，请重新拍摄上传', slow);
  await shot(owner, 'console-rejected-owner-licences');
  await owner.close();
});

test("an operator widens chain-b's 经营范围 and it may buy devices; admin reads it in the audit log", async ({ page, browser }) => {
  const store = await browser.newPage();
  await loginByApi(store, 'chain-b');
  const base = await (await store.request.get('/api/user/base')).json();
  const devices = (await (await store.request.get('/api/goods/list?page=1&zone=qx')).json()).data.data as { id: number; scope_id: number }[];
  const device = devices.find((g) => !base.data.scope_ids.includes(g.scope_id))!;
  expect(device, 'chain-b is not approved for some devices').toBeDefined();
  const scopes = (await (await store.request.get('/api/user/jyfw')).json()).data as { id: number; name: string }[];
  const scopeName = scopes.find((s) => s.id === device.scope_id)!.name;
  await store.goto(`/list/info/${device.id}`);
  await expect(store.getByTestId('detail-actions')).toContainText('超出经营范围', slow);
  await shot(store, 'storefront-out-of-scope');

  await consoleSession(page, 'admin', '/admin/users?keyword=滨江店');
  await page.getByTestId('users-table').getByTestId('user-link').first().click();
  await page.getByRole('tab', { name: '权限与等级' }).click();
  await page.getByTestId('flags-scopes').getByText(scopeName, { exact: true }).click();
  await page.getByTestId('flags-save').click();
  await expect(page.getByText('已保存')).toBeVisible();
  await shot(page, 'console-user-flags');

  await store.reload();
  await expect(store.getByTestId('detail-actions').getByTestId('add-to-cart')).toBeVisible(slow);

  await page.goto('/admin/audit?action=user.update');
  await expect(page.getByTestId('audit-table').locator('tbody tr').first()).toContainText('user.update', slow);
  // The approval of the clinic, from its own page's id (other journeys approve other buyers meanwhile).
  await page.goto(`/admin/users?keyword=${encodeURIComponent('宁波康宁诊所')}`);
  await page.getByTestId('users-table').getByTestId('user-link').first().click();
  await expect(page.getByTestId('user-detail')).toContainText('宁波康宁诊所', slow);
  const clinicId = new URL(page.url()).pathname.split('/').pop();
  await page.goto(`/admin/audit?action=user.approve&target=user:${clinicId}`);
  const approval = page.getByTestId('audit-table').locator('tbody tr', { hasText: 'user.approve' });
  await expect(approval).toHaveCount(1, slow);
  await expect(approval).toContainText('qa');
  await shot(page, 'console-audit-approve');
  await store.close();
});
