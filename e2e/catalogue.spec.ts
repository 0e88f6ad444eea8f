/** Finding goods the way a pharmacy buyer does: header search, lists, detail, quantity, favourites. */
import { expect, test } from '@playwright/test';
import { api, changeList, clearCart, DEMO_PASSWORD, loginByApi, shot, withAccount } from './helpers';

test('demo finds amoxicillin by initials, opens it, steps the quantity, keeps it and finds it in /star', async ({ page }) => {
  await loginByApi(page, 'demo');
  await page.goto('/');
  // The cart badge counts demo's lines: no other journey may fill demo's cart meanwhile.
  await withAccount('demo', async () => {
    await clearCart(page.request);
    const input = page.getByTestId('search-input');
    await input.fill('amxl');
    await expect(page.getByTestId('search-suggestion').first()).toContainText('阿莫西林');
    await shot(page, 'search-panel');
    const first = page.getByTestId('search-suggestion').first();
    const name = (await first.locator('.yct-suggest__name').textContent()) ?? '';
    await first.click();
    await expect(page).toHaveURL(/\/list\/info\/\d+$/);
    await expect(page.getByTestId('detail-name')).toContainText(name);
    await expect(page.getByTestId('price').first()).toBeVisible();

    const buy = page.getByTestId('detail-actions');
    const qty = buy.getByTestId('quantity-input');
    const zbz = Number(await qty.inputValue());
    expect(zbz).toBeGreaterThan(0);
    await buy.getByTestId('quantity-plus').click();
    await expect(qty).toHaveValue(String(zbz * 2));
    await qty.fill(String(zbz * 2 + 1));
    await qty.press('Enter');
    await expect(qty).toHaveValue(String(zbz * 3));
    await buy.getByTestId('quantity-minus').click();
    await expect(qty).toHaveValue(String(zbz * 2));
    await shot(page, 'goods-detail');

    await buy.getByTestId('add-to-cart').click();
    await expect(page.getByText('已加入购物车')).toBeVisible();
    await expect(page.getByTestId('cart-badge')).toHaveAttribute('data-count', '1');

    const toggle = page.getByTestId('favorite-toggle');
    if ((await toggle.getAttribute('data-on')) === '1') await toggle.click();
    await expect(toggle).toHaveAttribute('data-on', '0');
    await toggle.click();
    await expect(page.getByTestId('favorite-toast')).toContainText('收藏成功');
    // The toast's link, while the toast shows.
    await page.getByTestId('favorite-view').click();
    await expect(page).toHaveURL(/\/star$/);
    await expect(page.getByTestId('goods-name').filter({ hasText: name }).first()).toBeVisible();
    await shot(page, 'favourites');
    await page.getByTestId('favorite-remove').first().click();
    await expect(page.getByText('取消收藏成功')).toBeVisible();
  });
});

test('the search box waits for typing, shows 暂无数据, clears, closes on Esc and keeps the keyword', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('home-page')).toBeVisible();
  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/goods/search')) asked.push(new URL(r.url()).searchParams.get('keywords') ?? '');
  });
  const input = page.getByTestId('search-input');
  // The whole keyword is asked once the keys stop (a slow machine may also ask for a part typed before a pause,
  // whose answer is 暂无数据 too): the panel's answer is read after that request.
  const typed = page.waitForResponse((r) => r.url().includes('/api/goods/search') && r.url().includes('keywords=zzzqqq'));
  await input.pressSequentially('zzzqqq', { delay: 30 });
  await typed;
  await expect(page.getByTestId('search-empty')).toHaveText('暂无数据');
  // Typing asks once the keys stop for 500 ms, not once a key (the exact timing is unit-tested with fake timers).
  expect(asked.length).toBeLessThan(3);
  expect(asked.at(-1)).toBe('zzzqqq');
  const before = asked.length;
  await input.press('Escape');
  await expect(page.getByTestId('search-panel')).toHaveCount(0);
  await page.getByTestId('search-clear').click();
  await expect(input).toHaveValue('');
  // A blank keyword asks nothing (the timing of that is unit-tested in suggest.test.ts with fake timers); here
  // the panel stays closed and the next real keyword is the next thing asked.
  await input.fill('   ');
  await expect(page.getByTestId('search-panel')).toHaveCount(0);
  const next = page.waitForRequest((r) => r.url().includes('/api/goods/search') && r.url().includes('keywords=bcsqc'));
  await input.fill('bcsqc');
  await next;
  expect(asked.slice(before)).toEqual(['bcsqc']);
  await input.fill('  板蓝根  ');
  await input.press('Enter');
  await expect(page).toHaveURL(/\/search\?keywords=%E6%9D%BF%E8%93%9D%E6%A0%B9&type=1$/);
  await expect(page.getByTestId('goods-name').first()).toContainText('板蓝根');
  await page.reload();
  await expect(page.getByTestId('search-input')).toHaveValue('板蓝根');
});

