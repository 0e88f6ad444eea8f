/** Account entry journeys: register a pharmacy through every step, log in and out, forget the password. */
import { expect, test, type Page } from '@playwright/test';
import { freshPhone, login, shot, smsCode, XHR } from './helpers';

/** A small valid PNG (1×1, red) standing in for a photographed licence. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');

async function pick(page: Page, testId: string, text: string) {
  await page.getByTestId(testId).click();
  await page.keyboard.type(text);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first().click();
}

test('a new pharmacy registers through every step and waits for review', async ({ page, request }) => {
  const phone = freshPhone();
  const username = `yd${phone.slice(-8)}`;
  await page.goto('/register');
  await expect(page).toHaveURL(/\/register\/step1$/);
  await expect(page.getByTestId('login-header')).toBeVisible();
  await page.getByTestId('register-phone').fill(phone);
  await page.getByTestId('register-send-code').click();
  await page.getByTestId('register-code').fill(await smsCode(request, phone));
  await page.getByTestId('register-username').fill(username);
  await page.getByTestId('register-password').fill('Shop2026ok');
  await page.getByTestId('register-password2').fill('Shop2026ok');
  await page.getByTestId('register-agree').check();
  await shot(page, 'register-step1');
  await page.getByTestId('register-next').click();

  await expect(page).toHaveURL(/\/register\/step2$/);
  await page.getByTestId('register-company').fill('杭州百草堂大药房有限公司');
  await pick(page, 'register-type', '单体药店');
  await page.getByTestId('register-contact').fill('王芳');
  await page.getByTestId('register-contact-phone').fill('0571-88886666');
  await pick(page, 'register-province', '浙江省');
  await pick(page, 'register-city', '杭州市');
  await pick(page, 'register-district', '西湖区');
  await page.getByTestId('register-address').fill('文三路 88 号');
  await page.getByTestId('register-jyfw').getByText('处方药', { exact: true }).click();
  await page.getByTestId('register-jyfw').getByText('中成药', { exact: true }).click();
  await shot(page, 'register-step2');
  await page.getByTestId('register-next').click();

  await expect(page).toHaveURL(/\/register\/step3$/);
  for (const type of ['yyzz', 'ypjyxkz', 'cgwts']) {
    await page
      .getByTestId(`register-licence-${type}`)
      .locator('input[type=file]')
      .setInputFiles({ name: `${type}.png`, mimeType: 'image/png', buffer: PNG });
    await expect(page.getByTestId(`register-licence-${type}`).locator('img')).toBeVisible();
  }
  await shot(page, 'register-step3');
  await page.getByTestId('register-submit').click();
  await expect(page.getByTestId('register-done')).toContainText('资质已提交，等待审核');
  await shot(page, 'register-done');

  await page.goto('/');
  await expect(page.getByTestId('header-user')).toHaveText('杭州百草堂大药房有限公司');
});

test('a malformed phone on registration shows its message and sends no code', async ({ page }) => {
  await page.goto('/register/step1');
  await page.getByTestId('register-phone').fill('1380013800');
  await page.getByTestId('register-phone').blur();
  await expect(page.getByText('请输入正确的手机号')).toBeVisible();
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/user/create_code')) sent.push(r.postData() ?? '');
  });
  await page.getByTestId('register-send-code').click();
  // A good phone afterwards is sent: had the malformed one gone out, its request would be seen first.
  const good = freshPhone();
  await page.getByTestId('register-phone').fill(good);
  const answer = page.waitForResponse((r) => r.url().includes('/api/user/create_code'));
  await page.getByTestId('register-send-code').click();
  await answer;
  expect(sent).toHaveLength(1);
  expect(sent[0]).toContain(`phone=${good}`);
});

test("the server's 422 for a malformed phone shows its first message with an error icon", async ({ page }) => {
  // The form checks the phone itself; change the request on its way to prove the server's answer reaches the buyer.
  await page.route('**/api/user/create_code', (route) => route.continue({ postData: (route.request().postData() ?? '').replace(/phone=\d+/, 'phone=12345') }));
  await page.goto('/register/step1');
  await page.getByTestId('register-phone').fill(freshPhone());
  await page.getByTestId('register-send-code').click();
  const toast = page.locator('.ant-message-notice').filter({ hasText: '请输入正确的手机号' });
  await expect(toast).toBeVisible();
  await expect(toast.locator('.anticon-close-circle')).toBeVisible();
});

