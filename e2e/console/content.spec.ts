/**
 * 内容管理 in the browser, as the content operator (ops) uses it and buyers see the result: the hot line changed in
 * 站点设置 shows in the storefront's header and footer at once; an article written in the rich-text editor, with a
 * script and an onerror typed into it and another sent as raw HTML, reads on the storefront as text with nothing
 * run; a hot search renamed shows under the search box; and the ads and the nav as the console lists them.
 */
import { expect, test, type Page } from '@playwright/test';
import type { AdminArticleCategory, AdminArticleDetail } from '../../core/schemas/admin-content';
import { consoleSession, type Envelope, operatorRequest, shot } from '../helpers';

/** Fails the test if the page runs anything the article tried to smuggle in. */
function watchForScripts(page: Page) {
  page.on('dialog', (d) => {
    throw new Error(`a dialog opened: ${d.message()}`);
  });
}
/** A dialog done with its opening animation, for its picture. */
const settled = (page: Page) => expect(page.locator('.ant-modal').last()).not.toHaveClass(/ant-zoom/);
const smuggled = (page: Page) => page.evaluate(() => (window as unknown as { __xss?: number }).__xss ?? null);

test('ops changes the hot line in 站点设置 and the storefront header and footer show it at once', async ({ page }) => {
  await consoleSession(page, 'ops', '/admin/site-settings');
  const form = page.getByTestId('site-settings-form');
  const hotLine = page.getByTestId('site-hot-line');
  await expect(hotLine).toHaveValue('400-820-3366');
  await expect(page.getByTestId('site-licence-name')).toHaveCount(4);
  await shot(page, 'console-site-settings');

  // The server's rule is checked in the form first.
  await hotLine.fill('拨打4008203366');
  await page.getByTestId('site-settings-save').click();
  await expect(form.getByText('投诉热线只能包含数字、空格、括号、+ 和 -')).toBeVisible();

  await hotLine.fill('400-612-7788');
  await expect(page.getByTestId('site-settings-preview')).toContainText('投诉热线：400-612-7788');
  await page.getByTestId('site-settings-save').click();
  await expect(page.getByText('站点设置已保存，前台页面即时生效')).toBeVisible();

  const shop = await page.context().newPage();
  await shop.goto('/');
  await expect(shop.getByTestId('site-header').getByText('投诉热线：400-612-7788')).toBeVisible();
  await expect(shop.getByTestId('footer').getByText('客服热线：400-612-7788')).toBeVisible();
  await shop.close();

  // Back as it was, for the other journeys.
  await hotLine.fill('400-820-3366');
  const restored = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/admin/site-settings');
  await page.getByTestId('site-settings-save').click();
  expect(((await (await restored).json()) as Envelope<{ hot_line: string }>).data.hot_line).toBe('400-820-3366');
});

test('ops writes a news article in the editor; a script typed in or sent as HTML reads as text and never runs', async ({ page }) => {
  test.setTimeout(150_000);
  const title = `华东仓盘点通知${Date.now() % 100000}`;
  await consoleSession(page, 'ops', '/admin/articles');
  const table = page.getByTestId('articles-table');
  await expect(table.locator('tr.ant-table-row').first()).toBeVisible();
  await shot(page, 'console-articles');

  await page.getByTestId('article-categories').getByText('公司新闻', { exact: true }).click();
  await expect(page).toHaveURL(/category_id=\d+/);
  await expect(table.locator('tr.ant-table-row').first()).toContainText('新闻中心 › 公司新闻');
  await page.getByTestId('article-new').click();
  await expect(page.getByTestId('article-category-select')).toContainText('新闻中心 › 公司新闻');
  await page.getByTestId('article-title').fill(title);

  // The body, typed as an operator would, with a heading, bold text, a list, a link and two attempts at running code.
  const body = page.getByTestId('rte-content').locator('.ProseMirror');
  await expect(body).toBeVisible();
  await body.click();
  await page.keyboard.type('盘点安排');
  await page.getByTestId('rte-block').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '标题 2' }).click();
  await expect(body.locator('h2')).toHaveText('盘点安排');
  await body.locator('h2').click();
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('盘点期间');
  await page.getByTestId('rte-bold').click();
  await page.keyboard.type('暂停发货');
  await page.getByTestId('rte-bold').click();
  await page.keyboard.type('，请提前备货。');
  await page.keyboard.press('Enter');
  await page.getByTestId('rte-bullet').click();
  await page.keyboard.type('<script>window.__xss=1</script>');
  await page.keyboard.press('Enter');
  await page.keyboard.type('<img src=x onerror="window.__xss=2">');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.keyboard.type('详见');
  await page.getByTestId('rte-link').click();
  await page.getByTestId('rte-link-href').fill('javascript:alert(1)');
  await page
    .getByRole('dialog', { name: '插入链接' })
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(page.getByText('须为站内路径（以 / 开头）或 https:// 地址')).toBeVisible();
  await page.getByTestId('rte-link-href').fill('/help/zfps/hwps');
  await page
    .getByRole('dialog', { name: '插入链接' })
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(body.locator('a[href="/help/zfps/hwps"]')).toHaveText('/help/zfps/hwps');
  await expect(body.locator('strong')).toHaveText('暂停发货');
  await expect(body.locator('li')).toHaveCount(2);
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, 'console-article-editor');

  await page.getByTestId('article-save').click();
  await expect(page.getByText(`已发布：${title}`)).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/articles\/\d+$/);
  const view = page.getByTestId('article-view');
  const url = (await view.getAttribute('href'))!;
  expect(url).toMatch(/^\/help_news_info\/\d+\/gsxw$/);

  // A buyer's page shows the typed code as text: no script element, no handler, nothing run.
  const shop = await page.context().newPage();
  watchForScripts(shop);
  await shop.goto(url);
  const article = shop.getByTestId('article-body');
  await expect(article.locator('h2')).toHaveText('盘点安排');
  await expect(article.locator('strong')).toHaveText('暂停发货');
  await expect(article.locator('li').nth(0)).toHaveText('<script>window.__xss=1</script>');
  await expect(article.locator('li').nth(1)).toHaveText('<img src=x onerror="window.__xss=2">');
  await expect(article.locator('a[href="/help/zfps/hwps"]')).toBeVisible();
  await expect(article.locator('script, img, [onerror]')).toHaveCount(0);
  expect(await smuggled(shop)).toBeNull();
  await shot(shop, 'storefront-article-from-editor');

  // The same attempt sent straight to the API as HTML is kept through the sanitizer.
  const ops = await operatorRequest('ops');
  const cats = ((await (await ops.get('/api/admin/article-categories')).json()) as Envelope<AdminArticleCategory[]>).data;
  const gsxw = cats.find((c) => c.code === 'gsxw')!;
  const sent = (await (
    await ops.post('/api/admin/articles', {
      data: {
        category_id: gsxw.id,
        title: `${title}（接口）`,
        content:
          '<p>系统升级期间暂停下单。</p><img src="/no-such-picture.png" onerror="window.__xss=3"><script>window.__xss=4</script><p><a href="javascript:window.__xss=5">查看详情</a></p><iframe src="https://evil.example"></iframe>',
      },
    })
  ).json()) as Envelope<AdminArticleDetail>;
  expect(sent.code).toBe(10000);
  expect(sent.data.content).not.toMatch(/script|onerror|javascript|iframe/);
  await shop.goto(sent.data.url);
  await expect(article).toContainText('系统升级期间暂停下单。');
  await expect(article.locator('img')).toHaveCount(1);
  await expect(article.locator('[onerror], script, iframe')).toHaveCount(0);
  await article.getByText('查看详情').click();
  expect(await smuggled(shop)).toBeNull();
  await shop.close();

  // Both are deleted from the list, after the question.
  await page.goto('/admin/articles');
  await page.getByTestId('articles-keyword').fill(title);
  await page
    .getByTestId('articles-filters')
    .getByRole('button', { name: /查\s*询/ })
    .click();
  await expect(table.locator('tr.ant-table-row')).toHaveCount(2);
  for (let left = 2; left > 0; left--) {
    await table.locator('tr.ant-table-row').first().getByTestId('article-delete').click();
    await page
      .locator('.ant-popconfirm:visible')
      .getByRole('button', { name: /删\s*除/ })
      .click();
    await expect(table.locator('tr.ant-table-row')).toHaveCount(left - 1);
  }
  await ops.dispose();
});