test('a blank keyword and Enter search nothing; a keyword with < or > or over 50 characters says why once, where the results would be', async ({ page }) => {
  const refused: string[] = [];
  page.on('response', (r) => {
    if (r.status() === 422) refused.push(r.url());
  });
  await page.goto('/');
  await expect(page.getByTestId('home-page')).toBeVisible();
  const input = page.getByTestId('search-input');
  const steps = await page.evaluate(() => history.length);
  await input.fill('   ');
  await input.press('Enter');
  await expect(input).toHaveValue('');
  await input.fill('amxl');
  await input.press('Enter');
  await expect(page).toHaveURL(/\/search\?keywords=amxl&type=1$/);
  // The results' own goods (the home page's cards may still show while the results page loads; typing into the
  // home page's box then would be lost when the results page takes over).
  const body = page.locator('.yct-list__body');
  await expect(body.getByTestId('goods-name').first()).toContainText('阿莫西林');
  await expect(input).toHaveValue('amxl');
  // One page further: the blank Enter opened none (all goods) before it.
  expect(await page.evaluate(() => history.length)).toBe(steps + 1);

  await input.fill('阿莫西林<胶囊>');
  await expect(page.getByTestId('search-invalid')).toHaveText('关键词不能包含<或>，请修改后重新搜索');
  await shot(page, 'search-invalid-suggest');
  await input.press('Enter');
  await expect(page).toHaveURL(/\/search\?keywords=.+%3C.+&type=1$/);
  await expect(body.getByTestId('empty-state')).toHaveText('关键词不能包含<或>，请修改后重新搜索');
  await expect(body.getByRole('button')).toHaveCount(0);
  // Nothing to filter either: the last list's options are not left above the message.
  await expect(page.getByTestId('goods-filters')).toHaveCount(0);
  await shot(page, 'search-invalid-list');

  // The box holds fifty characters; a longer keyword comes by a link (the panel's message is unit-tested).
  await page.goto(`/search?keywords=${'阿'.repeat(51)}&type=1`);
  await expect(body.getByTestId('empty-state')).toHaveText('关键词最多50个字，请修改后重新搜索');

  // A good keyword after them is asked and found; none of the refused ones was ever sent.
  await input.fill('amxl');
  await input.press('Enter');
  await expect(body.getByTestId('goods-name').first()).toContainText('阿莫西林');
  expect(refused).toEqual([]);
});

