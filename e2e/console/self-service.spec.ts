/**
 * 客服与求购 in the browser: a buyer files a variety request and feedback with a picture; the service desk finds
 * them in the console, lists the request as 已上架 with goods picked from the catalogue, replies to the feedback and
 * closes it; the buyer reads each answer on its own pages and in 我的消息. An operator without `service:reply` does
 * not see the area.
 */
import { expect, test, type Page } from '@playwright/test';
import { consoleLogin, loginByApi, shot, shotWhole } from '../helpers';

/** A picture of a cracked bottle cap, drawn by the page's own canvas. */
async function capPhoto(page: Page): Promise<Buffer> {
  const data = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 200;
    canvas.height = 200;
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#f3f6f9';
    g.fillRect(0, 0, 200, 200);
    g.fillStyle = '#8c5a2b';
    g.fillRect(70, 40, 60, 130);
    g.fillStyle = '#d4380d';
    g.fillRect(64, 24, 72, 22);
    g.strokeStyle = '#000';
    g.lineWidth = 3;
    g.beginPath();
    g.moveTo(80, 24);
    g.lineTo(95, 46);
    g.lineTo(88, 60);
    g.stroke();
    return canvas.toDataURL('image/png').split(',')[1];
  });
  return Buffer.from(data, 'base64');
}

