/**
 * The operator console: its own login (with two-factor once enrolled), a menu of only what the operator may
 * use, 无权限 for the rest, the operators page, two-factor enrolment and the audit log. The storefront's first
 * load carries none of it.
 */
import fs from 'node:fs';
import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { consoleLogin, loginByApi, OPERATOR_PASSWORD, still, XHR } from '../helpers';

/** A username no earlier run has used: lower-case letters and digits, starting with a letter. */
const freshUsername = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

/** Does `action` and waits for the server's answer to the call it makes (password hashing takes a moment). */
async function answerTo(page: Page, method: string, pathname: string, action: () => Promise<unknown>) {
  const answer = page.waitForResponse((r) => r.request().method() === method && new URL(r.url()).pathname === pathname);
  await action();
  return answer;
}

/** A request context logged in as `admin` through the API, for setting up what a journey starts from. */
async function adminApi(): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000', extraHTTPHeaders: XHR });
  const res = await (await api.post('/api/admin/login', { form: { username: 'admin', password: OPERATOR_PASSWORD } })).json();
  expect(res.code, res.message).toBe(10000);
  return api;
}

async function createOperator(api: APIRequestContext, username: string, name: string, password: string, role: string) {
  const res = await (await api.post('/api/admin/operators', { form: { username, name, password, 'roles[0]': role } })).json();
  expect(res.code, res.message).toBe(10000);
}

/** Types six digits into the code boxes (each box takes one and moves on). */
async function typeCode(page: Page, testId: string, code: string) {
  await page.getByTestId(testId).getByRole('textbox').first().click();
  await page.keyboard.type(code);
}

test('the storefront first load carries no console code, and /admin loads it on its own', async ({ page }) => {
  const scripts: string[] = [];
  page.on('response', (r) => {
    if (/\.m?js$/.test(new URL(r.url()).pathname)) scripts.push(new URL(r.url()).pathname);
  });
  await page.goto('/', { waitUntil: 'networkidle' });
  await expect(page.getByTestId('header-bar')).toBeVisible();
  const storefront = [...scripts];
  await page.goto('/admin/login', { waitUntil: 'networkidle' });
  await expect(page.getByTestId('admin-login-form')).toBeVisible();
  const consoleScripts = scripts.slice(storefront.length);
  expect(consoleScripts.some((s) => /\/AdminApp-/.test(s))).toBe(true);
  expect(storefront.filter((s) => /Admin|admin|Operators|Audit|papaparse/.test(s))).toEqual([]);
});

test('a buyer visiting the console is sent to its login, without the storefront header', async ({ page }) => {
  await loginByApi(page, 'demo');
  await page.goto('/admin/orders');
  await page.waitForURL('**/admin/login?redirect=%2Fadmin%2Forders');
  await expect(page.getByTestId('admin-login-form')).toBeVisible();
  await expect(page.getByTestId('header-bar')).toHaveCount(0);
  await expect(page).toHaveTitle('登录 - 药采通运营后台');
  // Wrong password: the server's message stands under the password field.
  await page.getByTestId('admin-login-username').fill('warehouse');
  await page.getByTestId('admin-login-password').fill('Wrong2026x');
  await answerTo(page, 'POST', '/api/admin/login', () => page.getByTestId('admin-login-submit').click());
  await expect(page.getByTestId('admin-login-form')).toContainText('用户名或密码错误');
  await still(page, 'admin-login');
});

test('warehouse sees only its own menu entries and 无权限 on the operators page', async ({ page }) => {
  await consoleLogin(page, 'warehouse');
  const menu = page.getByTestId('admin-menu');
  for (const entry of ['工作台', '订单管理', '商品管理', '安全设置']) await expect(menu).toContainText(entry);
  for (const entry of ['操作员', '操作日志', '客户管理', '退货售后', '分类品牌', '对公转账']) await expect(menu).not.toContainText(entry);
  await expect(page.getByTestId('admin-totp-banner')).toBeVisible();
  // 工作台 shows only the queue warehouse works from: paid orders to ship.
  await expect(page.getByTestId('queue-to_ship')).toContainText('待发货订单');
  await expect(page.getByTestId('queue-transfers')).toHaveCount(0);
  await expect(page.getByTestId('queue-reviews')).toHaveCount(0);
  await still(page, 'admin-warehouse-home');

  await page.goto('/admin/operators');
  await expect(page.getByTestId('admin-forbidden')).toContainText('无权限');
  await expect(page.getByTestId('admin-breadcrumb')).toContainText('系统/操作员');
  await still(page, 'admin-warehouse-forbidden');
});

