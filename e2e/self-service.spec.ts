/**
 * 品种求购 /zzfw/pzqg and 意见反馈 /zzfw/yjfk: a guest is sent to log in; demo reads its requests (one answered, one
 * listed with the way to its goods), files a new one through the form, whose fields say what is wrong before anything
 * is sent, and reads it waiting for an answer; demo sends feedback with a picture and finds it at the top of its list.
 */
import { expect, test, type Page } from '@playwright/test';
import type { BuyRequestPage } from '../core/schemas/self-service';
import { api, loginByApi, shotWhole } from './helpers';

/** A real picture to upload: a parcel with a torn corner, drawn by the page's own canvas. */
async function parcelPhoto(page: Page): Promise<Buffer> {
  const data = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 240;
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#e8edf2';
    g.fillRect(0, 0, 320, 240);
    g.fillStyle = '#c8a26b';
    g.fillRect(50, 50, 220, 150);
    g.fillStyle = '#a57e46';
    g.beginPath();
    g.moveTo(230, 50);
    g.lineTo(270, 50);
    g.lineTo(270, 100);
    g.closePath();
    g.fill();
    g.fillStyle = '#fff';
    g.font = 'bold 22px sans-serif';
    g.fillText('外箱破损', 110, 135);
    return canvas.toDataURL('image/png').split(',')[1];
  });
  return Buffer.from(data, 'base64');
}

test('a guest opening 品种求购 or 意见反馈 is sent to log in and brought back', async ({ page }) => {
  for (const path of ['/zzfw/pzqg', '/zzfw/pzqg/add', '/zzfw/yjfk']) {
    await page.goto(path);
    await expect(page).toHaveURL((u) => u.pathname === '/login' && u.searchParams.get('redirect') === path);
  }
});

test('demo reads its requests and their replies, and files a new one through the form', async ({ page }) => {
  test.setTimeout(90_000);
  await loginByApi(page, 'demo');
  await page.goto('/pzqg');
  const rows = page.getByTestId('buy-row');
  await expect(rows.first()).toBeVisible();
  const answered = rows.filter({ hasText: '甲钴胺片' });
  await expect(answered.getByTestId('buy-row-status')).toHaveText('已回复');
  await expect(answered.getByTestId('buy-row-reply')).toContainText('预计下月中旬到货');
  await expect(page.getByTestId('account-menu').locator('[data-key="pzqg"]')).toHaveAttribute('aria-current', 'page');
  await shotWhole(page, 'self-service-buy-list');

  // The listed one leads to its goods.
  const listed = rows.filter({ has: page.getByTestId('buy-row-goods') }).first();
  await listed.getByRole('link', { name: '查看详情' }).click();
  await expect(page.getByTestId('buy-detail-status')).toHaveText('已上架');
  await expect(page.getByTestId('buy-listed')).toBeVisible();
  await shotWhole(page, 'self-service-buy-detail-listed');
  const goodsName = (await page.getByTestId('buy-listed').locator('b').textContent())!;
  await page.getByTestId('buy-listed-link').click();
  await expect(page).toHaveURL(/\/list\/info\/\d+$/);
  await expect(page.getByTestId('detail-name')).toContainText(goodsName);

  // The form: each field says what is wrong as it is left, and nothing is sent while one does.
  await page.goto('/zzfw/pzqg');
  await page.getByTestId('buy-add').click();
  await expect(page).toHaveURL(/\/zzfw\/pzqg\/add$/);
  // The contact is filled in from the account.
  await expect(page.getByTestId('buy-contact')).toHaveValue(/\S/);
  let posted = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/user/buy') posted++;
  });
  const form = page.getByTestId('buy-form');
  await page.getByTestId('buy-contact').fill('王');
  await page.getByTestId('buy-phone').fill('0571-888');
  await page.getByTestId('buy-price').fill('12.345');
  await page.getByTestId('buy-name').click();
  await page.getByTestId('buy-submit').click();
  await expect(form.getByText('请输入药品名称')).toBeVisible();
  await expect(form.getByText('请输入求购数量')).toBeVisible();
  await expect(form.getByText('联系人须为2-20个中文或英文字符')).toBeVisible();
  await expect(form.getByText('请输入正确的联系电话（手机号或区号-座机号）')).toBeVisible();
  await expect(form.getByText('期望价格须为金额（元），最多两位小数')).toBeVisible();
  await shotWhole(page, 'self-service-buy-form-errors');
  expect(posted).toBe(0);

  const name = `达比加群酯胶囊${Date.now() % 10000}`;
  await page.getByTestId('buy-name').fill(name);
  await page.getByTestId('buy-sccj').fill('勃林格殷格翰药业有限公司');
  await page.getByTestId('buy-ypgg').fill('110mg*10粒');
  await page.getByPlaceholder('数量', { exact: true }).fill('30');
  await page.getByTestId('buy-price').fill('128.5');
  await page.getByTestId('buy-contact').fill('王丽华');
  await page.getByTestId('buy-phone').fill('0571-88886666');
  await page.getByTestId('buy-remark').fill('心内科处方外流，月需求稳定');
  await expect(page.getByTestId('buy-price')).toHaveValue('128.5');
  // The five messages shown above are gone, each once its field was filled in right.
  await expect(form.locator('.ant-form-item-explain-error')).toHaveCount(0);
  await shotWhole(page, 'self-service-buy-form');
  await page.getByTestId('buy-submit').click();

  await expect(page).toHaveURL(/\/zzfw\/pzqg\/info\/\d+$/);
  const detail = page.getByTestId('buy-detail');
  await expect(detail.getByTestId('buy-detail-status')).toHaveText('待处理');
  await expect(detail).toContainText(name);
  await expect(detail).toContainText('¥128.50 / 盒');
  await expect(page.getByTestId('buy-reply')).toContainText('等待回复');
  expect(posted).toBe(1);
  await shotWhole(page, 'self-service-buy-detail-waiting');

  await page.getByRole('link', { name: '‹ 返回求购列表' }).click();
  await expect(rows.first()).toContainText(name);
  await expect(rows.first().getByTestId('buy-row-status')).toHaveText('待处理');
  const list = await api<BuyRequestPage>(page, 'GET', '/api/user/buy');
  expect(list.data[0]).toMatchObject({ name, number: 30, expected_price: '128.50', status: 0 });
  await page
    .getByTestId('buy-tabs')
    .getByRole('tab', { name: /待处理/ })
    .click();
  await expect(page).toHaveURL(/status=0/);
  await expect(rows.getByTestId('buy-row-status')).toHaveText(Array(list.counts.pending).fill('待处理'));
});

