/**
 * The member centre, the account centre and quick purchase: demo's figures and licences, editing basic info
 * (the server's 422 message shows), a chain adding a sub-store and acting for one, the messages badge,
 * binding WeChat and changing the password on a new account, and quick purchase filling the cart.
 *
 * demo and chain are shared with journeys that run at the same time: whatever changes them runs inside
 * withAccount and is put back; the password and WeChat are changed only on a freshly registered account.
 */
import { expect, test, type Page } from '@playwright/test';
import { formatMoney, yuanToFen } from '../core/money';
import { api, clearCart, DEMO_PASSWORD, freshPhone, loginByApi, registerWaitingClinic, shot, shotWhole, smsCode, withAccount, XHR } from './helpers';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');

type Base = { username: string; phone: string; name: string; message_count: number; cart: number; company: string };

async function pick(page: Page, testId: string, text: string) {
  await expect(async () => {
    await page.getByTestId(testId).click();
    await page.keyboard.type(text);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first().click({ timeout: 2000 });
    await expect(page.getByTestId(testId)).toContainText(text, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
}

test("demo's member centre shows the company, rank, licence warning, wallet, orders by status, service contacts and goods", async ({ page }) => {
  await loginByApi(page, 'demo');
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/user/center');
  await page.goto('/user');
  const centre = (await (await answer).json()).data;
  await expect(page.getByTestId('member-centre')).toBeVisible();
  await expect(page.getByTestId('centre-company')).toHaveText('杭州仁和大药房有限公司');
  await expect(page.getByTestId('centre-rank')).toHaveText('银牌会员');
  // The route skips the base call; the page's own answer fills the header.
  await expect(page.getByTestId('header-user')).toHaveText('杭州仁和大药房有限公司');
  await expect(page.getByTestId('centre-licence')).toHaveAttribute('data-state', 'expiring');
  await expect(page.getByTestId('centre-licence')).toContainText('营业执照将于');
  await expect(page.getByTestId('centre-wallet-balance')).toContainText(formatMoney(yuanToFen(centre.wallet.balance)));
  // Figures read as on every other page: ¥2,216.22 and 1,280, thousands separated.
  expect(centre.wallet.points).toBeGreaterThanOrEqual(1000);
  await expect(page.getByTestId('centre-wallet-points').locator('b')).toHaveText(centre.wallet.points.toLocaleString('zh-CN'));
  await expect(page.getByTestId('centre-contact').first()).toContainText('王晓梅');
  await expect(page.getByTestId('centre-contact').first()).toContainText('默认');
  await expect(page.locator('[data-testid="centre-order-count"][data-status="0"] b')).toHaveText(String(centre.order_counts[0]));
  await expect(page.getByTestId('centre-recent-order')).toHaveCount(centre.recent_orders.length);
  const big = (centre.recent_orders as { pay_amount: string }[]).findIndex((o) => yuanToFen(o.pay_amount) >= 100_000);
  expect(big).toBeGreaterThanOrEqual(0);
  await expect(page.getByTestId('centre-recent-order').nth(big).locator('.yct-mc__money')).toHaveText(
    formatMoney(yuanToFen(centre.recent_orders[big].pay_amount)),
  );
  await expect(page.getByTestId('goods-card').first()).toBeVisible();
  await shotWhole(page, 'account-member-centre');

  await page.getByTestId('centre-licence-action').click();
  await expect(page).toHaveURL(/\/zhzx\/zzzj$/);
  await expect(page.getByTestId('licence-state')).toHaveAttribute('data-state', 'expiring');
  await expect(page.getByTestId('licence-state')).toContainText('营业执照将于');
  await expect(page.locator('[data-testid="licence-row"][data-type="yyzz"]').getByTestId('licence-expiring')).toBeVisible();
  await expect(page.getByTestId('licence-row')).toHaveCount(3);
  await shotWhole(page, 'account-licences');
  await page.locator('[data-testid="licence-row"][data-type="yyzz"]').getByTestId('licence-reupload').click();
  await expect(page.getByRole('dialog')).toContainText('重新上传营业执照');
  await page.getByRole('button', { name: '提交审核' }).click();
  await expect(page.getByRole('dialog')).toContainText('请上传资质图片');
  await shotWhole(page, 'account-licence-upload');
});

test('demo edits basic info: a malformed phone is refused, a taken one needs proof and the server answers 422, then a new name is saved', async ({ page }) => {
  await loginByApi(page, 'demo');
  await withAccount('demo', async () => {
    const before = await api<Base>(page, 'GET', '/api/user/base');
    await page.goto('/zhzx/basic');
    await expect(page.getByTestId('basic-profile')).toContainText('杭州仁和大药房有限公司');
    await expect(page.getByTestId('basic-code')).toHaveCount(0);
    await shotWhole(page, 'account-basic');
    try {
      await page.getByTestId('basic-phone').fill('12345');
      await page.getByTestId('basic-submit').click();
      await expect(page.getByTestId('basic-form')).toContainText('请输入正确的手机号');

      // A new login phone asks for the code sent to it and the current password before anything is sent.
      await page.getByTestId('basic-phone').fill('13800000003');
      await expect(page.getByTestId('basic-code')).toBeVisible();
      await page.getByTestId('basic-submit').click();
      await expect(page.getByTestId('basic-form')).toContainText('请输入短信验证码');
      await expect(page.getByTestId('basic-form')).toContainText('请输入登录密码');
      await shotWhole(page, 'account-basic-phone-proof');

      // Another account's phone passes the pattern: the server refuses it with 422 and the page shows its message.
      await page.getByTestId('basic-code').fill('123456');
      await page.getByTestId('basic-password').fill(DEMO_PASSWORD);
      const refused = page.waitForResponse((r) => r.url().endsWith('/api/user/updateUserInfo'));
      await page.getByTestId('basic-submit').click();
      const res = await refused;
      expect(res.status()).toBe(422);
      expect((await res.json()).message).toBe('该手机号已被其他账号使用');
      await expect(page.getByTestId('basic-form')).toContainText('该手机号已被其他账号使用');
      await expect(page.locator('.ant-message-notice').filter({ hasText: '该手机号已被其他账号使用' })).toBeVisible();
      await shotWhole(page, 'account-basic-422');

      await page.getByTestId('basic-phone').fill(before.phone);
      await expect(page.getByTestId('basic-code')).toHaveCount(0);
      await page.getByTestId('basic-name').fill('张敏华');
      await page.getByTestId('basic-submit').click();
      await expect(page.locator('.ant-message-notice').filter({ hasText: '基本信息已保存' })).toBeVisible();
      const after = await api<Base>(page, 'GET', '/api/user/base');
      expect(after).toMatchObject({ name: '张敏华', phone: before.phone });
    } finally {
      await api(page, 'POST', '/api/user/updateUserInfo', { name: before.name, phone: before.phone });
    }
  });
});

test('a new clinic moves its login phone with the code sent to the new one and its password, then logs in with it', async ({ page }) => {
  const { phone } = await registerWaitingClinic(page);
  await page.goto('/zhzx/basic');
  await expect(page.getByTestId('basic-phone')).toHaveValue(phone);
  const next = freshPhone();
  await page.getByTestId('basic-phone').fill(next);
  await page.getByTestId('basic-send-code').click();
  await expect(page.getByTestId('basic-send-code')).toContainText('秒后重新获取');
  await page.getByTestId('basic-code').fill(await smsCode(page.request, next));
  await page.getByTestId('basic-password').fill('Wrong2026');
  await page.getByTestId('basic-submit').click();
  await expect(page.getByTestId('basic-form')).toContainText('登录密码不正确');
  await page.getByTestId('basic-password').fill(DEMO_PASSWORD);
  await page.getByTestId('basic-submit').click();
  await expect(page.locator('.ant-message-notice').filter({ hasText: '登录手机号已更换' })).toBeVisible();
  await expect(page.getByTestId('basic-code')).toHaveCount(0);
  await shotWhole(page, 'account-basic-phone-changed');
  expect((await api<Base>(page, 'GET', '/api/user/base')).phone).toBe(next);

  const fresh = await page.request.post('/api/user/login', { headers: XHR, form: { username: next, password: DEMO_PASSWORD } });
  expect((await fresh.json()).code).toBe(10000);
  const old = await page.request.post('/api/user/login', { headers: XHR, form: { username: phone, password: DEMO_PASSWORD } });
  expect((await old.json()).message).toBe('用户名或密码错误');
});

test('chain adds a sub-store through the dd steps, sees it in 多店管理, and acts for a store until it goes back', async ({ page }) => {
  test.setTimeout(180_000);
  await loginByApi(page, 'chain');
  await withAccount('chain', async () => {
    await page.goto('/zhzx/ddgl');
    await expect(page.locator('[data-testid="store-row"]')).not.toHaveCount(0);
    await shotWhole(page, 'account-stores');
    await page.getByTestId('store-add').click();
    await expect(page).toHaveURL(/\/register\/dd\/step1$/);

    const phone = freshPhone();
    const username = `md${phone.slice(-8)}`;
    await page.getByTestId('register-phone').fill(phone);
    await page.getByTestId('register-send-code').click();
    await page.getByTestId('register-code').fill(await smsCode(page.request, phone));
    await page.getByTestId('register-username').fill(username);
    await page.getByTestId('register-password').fill('Store2026ok');
    await page.getByTestId('register-password2').fill('Store2026ok');
    await page.getByTestId('register-agree').check();
    await page.getByTestId('register-next').click();
    await expect(page).toHaveURL(/\/register\/dd\/step2$/);
    const company = `浙江康泰连锁药业有限公司${phone.slice(-4)}店`;
    await page.getByTestId('register-company').fill(company);
    await page.getByTestId('register-contact').fill('孙丽');
    await page.getByTestId('register-contact-phone').fill(phone);
    await pick(page, 'register-province', '浙江省');
    await pick(page, 'register-city', '杭州市');
    await pick(page, 'register-district', '西湖区');
    await page.getByTestId('register-address').fill('天目山路 160 号');
    await page.getByTestId('register-jyfw').getByText('处方药', { exact: true }).click();
    await page.getByTestId('register-next').click();
    await expect(page).toHaveURL(/\/register\/dd\/step3$/);
    for (const type of ['yyzz', 'ypjyxkz', 'cgwts']) {
      await page
        .getByTestId(`register-licence-${type}`)
        .locator('input[type=file]')
        .setInputFiles({ name: `${type}.png`, mimeType: 'image/png', buffer: PNG });
      await expect(page.getByTestId(`register-licence-${type}`).locator('img')).toBeVisible();
    }
    await page.getByTestId('register-submit').click();
    await expect(page.getByTestId('register-done')).toContainText('门店资质已提交，等待审核');
    await page.getByTestId('register-member').click();
    await expect(page).toHaveURL(/\/zhzx\/ddgl$/);
    const row = page.locator(`[data-testid="store-row"][data-username="${username}"]`);
    await expect(row).toContainText(company);
    await expect(row).toContainText('审核中');

    // Acting for chain-a: the header says so, and 返回总部 goes back.
    await page.locator('[data-testid="store-row"][data-username="chain-a"]').getByTestId('store-act').click();
    await expect(page.getByTestId('header-acting')).toBeVisible();
    await expect(page.getByTestId('header-user')).toHaveText('浙江康泰连锁药业有限公司湖墅店');
    expect((await api<Base>(page, 'GET', '/api/user/base')).username).toBe('chain-a');
    await page.goto('/zhzx/ddgl');
    await expect(page.getByTestId('stores-acting')).toContainText('湖墅店');
    await shotWhole(page, 'account-stores-acting');
    await page.getByTestId('header-stop-acting').click();
    await expect(page.getByTestId('header-acting')).toHaveCount(0);
    await expect(page.getByTestId('header-user')).toHaveText('浙江康泰连锁药业有限公司');
  });
});

test('the unread messages show on the header and toolbar badges, and reading them brings the badges down', async ({ page }) => {
  await loginByApi(page, 'chain-b');
  await withAccount('chain-b', async () => {
    // The seed leaves every approved account unread messages, and no other journey reads chain-b's.
    const { message_count: unread } = await api<Base>(page, 'GET', '/api/user/base');
    expect(unread, 'chain-b has unread messages').toBeGreaterThan(0);
    await page.goto('/zhzx/wdxx');
    await expect(page.getByTestId('message-row').first()).toBeVisible();
    await expect(page.getByTestId('header-message-badge')).toHaveText(String(unread));
    await expect(page.getByTestId('toolbar-message-badge')).toHaveText(String(unread));
    await shotWhole(page, 'account-messages');
    const first = page.locator('[data-testid="message-row"][data-read="0"]').first();
    await first.getByRole('button').click();
    await expect(page.getByTestId('message-content')).toBeVisible();
    await expect(page.getByTestId('header-message-badge')).toHaveText(unread > 1 ? String(unread - 1) : '');
    await page.getByTestId('message-read-all').click();
    await expect(page.getByTestId('header-message-badge')).toHaveAttribute('data-count', '0');
    await expect(page.getByTestId('toolbar-message-badge')).toHaveAttribute('data-count', '0');
    await expect(page.locator('[data-testid="message-row"][data-read="0"]')).toHaveCount(0);
  });
});

test('quick purchase lists goods demo bought before with the last quantity and adds them to the cart', async ({ page }) => {
  await loginByApi(page, 'demo');
  await withAccount('demo', async () => {
    await clearCart(page.request);
    try {
      const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/user/fast_buy');
      await page.goto('/zzfw/kjcg');
      const list = (await (await answer).json()).data as { data: { goods: { id: number; bzdw: string }; last_number: number; cart_number: number }[] };
      expect(list.data.length).toBeGreaterThan(0);
      const rows = page.getByTestId('fastbuy-row');
      await expect(rows).toHaveCount(list.data.length);
      const firstData = list.data.find((r) => r.cart_number > 0)!;
      const row = page.locator(`[data-testid="fastbuy-row"][data-goods-id="${firstData.goods.id}"]`);
      await expect(row.getByTestId('fastbuy-last-number')).toHaveText(`${firstData.last_number}${firstData.goods.bzdw}`);
      await shotWhole(page, 'account-quick-buy');

      const added = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/cart' && r.request().method() === 'POST');
      await row.getByTestId('fastbuy-add').click();
      expect((await (await added).json()).code).toBe(10000);
      await expect(page.getByTestId('cart-badge')).toHaveText('1');
      const cart = await api<{ list: { goods_id: number; number: number }[] }>(page, 'GET', '/api/cart/list');
      expect(cart.list).toEqual([expect.objectContaining({ goods_id: firstData.goods.id, number: firstData.cart_number })]);

      await page.getByTestId('fastbuy-add-all').click();
      await expect(page.locator('.ant-message-notice').filter({ hasText: '种商品加入购物车' })).toBeVisible();
      const buyable = list.data.filter((r) => r.cart_number > 0).length;
      await expect.poll(async () => (await api<{ list: unknown[] }>(page, 'GET', '/api/cart/list')).list.length).toBe(buyable);
    } finally {
      await clearCart(page.request);
    }
  });
});

test('a new account binds WeChat through the sandbox scan, unbinds it, and changes its password', async ({ page, browser }) => {
  const { username } = await registerWaitingClinic(page);
  const qrcode = page.waitForResponse((r) => r.url().endsWith('/api/wechat/qrcode'));
  await page.goto('/zhzx/bdwx');
  const { ticket } = (await (await qrcode).json()).data as { ticket: string };
  await expect(page.getByTestId('wechat-qrcode').locator('svg')).toBeVisible();
  await expect(page.getByTestId('header-user')).toContainText('宁波测试诊所');
  await shotWhole(page, 'account-wechat');
  const nickname = `诊所王医生${username.slice(-4)}`;
  const scan = await page.request.post('/api/wechat/sandbox_scan', { headers: XHR, data: { ticket, nickname } });
  expect((await scan.json()).code).toBe(10000);
  await expect(page.getByTestId('wechat-nickname')).toHaveText(nickname);
  await shotWhole(page, 'account-wechat-bound');
  await page.getByTestId('wechat-unbind').click();
  // The confirmation's own button; a click while the dialog is still opening can be lost, so retry until it closes.
  const confirm = page.getByRole('dialog', { name: '确定解除微信绑定吗?' });
  await expect(async () => {
    if (await confirm.isVisible()) await confirm.getByRole('button', { name: '解除绑定' }).click({ timeout: 2_000 });
    await expect(confirm).toBeHidden({ timeout: 2_000 });
  }).toPass();
  await expect(page.getByTestId('wechat-bind')).toBeVisible();

  // Another device logged in to the same account is logged out by the change.
  const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const otherPage = await other.newPage();
  await loginByApi(otherPage, username);
  await page.goto('/zhzx/basic');
  await page.getByTestId('password-old').fill('Wrong2026');
  await page.getByTestId('password-new').fill('Next2026ok');
  await page.getByTestId('password-confirm').fill('Next2026ok');
  await page.getByTestId('password-submit').click();
  await expect(page.getByTestId('password-form')).toContainText('原密码不正确');
  await page.getByTestId('password-old').fill(DEMO_PASSWORD);
  await page.getByTestId('password-submit').click();
  await expect(page.locator('.ant-message-notice').filter({ hasText: '密码已修改' })).toBeVisible();
  expect((await api<Base>(page, 'GET', '/api/user/base')).username).toBe(username);
  const gone = await (await otherPage.request.get('/api/user/base', { headers: XHR })).json();
  expect(gone.data.show).toBe(0);
  await other.close();
});

test('a new clinic waiting for review sees what happens next, has nothing to buy again yet, and uploads a licence again', async ({ page }) => {
  await registerWaitingClinic(page);
  await page.goto('/user');
  await expect(page.getByTestId('centre-licence')).toHaveAttribute('data-state', 'waiting');
  await expect(page.getByTestId('centre-licence')).toContainText('资质审核中');
  await expect(page.getByTestId('centre-recent-orders')).toHaveCount(0);
  await expect(page.getByTestId('member-centre').getByText('暂无订单')).toBeVisible();
  await expect(page.getByTestId('price-tip').first()).toHaveText('资质审核通过后可见');
  await shotWhole(page, 'account-member-centre-waiting');

  await page.goto('/zzfw/kjcg');
  await expect(page.getByTestId('fastbuy-page').getByTestId('empty-state')).toContainText('近180天暂无已付款的采购记录');
  await shotWhole(page, 'account-quick-buy-empty');

  await page.goto('/zhzx/zzzj');
  const row = page.locator('[data-testid="licence-row"][data-type="yyzz"]');
  await expect(row.getByTestId('licence-status')).toHaveText('审核中');
  await row.getByTestId('licence-reupload').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('licence-image').locator('input[type=file]').setInputFiles({ name: 'yyzz.png', mimeType: 'image/png', buffer: PNG });
  await expect(dialog.getByTestId('licence-image').locator('img')).toBeVisible();
  await dialog.getByTestId('licence-number').fill('91330212MA2KL0001X');
  const until = new Date(Date.now() + 8 * 3_600_000 + 800 * 86_400_000).toISOString().slice(0, 10);
  await dialog.getByTestId('licence-valid-until').click();
  await page.keyboard.type(until);
  await page.keyboard.press('Enter');
  const saved = page.waitForResponse((r) => /\/api\/user\/zizhi\/\d+$/.test(new URL(r.url()).pathname));
  await page.getByRole('button', { name: '提交审核' }).click();
  expect((await (await saved).json()).code).toBe(10000);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(row).toContainText('91330212MA2KL0001X');
  await expect(row).toContainText(until);
  await expect(row.getByTestId('licence-status')).toHaveText('审核中');
});

test('a guest is sent to log in from every account page', async ({ page }) => {
  for (const path of ['/user', '/zhzx/basic', '/zhzx/zzzj', '/zhzx/ddgl', '/zhzx/bdwx', '/zhzx/addr', '/zhzx/wdxx', '/zzfw/kjcg', '/star', '/zzfw/star']) {
    await page.goto(path);
    await expect(page, path).toHaveURL((u) => u.pathname === '/login' && u.searchParams.get('redirect') === path);
  }
});

test('member pages behave alike for demo: /star in the member frame, /login and registration send an approved buyer on', async ({ page }) => {
  await loginByApi(page, 'demo');
  await page.goto('/star');
  const menu = page.getByTestId('account-menu');
  await expect(menu).toBeVisible();
  await expect(menu.locator('[data-key="star"]')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('favourites-page')).toBeVisible();
  await shot(page, 'favourites-in-member-frame');
  await page.goto('/zhzx/addr');
  await expect(page.getByTestId('address-row').first()).toBeVisible();

  // Logged in already: the login page goes on to where it would have led, or home.
  await page.goto('/login');
  await expect(page).toHaveURL((u) => u.pathname === '/');
  await expect(page.getByTestId('header-user')).toBeVisible();
  await page.goto('/login?redirect=%2Forder');
  await expect(page).toHaveURL((u) => u.pathname === '/order');
  await expect(page.getByTestId('login-page')).toHaveCount(0);
  // An approved account has nothing to register: its licences and company are in the account centre.
  await page.goto('/register/step3');
  await expect(page).toHaveURL((u) => u.pathname === '/zhzx/zzzj');
  await page.goto('/register/step2');
  await expect(page).toHaveURL((u) => u.pathname === '/zhzx/basic');
});