test('admin adds a 客服 operator who logs in; disabling them ends their open session', async ({ page, browser }) => {
  const username = freshUsername('kf');
  await consoleLogin(page, 'admin');
  await page.getByTestId('admin-menu').getByRole('link', { name: '操作员' }).click();
  await expect(page.getByTestId('operators-table')).toContainText('warehouse');
  await still(page, 'admin-operators');

  await page.getByTestId('operator-add').click();
  const dialog = page.getByRole('dialog', { name: '新增操作员' });
  // The browser checks the fields with the server's schema before sending anything.
  await dialog.getByRole('button', { name: '添加' }).click();
  await expect(dialog).toContainText('请输入用户名');
  await expect(dialog).toContainText('请选择角色');
  // A taken username is refused by the server, under the field.
  await dialog.getByTestId('operator-username').fill('admin');
  await dialog.getByTestId('operator-name').fill('孙小梅');
  await dialog.getByTestId('operator-password').fill('Kefu2026ab');
  await dialog.getByTestId('operator-roles').getByText('客服', { exact: true }).click();
  await answerTo(page, 'POST', '/api/admin/operators', () => dialog.getByRole('button', { name: '添加' }).click());
  await expect(dialog).toContainText('该用户名已被使用');
  await still(page, 'admin-operator-form');
  await dialog.getByTestId('operator-username').fill(username);
  await answerTo(page, 'POST', '/api/admin/operators', () => dialog.getByRole('button', { name: '添加' }).click());
  await expect(dialog).toBeHidden();
  const row = page.getByTestId('operators-table').getByRole('row').filter({ hasText: username });
  await expect(row).toContainText('客服');
  await expect(row).toContainText('从未登录');

  // The new operator logs in, in a browser of their own.
  const theirs = await browser.newContext();
  const them = await theirs.newPage();
  await consoleLogin(them, username, 'Kefu2026ab');
  await expect(them.getByTestId('admin-menu')).toContainText('客户管理');
  await expect(them.getByTestId('admin-menu')).not.toContainText('操作员');
  await them.getByTestId('admin-menu').getByRole('link', { name: '安全设置' }).click();
  await expect(them.getByTestId('totp-setup')).toBeVisible();

  // admin disables them ...
  await row.getByRole('button', { name: '停用' }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: '停用' }).click();
  await expect(row).toContainText('已停用');

  // ... and their next call sends them to the login, which now refuses them.
  await them.getByTestId('totp-setup').click();
  await them.waitForURL('**/admin/login?redirect=%2Fadmin%2Fsecurity');
  await them.getByTestId('admin-login-username').fill(username);
  await them.getByTestId('admin-login-password').fill('Kefu2026ab');
  await answerTo(them, 'POST', '/api/admin/login', () => them.getByTestId('admin-login-submit').click());
  await expect(them.getByTestId('admin-login-form')).toContainText('该操作员已停用，请联系管理员');
  await theirs.close();
});