test('ops renames a hot search and the storefront shows it under the search box', async ({ page }) => {
  await consoleSession(page, 'ops', '/admin/hot-searches');
  const first = page.getByTestId('hot-searches-table').locator('tr.ant-table-row').first();
  await expect(first.getByTestId('hot-search-row-name')).toHaveText('阿莫西林');
  await shot(page, 'console-hot-searches');

  const rename = async (name: string) => {
    await first.getByTestId('hot-search-edit').click();
    await page.getByTestId('hot-search-name').fill(name);
    await page.getByTestId('hot-search-save').click();
    await expect(page.getByText(`已保存热搜词：${name}`, { exact: true })).toBeVisible();
    await expect(first.getByTestId('hot-search-row-name')).toHaveText(name);
  };
  await rename('阿莫西林胶囊');

  const shop = await page.context().newPage();
  await shop.goto('/');
  const hot = shop.getByTestId('site-header').getByRole('link', { name: '阿莫西林胶囊' });
  await expect(hot).toHaveAttribute('href', `/search?keywords=${encodeURIComponent('阿莫西林胶囊')}`);
  await shop.close();

  await rename('阿莫西林');
});

test('ops finds the banners by position and the nav with its children', async ({ page }) => {
  await consoleSession(page, 'ops', '/admin/ads');
  const ads = page.getByTestId('ads-table');
  await expect(ads.locator('tr.ant-table-row').first()).toBeVisible();
  await page.getByTestId('ads-position').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '首页活动入口' }).click();
  await page
    .getByTestId('ads-filters')
    .getByRole('button', { name: /查\s*询/ })
    .click();
  await expect(page).toHaveURL(/position=tile/);
  await expect(ads.locator('tr.ant-table-row')).toHaveCount(6);
  await expect(ads.locator('tr.ant-table-row').first()).toContainText('125');
  await shot(page, 'console-ads');

  await ads.locator('tr.ant-table-row').first().getByTestId('ad-edit').click();
  await expect(page.getByTestId('ad-banner-id')).toHaveValue('125');
  await page.getByTestId('ad-url').fill('javascript:alert(1)');
  await page.getByTestId('ad-save').click();
  await expect(page.getByTestId('ad-form').getByText('链接地址须为站内路径（以 / 开头）、http(s) 地址，或 *#提示文字')).toBeVisible();
  await settled(page);
  await shot(page, 'console-ad-form');
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /取\s*消/ })
    .click();

  await page.goto('/admin/nav');
  const nav = page.getByTestId('nav-table');
  await expect(nav.getByTestId('nav-row-name').filter({ hasText: '活动中心' })).toBeVisible();
  await expect(nav.getByTestId('nav-row-name').filter({ hasText: '满返活动' })).toBeVisible();
  await shot(page, 'console-nav');
  await nav.locator('tr', { hasText: '活动中心' }).first().getByTestId('nav-add-child').click();
  await expect(page.getByTestId('nav-parent')).toContainText('活动中心 的子菜单');
  await settled(page);
  await shot(page, 'console-nav-form');
});