test('demo sends feedback with a picture and finds it at the top of its feedback, under the form', async ({ page }) => {
  test.setTimeout(90_000);
  await loginByApi(page, 'demo');
  await page.goto('/yjfk');
  const items = page.getByTestId('feedback-item');
  await expect(items.first()).toBeVisible();
  await expect(items.filter({ hasText: '少收了一件板蓝根颗粒' }).getByTestId('feedback-reply')).toContainText('SF1402268801533');
  await shotWhole(page, 'self-service-feedback');

  await page.getByTestId('feedback-type').getByText('物流').click();
  await page.getByTestId('feedback-content').fill('破损');
  await page.getByTestId('feedback-submit').click();
  await expect(page.getByTestId('feedback-form').getByText('反馈内容至少5个字')).toBeVisible();

  const content = `今天到货的一箱复方丹参滴丸外箱破损，有3瓶瓶盖开裂（${Date.now() % 10000}）。`;
  await page.getByTestId('feedback-content').fill(content);
  await page
    .getByTestId('feedback-images')
    .locator('input[type=file]')
    .setInputFiles({ name: '外箱.png', mimeType: 'image/png', buffer: await parcelPhoto(page) });
  await expect(page.getByTestId('feedback-images')).toContainText('已上传 1 张');
  await page.getByTestId('feedback-contact').fill('13800000001');
  await shotWhole(page, 'self-service-feedback-form');
  await page.getByTestId('feedback-submit').click();

  await expect(page.getByText('感谢您的反馈，我们会尽快处理并回复')).toBeVisible();
  const mine = items.first();
  await expect(mine).toContainText(content);
  await expect(mine).toContainText('物流');
  await expect(mine.getByTestId('feedback-status')).toHaveText('待处理');
  const picture = mine.getByTestId('feedback-pictures').locator('img');
  await expect(picture).toHaveCount(1);
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
  // The form is empty again for the next one.
  await expect(page.getByTestId('feedback-content')).toHaveValue('');
  await expect(page.getByTestId('feedback-images')).toContainText('已上传 0 张');
  await shotWhole(page, 'self-service-feedback-sent');
});