test('the service desk lists a variety request with its goods and answers feedback; the buyer reads both', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const stamp = Date.now() % 100000;
  const asked = `阿莫西林胶囊（求购${stamp}）`;

  // The buyer files a request through the form.
  const buyerContext = await browser.newContext();
  const shop = await buyerContext.newPage();
  await loginByApi(shop, 'chain');
  await shop.goto('/zzfw/pzqg/add');
  await shop.getByTestId('buy-name').fill(asked);
  await shop.getByTestId('buy-sccj').fill('石药集团欧意药业有限公司');
  await shop.getByTestId('buy-ypgg').fill('0.5g*20粒');
  await shop.getByPlaceholder('数量', { exact: true }).fill('200');
  await shop.getByTestId('buy-submit').click();
  await expect(shop).toHaveURL(/\/zzfw\/pzqg\/info\/\d+$/);
  const detailUrl = shop.url();
  await expect(shop.getByTestId('buy-detail-status')).toHaveText('待处理');

  // The service desk finds it among the waiting ones and lists it with goods of the catalogue.
  await consoleLogin(page, 'service');
  const menu = page.getByTestId('admin-menu');
  await expect(menu).toContainText('客服与求购');
  await menu.getByRole('link', { name: '品种求购' }).click();
  await expect(page).toHaveURL(/\/admin\/buy-requests$/);
  const table = page.getByTestId('buy-requests-table');
  await expect(table.locator('tr.ant-table-row').first()).toBeVisible();
  await shot(page, 'console-buy-requests');
  await page.getByTestId('buy-requests-keyword').fill(String(stamp));
  await page.getByTestId('buy-requests-status').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '待处理' }).click();
  await page
    .getByTestId('buy-requests-filters')
    .getByRole('button', { name: /查\s*询/ })
    .click();
  const row = table.locator('tr.ant-table-row', { hasText: asked });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('浙江康泰连锁药业有限公司');
  await expect(row.getByTestId('buy-request-row-status')).toHaveText('待处理');
  await row.getByTestId('buy-request-reply').click();

  const form = page.getByTestId('buy-reply-form');
  await form.getByText('已上架', { exact: true }).click();
  await page.getByTestId('buy-reply-save').click();
  await expect(form.getByText('请选择已上架的商品')).toBeVisible();
  await expect(form.getByText('请输入回复内容')).toBeVisible();
  const goodsSelect = page.getByTestId('buy-reply-goods');
  await goodsSelect.click();
  await goodsSelect.locator('input').fill('阿莫西林胶囊');
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '阿莫西林胶囊' }).first();
  const goodsLabel = (await option.textContent())!.trim();
  await option.click();
  await expect(goodsSelect).toContainText(goodsLabel);
  await form.getByRole('button', { name: /已为您引进该品种并上架/ }).click();
  await expect(form.locator('textarea')).toHaveValue(/已为您引进该品种并上架/);
  await expect(form.getByText('请输入回复内容')).toBeHidden();
  await shot(page, 'console-buy-reply');
  await page.getByTestId('buy-reply-save').click();
  await expect(page.getByText(`已回复：${asked}（浙江康泰连锁药业有限公司），买家将收到站内消息`)).toBeVisible();
  await page
    .getByTestId('buy-requests-filters')
    .getByRole('button', { name: /重\s*置/ })
    .click();
  const answered = table.locator('tr.ant-table-row', { hasText: asked });
  await expect(answered.getByTestId('buy-request-row-status')).toHaveText('已上架');
  await expect(answered.getByTestId('buy-request-row-reply')).toContainText('已为您引进该品种并上架');
  await expect(answered).toContainText('刘芳（service）');
  await shot(page, 'console-buy-requests-answered');

  // The buyer reads the answer with the way to the goods, and the message.
  await shop.goto(detailUrl);
  await expect(shop.getByTestId('buy-detail-status')).toHaveText('已上架');
  await expect(shop.getByTestId('buy-reply-text')).toContainText('已为您引进该品种并上架');
  await expect(shop.getByTestId('buy-listed')).toContainText('阿莫西林胶囊');
  await shotWhole(shop, 'self-service-buy-detail-answered');
  await shop.getByTestId('buy-listed-link').click();
  await expect(shop).toHaveURL(/\/list\/info\/\d+$/);
  await expect(shop.getByTestId('detail-name')).toContainText('阿莫西林胶囊');
  await shop.goto('/zhzx/wdxx');
  await expect(shop.getByText(`品种求购已上架：${asked}`)).toBeVisible();

  // Feedback with a picture: replied to, then closed.
  const content = `到货的阿莫西林胶囊有两盒瓶盖开裂，请核实处理（${stamp}）。`;
  await shop.goto('/zzfw/yjfk');
  await shop.getByTestId('feedback-type').getByText('商品', { exact: true }).click();
  await shop.getByTestId('feedback-content').fill(content);
  await shop
    .getByTestId('feedback-images')
    .locator('input[type=file]')
    .setInputFiles({ name: '瓶盖.png', mimeType: 'image/png', buffer: await capPhoto(shop) });
  await expect(shop.getByTestId('feedback-images')).toContainText('已上传 1 张');
  await shop.getByTestId('feedback-submit').click();
  await expect(shop.getByTestId('feedback-item').first()).toContainText(content);

  await menu.getByRole('link', { name: '意见反馈' }).click();
  await expect(page).toHaveURL(/\/admin\/feedback$/);
  const fbRow = page.getByTestId('feedback-table').locator('tr.ant-table-row', { hasText: content });
  await expect(fbRow.getByTestId('feedback-row-status')).toHaveText('待处理');
  const thumb = fbRow.getByTestId('feedback-row-pictures').locator('img');
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(200);
  await shot(page, 'console-feedback');
  await fbRow.getByTestId('feedback-reply').click();
  await page.getByTestId('feedback-answer-save').click();
  await expect(page.getByTestId('feedback-answer-form').getByText('请输入回复内容')).toBeVisible();
  const reply = '您好，已核实为运输挤压所致，两盒已为您安排补发，请注意查收。';
  await page.getByTestId('feedback-answer-text').fill(reply);
  await expect(page.getByTestId('feedback-answer-form').getByText('请输入回复内容')).toBeHidden();
  await shot(page, 'console-feedback-reply');
  await page.getByTestId('feedback-answer-save').click();
  await expect(page.getByText('已回复：浙江康泰连锁药业有限公司 的反馈，买家将收到站内消息')).toBeVisible();
  await expect(fbRow.getByTestId('feedback-row-status')).toHaveText('已回复');

  await shop.reload();
  const mine = shop.getByTestId('feedback-item').filter({ hasText: content });
  await expect(mine.getByTestId('feedback-status')).toHaveText('已回复');
  await expect(mine.getByTestId('feedback-reply')).toContainText(reply);
  await shotWhole(shop, 'self-service-feedback-replied');

  await fbRow.getByTestId('feedback-close').click();
  await page.getByTestId('feedback-answer-text').fill('补发已签收，问题已解决。');
  await page.getByTestId('feedback-answer-save').click();
  await expect(fbRow.getByTestId('feedback-row-status')).toHaveText('已关闭');
  await expect(fbRow.getByTestId('feedback-close')).toHaveCount(0);
  await shop.reload();
  await expect(mine.getByTestId('feedback-status')).toHaveText('已关闭');
  await expect(mine.getByTestId('feedback-reply')).toContainText('补发已签收，问题已解决。');
  await shop.goto('/zhzx/wdxx');
  await expect(shop.getByText('意见反馈已处理完毕').first()).toBeVisible();
  await buyerContext.close();
});

test('an operator without service:reply does not see 客服与求购 and is refused the page', async ({ page }) => {
  await consoleLogin(page, 'warehouse');
  await expect(page.getByTestId('admin-menu')).toContainText('订单管理');
  await expect(page.getByTestId('admin-menu')).not.toContainText('客服与求购');
  await page.goto('/admin/buy-requests');
  await expect(page.getByTestId('admin-forbidden')).toBeVisible();
});
