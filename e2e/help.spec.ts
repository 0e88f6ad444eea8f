/**
 * The help centre as a guest browses it: the help home with every group, a help page and the next one, the
 * login-style header on help routes, 行业新闻 paged, a news article with the newer and older ones and the way back
 * to the page it was listed on, a group that opens its first page, and a page that does not exist.
 */
import { expect, test } from '@playwright/test';
import { documentTitle } from '../core/routes';
import { shot } from './helpers';

test('a guest browses the help centre: the home, a help page and the next one, with the slim header', async ({ page }) => {
  await page.goto('/help');
  await expect(page.getByTestId('help-home')).toBeVisible();
  await expect(page).toHaveTitle(documentTitle('帮助中心'));
  await expect(page.getByTestId('login-header')).toBeVisible();
  await expect(page.getByTestId('site-header')).toHaveCount(0);
  const menu = page.getByTestId('help-menu');
  await expect(menu.getByTestId('help-menu-group').locator('h3')).toHaveText(['新手指南', '支付配送', '服务保障', '关于我们', '新闻中心', '常见问题']);
  await expect(page.getByTestId('help-card')).toHaveCount(5);
  await expect(page.getByTestId('help-latest-hyxw').locator('li')).toHaveCount(5);
  await expect(page.getByTestId('help-hot-line')).toHaveText('400-820-3366');
  // The list of help groups is kept in localStorage for the next visit (spec section 3).
  await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('yct_help_category') ?? '{}').data?.length ?? 0)).toBe(6);
  await shot(page, 'help-home');

  await menu.getByRole('link', { name: '会员注册' }).click();
  await expect(page).toHaveURL(/\/help\/xrzn\/hyzc$/);
  await expect(page.getByTestId('help-article-title')).toHaveText('会员注册');
  await expect(page.getByTestId('article-body').locator('h2').first()).toHaveText('第一步：验证手机号，设置账号');
  await expect(page.getByTestId('article-body')).toContainText('采购委托书');
  await expect(menu.locator('.is-active')).toHaveText('会员注册');
  await shot(page, 'help-article');

  await page.getByTestId('help-next').click();
  await expect(page).toHaveURL(/\/help\/xrzn\/gwzn$/);
  await expect(page.getByTestId('help-article-title')).toHaveText('购物指南');
  await expect(page.getByTestId('help-prev')).toHaveText('会员注册');

  await page.goto('/help/zfps/ypth');
  await expect(page).toHaveTitle(documentTitle('药品退货'));
  await expect(page.getByTestId('article-body')).toContainText('签收后 7 天内');
  await page.goto('/help/fwbz/wzzz');
  await expect(page.getByTestId('article-body').locator('table td').first()).toHaveText('药品经营许可证（批发）');
  await shot(page, 'help-qualifications');
});

test('a guest pages through 行业新闻 and reads an article with the newer and older ones, then goes back to its page', async ({ page }) => {
  await page.goto('/help');
  await page.getByTestId('help-menu').getByRole('link', { name: '行业新闻' }).click();
  await expect(page).toHaveURL(/\/help\/xwzx\/hyxw$/);
  const items = page.getByTestId('news-item');
  await expect(items).toHaveCount(10);
  await expect(page.getByTestId('news-pager')).toContainText('共 12 条');
  await shot(page, 'help-news-list');

  await page.getByTestId('news-pager').getByTitle('2').click();
  await expect(page).toHaveURL(/\/help\/xwzx\/hyxw\?page=2$/);
  await expect(items).toHaveCount(2);
  const title = (await items.first().getByTestId('news-title').textContent())!;
  await items.first().getByTestId('news-title').click();
  await expect(page).toHaveURL(/\/help_news_info\/\d+\/hyxw\?page=2$/);
  await expect(page.getByTestId('help-article-title')).toHaveText(title);
  await expect(page.getByTestId('help-prev')).toBeVisible();
  await expect(page.getByTestId('help-next')).toBeVisible();
  await expect(page.getByTestId('help-menu').locator('.is-active')).toHaveText('行业新闻');
  await shot(page, 'help-news-detail');

  // 上一篇 is the newer article: the last of page 1.
  const newer = (await page.getByTestId('help-prev').textContent())!;
  await page.getByTestId('help-prev').click();
  await expect(page.getByTestId('help-article-title')).toHaveText(newer);
  await expect(page.getByTestId('help-next')).toHaveText(title);

  await page.goBack();
  await page.getByTestId('help-back-to-list').click();
  await expect(page).toHaveURL(/\/help\/xwzx\/hyxw\?page=2$/);
  await expect(items.first().getByTestId('news-title')).toHaveText(title);
});

test('a group opens its first page, an article is titled by itself, /help/xrzn/hyzc?id=66 opens 会员注册, a notice opens under 平台公告, and a page that does not exist says so', async ({
  page,
}) => {
  await page.goto('/help/cjwt');
  await expect(page).toHaveURL(/\/help\/cjwt\/zhzz$/);
  await expect(page.getByTestId('help-article-title')).toHaveText('账号与资质');
  // A page of the generic route is titled by its article, in the tab and in the slim header.
  await expect(page).toHaveTitle(documentTitle('账号与资质'));
  await expect(page.getByTestId('login-header')).toContainText('账号与资质');
  await expect(page.getByTestId('article-body').locator('h3').first()).toHaveText('注册时收不到短信验证码怎么办？');
  await shot(page, 'help-faq');
  // A link inside an article moves within the app: the page is not loaded again.
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  await page.getByTestId('article-body').getByRole('link', { name: '会员注册' }).click();
  await expect(page).toHaveURL(/\/help\/xrzn\/hyzc$/);
  await expect(page.getByTestId('help-article-title')).toHaveText('会员注册');
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);

  // The link the specification names: its path names the page, whatever the old site's `?id=` says.
  await page.goto('/help/xrzn/hyzc?id=66');
  await expect(page.getByTestId('help-article-title')).toHaveText('会员注册');
  await expect(page.getByTestId('help-menu').locator('.is-active')).toHaveText('会员注册');
  await expect(page).toHaveTitle(documentTitle('会员注册'));
  await shot(page, 'help-article-old-id');
  // A group with `?id=` opens that article.
  const gwzn = (await (await page.request.get('/api/post/postDetail?type=xrzn&id=gwzn')).json()).data.id as number;
  await page.goto(`/help/xrzn?id=${gwzn}`);
  await expect(page.getByTestId('help-article-title')).toHaveText('购物指南');

  await page.goto('/');
  const notice = page.getByTestId('broadcast').locator('a').first();
  const text = (await notice.textContent())!;
  await notice.click();
  await expect(page).toHaveURL(/\/help_news_info\/\d+\/notice$/);
  await expect(page.getByTestId('help-article-title')).toHaveText(text);
  await expect(page.getByTestId('help-menu').locator('.is-active')).toHaveText('平台公告');

  await page.goto('/help/xrzn/nope');
  await expect(page.getByTestId('empty-state')).toHaveText('该帮助文章不存在或已下架');
  await page.goto('/help/nope');
  await expect(page.getByTestId('empty-state')).toHaveText('该帮助分类不存在');
  await page.goto('/help_news_info/999999/hyxw');
  await expect(page.getByTestId('empty-state')).toHaveText('该资讯不存在或已下架');
});