test('the server refuses a phone already registered with its Chinese message', async ({ page }) => {
  await page.goto('/register/step1');
  // chain's phone: no journey changes it (demo's is changed and put back by the basic-info journey).
  await page.getByTestId('register-phone').fill('13800000003');
  await page.getByTestId('register-phone').blur();
  await expect(page.getByText('该手机号已注册')).toBeVisible();
});

test('demo logs in on the login page, sees the logged-in header and logs out', async ({ page }) => {
  await page.goto('/login');
  await expect(page).toHaveTitle('登录 - 药采通');
  await expect(page.getByTestId('login-submit')).toBeVisible();
  await shot(page, 'login');
  await login(page, 'demo');
  await expect(page.getByTestId('header-user')).toHaveText('杭州仁和大药房有限公司');
  await page.getByTestId('header-logout').click();
  await expect(page.getByTestId('header-login-link')).toBeVisible();
});

test('a wrong password is refused on the login page', async ({ page }) => {
  await page.goto('/login');
  await page.getByTestId('login-username').fill('demo');
  await page.getByTestId('login-password').fill('Wrong2026');
  await page.getByTestId('login-submit').click();
  await expect(page.getByText('用户名或密码错误').first()).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test('a buyer resets a forgotten password and logs in with the new one', async ({ page, request }) => {
  // The seeded account waiting for review: no other journey logs in with it.
  const phone = '13800000002';
  const api = request;
  await page.goto('/forget');
  await expect(page).toHaveURL(/\/forget\/step1$/);
  await page.getByTestId('forget-phone').fill(phone);
  await page.getByTestId('forget-send-code').click();
  await expect.poll(async () => (await (await api.get(`/api/dev/sms_outbox?phone=${phone}`)).json()).data?.purpose).toBe('forget');
  await page.getByTestId('forget-code').fill(await smsCode(api, phone));
  await shot(page, 'forget-step1');
  await page.getByTestId('forget-next').click();
  await expect(page).toHaveURL(/\/forget\/step2$/);
  await page.getByTestId('forget-password').fill('After2026ok');
  await page.getByTestId('forget-password2').fill('After2026ok');
  await page.getByTestId('forget-submit').click();
  await expect(page).toHaveURL(/\/forget\/step3$/);
  await expect(page.getByTestId('forget-done')).toBeVisible();
  await login(page, phone, 'After2026ok');
  await expect(page.getByTestId('header-user')).toBeVisible();
});

test('a new WeChat scanned on /register/wechat (微信登录) goes on to registration (微信注册) with its nickname', async ({ page }) => {
  const qrcode = page.waitForResponse((r) => r.url().endsWith('/api/wechat/qrcode'));
  await page.goto('/register/wechat');
  const { ticket } = (await (await qrcode).json()).data as { ticket: string };
  await expect(page.getByTestId('wechat-qrcode').locator('svg')).toBeVisible();
  // The page says what it is: the title and the slim header's name follow its heading.
  await expect(page).toHaveTitle('微信登录 - 药采通');
  await expect(page.getByTestId('login-header')).toContainText('微信登录');
  const nickname = `药店新用户${Date.now() % 10_000}`;
  const scan = await page.request.post('/api/wechat/sandbox_scan', { headers: XHR, data: { ticket, nickname } });
  expect((await scan.json()).code).toBe(10000);
  await expect(page.getByTestId('wechat-authorised')).toContainText(`微信「${nickname}」已授权`);
  await expect(page.getByTestId('register-phone')).toBeVisible();
  await expect(page).toHaveTitle('微信注册 - 药采通');
  await expect(page.getByTestId('login-header')).toContainText('微信注册');
  await shot(page, 'register-wechat-authorised');
});

test('the login page paints its banner with its picture without waiting for the banner call', async ({ page }) => {
  // However slow the banner call, the page HTML has brought the banner and preloaded its picture: the call is held
  // 30 s, and the banner must show well before (12 s leaves a loaded machine room to load the page).
  await page.route('**/api/focus/login', async (route) => {
    await new Promise((r) => setTimeout(r, 30_000));
    await route.continue().catch(() => undefined);
  });
  await page.goto('/login');
  const band = page.getByTestId('login-page');
  await expect(band).toHaveAttribute('style', /background-image: url/, { timeout: 12_000 });
  const picture = await band.evaluate((el) => getComputedStyle(el).backgroundImage.replace(/^url\("(.*)"\)$/, '$1'));
  const preloaded = await page.evaluate(
    (src) => performance.getEntriesByType('resource').some((e) => (e as PerformanceResourceTiming).initiatorType === 'link' && e.name === src),
    picture,
  );
  expect(preloaded).toBe(true);
  await shot(page, 'login-banner-first-paint');
});