test('an operator enrols two-factor, and the next login asks for the code', async ({ page }) => {
  const username = freshUsername('qa');
  const password = 'Quality2026';
  const api = await adminApi();
  await createOperator(api, username, '周敏', password, 'qa');
  await api.dispose();

  await consoleLogin(page, username, password);
  await page.getByTestId('admin-totp-banner').getByRole('link', { name: '去启用两步验证' }).click();
  await expect(page.getByTestId('totp-state')).toHaveText('未启用');
  await page.getByTestId('totp-setup').click();
  await expect(page.getByTestId('totp-qr').locator('svg')).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await still(page, 'admin-security-enrol');
  await typeCode(page, 'totp-code', await generate({ secret }));
  await page.getByTestId('totp-enable').click();
  await expect(page.getByTestId('totp-state')).toHaveText('已启用');
  await expect(page.getByTestId('admin-totp-banner')).toHaveCount(0);
  await still(page, 'admin-security-enabled');

  await page.getByTestId('admin-logout').click();
  await page.waitForURL('**/admin/login');
  await page.getByTestId('admin-login-username').fill(username);
  await page.getByTestId('admin-login-password').fill(password);
  await answerTo(page, 'POST', '/api/admin/login', () => page.getByTestId('admin-login-submit').click());
  await expect(page.getByTestId('admin-login-otp')).toBeVisible();
  const right = await generate({ secret });
  await typeCode(page, 'admin-login-otp', right === '000000' ? '111111' : '000000');
  await answerTo(page, 'POST', '/api/admin/login', () => page.getByTestId('admin-login-submit').click());
  await expect(page.getByTestId('admin-login-form')).toContainText('动态验证码不正确');
  await still(page, 'admin-login-otp');
  await typeCode(page, 'admin-login-otp', await generate({ secret }));
  await answerTo(page, 'POST', '/api/admin/login', () => page.getByTestId('admin-login-submit').click());
  await expect(page.getByTestId('admin-operator')).toContainText(`（${username}）`);
  await expect(page).toHaveURL(/\/admin$/);
});

test('admin reads the audit log, filters by action and sees an operator creation before and after', async ({ page }) => {
  const username = freshUsername('ck');
  const api = await adminApi();
  await createOperator(api, username, '吴刚', 'Store2026ab', 'warehouse');
  await api.dispose();

  await consoleLogin(page, 'admin');
  await page.getByTestId('admin-menu').getByRole('link', { name: '操作日志' }).click();
  await expect(page.getByTestId('audit-table')).toContainText('新增操作员');

  const filtered = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/admin/audit' && new URL(r.url()).searchParams.get('action') === 'operator.create',
  );
  await page.getByTestId('audit-action').locator('input').fill('operator.create');
  await page.getByTestId('audit-filters').getByRole('button', { name: '查询' }).click();
  await filtered;
  await expect(page).toHaveURL(/[?&]action=operator\.create/);
  const table = page.getByTestId('audit-table');
  const rows = table.locator('tbody tr.ant-table-row');
  await expect(rows.first()).toContainText('operator.create');
  await expect(table.locator('tbody tr.ant-table-row').filter({ hasNotText: 'operator.create' })).toHaveCount(0);

  const row = rows.filter({ hasText: `operator:${username}` });
  await expect(row).toContainText('系统管理员（admin）');
  await expect(row).toHaveText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
  await row.getByRole('button', { name: /展开行|Expand row/ }).click();
  const diff = table.getByTestId('audit-diff');
  await expect(diff).toContainText('用户名');
  await expect(diff).toContainText(username);
  await expect(diff).toContainText('仓储');
  await expect(diff.locator('.yct-audit-diff__after').first()).toBeVisible();
  await still(page, 'admin-audit');

  // 导出CSV writes the filtered list, with the byte-order mark Excel needs for Chinese.
  const download = page.waitForEvent('download');
  await page.getByTestId('admin-export-csv').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^操作日志-\d{8}-\d{6}\.csv$/);
  const csv = fs.readFileSync((await file.path())!, 'utf8');
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  expect(csv.slice(1).split('\r\n')[0]).toBe('ID,时间,操作员,操作,操作代码,所用权限,对象,变更,IP');
  expect(csv).toContain(`operator:${username}`);
  expect(csv).not.toContain('operator.update');

  // The filter lives in the URL: a reload shows the same list with the field filled.
  const again = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/admin/audit' && new URL(r.url()).searchParams.get('action') === 'operator.create',
  );
  await page.reload();
  await again;
  await expect(page.getByTestId('audit-action').locator('input')).toHaveValue('operator.create');
  await expect(rows.first()).toContainText('operator.create');
});