test('the search box shows the keyword on the search results only, and keeps it for them', async ({ page }) => {
  await page.goto('/');
  const input = page.getByTestId('search-input');
  await input.fill('amxl');
  await input.press('Enter');
  await expect(page).toHaveURL(/\/search\?keywords=amxl&type=1$/);
  await expect(page.getByTestId('goods-name').first()).toContainText('阿莫西林');
  await expect(input).toHaveValue('amxl');
  await page.getByTestId('view-table').click();
  await expect(page).toHaveURL(/\/search\/table\?keywords=amxl&type=1$/);
  await expect(input).toHaveValue('amxl');
  // A goods of the results and the home page are other pages: the box is empty there.
  await page.getByTestId('goods-name').first().click();
  await expect(page).toHaveURL(/\/list\/info\/\d+$/);
  await expect(page.getByTestId('detail-name')).toBeVisible();
  await expect(input).toHaveValue('');
  await page.goBack();
  await expect(page).toHaveURL(/\/search\/table\?keywords=amxl&type=1$/);
  await expect(input).toHaveValue('amxl');
  await page.getByTestId('site-header').getByRole('link', { name: '首页', exact: true }).click();
  await expect(page.getByTestId('home-page')).toBeVisible();
  await expect(input).toHaveValue('');
  // A list opened afresh starts empty too, while the keyword stays in session storage for the results (spec section 3).
  await page.goto('/list');
  await expect(page.getByTestId('goods-card').first()).toBeVisible();
  await expect(input).toHaveValue('');
  expect(await page.evaluate(() => sessionStorage.getItem('yct_search_keyword'))).toBe('amxl');
});

test('a symptom finds what treats it and a trade name finds its goods: 头痛 lists the 偏头痛 category first, 芬必得 the 布洛芬缓释胶囊 it names', async ({
  page,
}) => {
  await loginByApi(page, 'demo');
  await page.goto('/');
  const input = page.getByTestId('search-input');
  await input.fill('头痛');
  await input.press('Enter');
  await expect(page).toHaveURL(/\/search\?keywords=%E5%A4%B4%E7%97%9B&type=1$/);
  const names = page.getByTestId('goods-name');
  await expect(names.first()).toBeVisible();
  await expect.poll(() => names.count()).toBeGreaterThan(3);
  // The filters offer the categories of what it found: 解热镇痛, which holds 偏头痛.
  await expect(page.getByTestId('goods-filters').getByRole('button', { name: '解热镇痛', exact: true })).toBeVisible();
  await shot(page, 'search-symptom');
  // No name holds 头痛: the first goods is of the 偏头痛 category, and its page says what it treats.
  await names.first().click();
  await expect(page.getByTestId('detail-name')).toBeVisible();
  await expect(page.locator('.yct-breadcrumb')).toContainText('偏头痛');
  await expect(page.locator('.yct-detail__wide dt')).toHaveText('功能主治');
  await expect(page.locator('.yct-detail__wide dd')).not.toBeEmpty();

  await input.fill('芬必得');
  // The suggestions name the goods whose trade name it is.
  await expect(page.getByTestId('search-suggestion').first()).toContainText('布洛芬缓释胶囊');
  await input.press('Enter');
  await expect(names.first()).toContainText('布洛芬缓释胶囊');
  for (const text of await names.allTextContents()) expect(text).toContain('布洛芬缓释胶囊');
  await names.first().click();
  await expect(page.getByTestId('goods-detail')).toContainText('商品名芬必得');
  await expect(page.getByTestId('goods-detail')).toContainText('通用名布洛芬缓释胶囊');
  await shot(page, 'goods-detail-trade-name');
});

test("a guest's 加入购物车 says 请先登录 and, once logged in, comes back to the goods", async ({ page }) => {
  await page.goto('/');
  const card = page
    .getByTestId('goods-card')
    .filter({ has: page.locator('[data-testid="add-to-cart"]:enabled') })
    .first();
  await expect(card).toBeVisible();
  const goodsPath = await card.getByTestId('goods-name').getAttribute('href');
  expect(goodsPath).toMatch(/^\/list\/info\/\d+$/);
  await card.getByTestId('add-to-cart').click();
  await expect(page.getByText('请先登录')).toBeVisible();
  await expect(page).toHaveURL((u) => u.pathname === '/login' && u.searchParams.get('redirect') === goodsPath);
  await page.getByTestId('login-username').fill('demo');
  await page.getByTestId('login-password').fill(DEMO_PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL((u) => u.pathname === goodsPath);
  await expect(page.getByTestId('detail-actions').getByTestId('add-to-cart')).toBeVisible();
  await expect(page.getByTestId('price').first()).toBeVisible();
});

test('a goods not for sale says 暂不销售 in its stock and on its button, in the table, the grid and its detail', async ({ page }) => {
  await loginByApi(page, 'demo');
  const keyword = encodeURIComponent('金银花');
  const found = await api<{ data: { id: number; name: string; is_buy: number; number: number }[] }>(
    page,
    'GET',
    `/api/goods/list?keywords=${keyword}&per_page=40`,
  );
  const off = found.data.find((g) => !g.is_buy && g.number > 0)!;
  expect(off, 'a 金银花 not for sale, with stock').toBeTruthy();
  const sayOff = async (where: string) => {
    const goods = page.locator(where).filter({ has: page.locator(`a[href="/list/info/${off.id}"]`) });
    await expect(goods.getByTestId('goods-stock')).toHaveText(/暂不销售/);
    await expect(goods.getByTestId('add-to-cart')).toHaveText('暂不销售');
    await expect(goods.getByTestId('add-to-cart')).toBeDisabled();
    await expect(goods).not.toContainText('缺货');
  };
  await page.goto(`/search/table?keywords=${keyword}&type=1`);
  await sayOff('[data-testid="goods-row"]');
  await page.goto(`/search?keywords=${keyword}&type=1`);
  await sayOff('[data-testid="goods-card"]');
  await page.goto(`/list/info/${off.id}`);
  await expect(page.getByTestId('detail-stock').getByTestId('goods-stock')).toHaveText('暂不销售');
  await expect(page.getByTestId('detail-actions').getByTestId('add-to-cart')).toHaveText('暂不销售');
});

test('a guest sees 登录可见 instead of prices in lists, table, no-image rows and the zones', async ({ page }) => {
  await page.goto('/list');
  await expect(page.getByTestId('goods-card')).toHaveCount(20);
  await expect(page.getByTestId('price')).toHaveCount(0);
  await expect(page.getByTestId('price-tip').first()).toHaveText('登录可见');
  await shot(page, 'list-grid');
  await page.getByTestId('view-table').click();
  await expect(page).toHaveURL(/\/list\/table$/);
  await expect(page.getByTestId('goods-row').first()).toBeVisible();
  await shot(page, 'list-table');
  await page.getByTestId('view-noimage').click();
  await expect(page.getByTestId('goods-noimage')).toBeVisible();
  await shot(page, 'list-no-image');
  for (const [path, name] of [
    ['/yx', 'zone-free-shipping'],
    ['/zyyp', 'zone-tcm'],
    ['/qxzq', 'zone-devices'],
    ['/jxqzc', 'zone-near-expiry'],
  ]) {
    await page.goto(path);
    await expect(page.getByTestId('goods-card').first()).toBeVisible();
    await shot(page, name);
  }
  await page.goto('/kxzq');
  await expect(page.getByTestId('empty-state')).toBeVisible();
});

test('filters and sorting change the list, and paging moves through it', async ({ page }) => {
  await loginByApi(page, 'demo');
  await page.goto('/list');
  await changeList(
    page,
    () => page.getByTestId('sort-price').click(),
    (q) => q.get('sort') === 'price',
  );
  await expect(page).toHaveURL(/sort=price&order=asc/);
  const prices = await page.getByTestId('price').allTextContents();
  const values = prices.map((p) => Number(p.replace(/[^\d.]/g, '')));
  expect(values).toEqual([...values].sort((a, b) => a - b));
  await page.getByTestId('goods-filters').getByRole('button', { name: '感冒呼吸' }).click();
  await expect(page).toHaveURL(/category=\d+/);
  await expect(page.getByTestId('goods-card').first()).toBeVisible();
  await page.locator('.ant-pagination-item-2').click();
  await expect(page).toHaveURL(/page=2/);
});
