/**
 * 首营资料 in the browser: qa uploads the site's 药品经营许可证 with its number and validity in 质量管理 › 首营资料, an
 * expired quality agreement is flagged on the 工作台, a goods' documents are kept in its drawer; a pharmacy downloads
 * the licence from 账户中心 › 首营资料, sees a goods it has never bought marked 首营 in the cart and on the confirm
 * page, places the order and downloads the order's pack: one zip of the 资料清单, the site's files and the goods'.
 */
import fs from 'node:fs';
import { unzipSync } from 'fflate';
import { expect, test, type APIRequestContext, type Download, type Page } from '@playwright/test';
import { clearCart, consoleLogin, type Envelope, loginByApi, operatorRequest, shot, shotWhole, still, withAccount, XHR } from '../helpers';

const BUYER = 'chain-b';

/** A one-page PDF as a scanner would save it, with its own text. */
const pdf = (text: string) =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 100]>>endobj\n% ${text}\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
  );

async function bytesOf(download: Download) {
  const file = test.info().outputPath(download.suggestedFilename());
  await download.saveAs(file);
  return fs.readFileSync(file);
}

async function uploadAs(qa: APIRequestContext, buffer: Buffer, name: string, mimeType: string) {
  const res = (await (await qa.post('/api/admin/documents/upload', { multipart: { file: { name, mimeType, buffer } } })).json()) as Envelope<{ url: string }>;
  expect(res.code, res.message).toBe(10000);
  return res.data.url;
}

/** The first goods the buyer has never bought that its cart takes; answers its id and name. */
async function neverBought(page: Page, qa: APIRequestContext) {
  const goods = (await (await qa.get('/api/admin/goods?page=1&is_buy=1&is_on_sale=1')).json()) as Envelope<{
    data: { id: number; name: string; zbz: number }[];
  }>;
  const ids = goods.data.data.map((g) => g.id).join(',');
  const first = (await (await page.request.get(`/api/documents/first?ids=${ids}`, { headers: XHR })).json()) as Envelope<{ ids: number[] }>;
  for (const g of goods.data.data.filter((g) => first.data.ids.includes(g.id))) {
    const added = (await (
      await page.request.post('/api/cart', { headers: XHR, data: { params: [{ goods_id: g.id, number: g.zbz }] } })
    ).json()) as Envelope<unknown>;
    if (added.code === 10000) return g;
  }
  throw new Error(`${BUYER} can buy none of the goods it has never bought on the first page`);
}

test('qa keeps the first-business documents, and a pharmacy downloads them and its order’s pack', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const qa = await operatorRequest('qa');

  // 质量管理 › 首营资料: every kind listed, a new site's samples (样本) in place.
  await consoleLogin(page, 'qa');
  await page.getByTestId('admin-menu').getByRole('link', { name: '首营资料' }).click();
  await expect(page).toHaveURL(/\/admin\/documents$/);
  const licence = page.locator('[data-testid="admin-site-doc"][data-kind="drug_licence"]');
  await expect(licence.getByTestId('doc-state')).toHaveText('有效');
  await expect(page.getByTestId('admin-site-doc')).toHaveCount(9);
  await still(page, 'console-documents-samples');

  // The licence renewed: the sample taken out, the form refuses it with no file; then the scan and its new days.
  await licence.getByTestId('site-doc-edit').click();
  const form = page.getByTestId('doc-form');
  await form.getByTestId('doc-number').fill('浙AA5710001');
  await form.getByRole('button', { name: /^移除/ }).click();
  await page.getByTestId('doc-save').click();
  await expect(form).toContainText('请上传资料文件');
  await form.locator('input[type=file]').setInputFiles({ name: '药品经营许可证正副本.pdf', mimeType: 'application/pdf', buffer: pdf('licence') });
  await expect(form.getByTestId('doc-files-item')).toContainText('药品经营许可证正副本.pdf');
  await still(page, 'console-documents-form');
  const days = form.locator('.ant-picker-input input');
  await days.first().fill('2025-03-01');
  await days.first().press('Enter');
  await days.last().fill('2030-02-28');
  await days.last().press('Enter');
  await page.getByTestId('doc-save').click();
  await expect(licence.getByTestId('doc-state')).toHaveText('有效');
  await expect(licence).toContainText('2025-03-01 至 2030-02-28');

  // An agreement that ended is flagged on the 工作台 and in the list.
  const agreement = await uploadAs(qa, pdf('agreement'), '质量保证协议.pdf', 'application/pdf');
  const saved = (await (
    await qa.post('/api/admin/documents/site', {
      data: { kind: 'quality_agreement', number: 'ZLXY-2024-018', valid_from: '2024-01-01', valid_until: '2025-12-31', files: [agreement] },
    })
  ).json()) as Envelope<unknown>;
  expect(saved.code, saved.message).toBe(10000);
  await page.reload();
  await expect(page.getByTestId('site-docs-late')).toContainText('质量保证协议已过期（2025-12-31）');
  await still(page, 'console-documents');
  await page.getByTestId('admin-menu').getByRole('link', { name: '工作台' }).click();
  await expect(page.getByTestId('alert-document-expired-quality_agreement')).toContainText('已于 2025-12-31 过期');
  await still(page, 'console-dashboard-documents');

  await withAccount(BUYER, async () => {
    const shop = await browser.newPage();
    await loginByApi(shop, BUYER);
    await clearCart(shop.request);
    const goods = await neverBought(shop, qa);

    // The goods' registration and package picture, kept from its drawer's page.
    const registration = await uploadAs(qa, pdf('registration'), '注册批件.pdf', 'application/pdf');
    const res = (await (
      await qa.post(`/api/admin/documents/goods/${goods.id}`, {
        data: { kind: 'registration', number: '国药准字H20003263', valid_until: '2030-06-30', files: [registration] },
      })
    ).json()) as Envelope<unknown>;
    expect(res.code, res.message).toBe(10000);
    await page.goto('/admin/documents?tab=goods');
    const row = page.getByTestId('goods-docs-table').locator('tr.ant-table-row').filter({ hasText: goods.name });
    await expect(row).toBeVisible();
    await row.getByTestId('goods-doc-open').click();
    await expect(page.locator('[data-testid="goods-doc"][data-kind="registration"]')).toContainText('国药准字H20003263');
    await still(page, 'console-goods-documents');

    // 账户中心 › 首营资料: the licence to download.
    await shop.goto('/zhzx/syzl');
    const site = shop.locator('[data-testid="site-doc-row"][data-kind="drug_licence"]');
    await expect(site).toContainText('浙AA5710001');
    await expect(site.getByTestId('site-doc-state')).toHaveText('有效');
    const [licenceFile] = await Promise.all([shop.waitForEvent('download'), site.getByTestId('site-doc-file').click()]);
    expect(licenceFile.suggestedFilename()).toBe('药品经营许可证.pdf');
    expect((await bytesOf(licenceFile)).equals(pdf('licence'))).toBe(true);
    await shot(shop, 'account-documents');

    // The goods never bought is 首营 in the cart and on the confirm page.
    await shop.goto('/cart');
    const line = shop.locator(`[data-goods-id="${goods.id}"]`).first();
    await expect(line.getByTestId('line-first')).toHaveText('首营');
    await shot(shop, 'cart-first-business');
    await shop.getByTestId('checkout').click();
    await expect(shop).toHaveURL(/\/cart\/step2/);
    await expect(shop.locator(`[data-testid="confirm-line"][data-goods-id="${goods.id}"]`).getByTestId('confirm-line-first')).toHaveText('首营');
    await expect(shop.getByTestId('confirm-first-note')).toContainText('本单含 1 个首营品种');
    await shotWhole(shop, 'confirm-first-business');
    await shop.getByTestId('submit-order').click();
    await expect(shop).toHaveURL(/\/cart\/step3\//);
    const orderId = Number(new URL(shop.url()).pathname.split('/').pop());

    // The order's pack: the 资料清单, the site's two documents and the goods' registration.
    await shop.goto('/zhzx/syzl');
    const pack = shop.locator(`[data-testid="pack-row"][data-id="${orderId}"]`);
    await expect(pack.getByTestId('pack-first-goods')).toContainText(goods.name);
    await expect(pack.getByTestId('pack-first-goods')).toContainText('注册证/批件');
    await shot(shop, 'account-documents-packs');
    const [zip] = await Promise.all([shop.waitForEvent('download'), pack.getByTestId('pack-download').click()]);
    expect(zip.suggestedFilename()).toMatch(/^首营资料-\d+\.zip$/);
    const entries = unzipSync(new Uint8Array(await bytesOf(zip)));
    const names = Object.keys(entries);
    expect(names).toContain('00 资料清单.pdf');
    expect(names.filter((n) => n.startsWith('本站首营资料/'))).toHaveLength(9);
    expect(names).toContain('本站首营资料/02 药品经营许可证.pdf');
    expect(names).toContain('本站首营资料/05 质量保证协议.pdf');
    expect(names).toContain('本站首营资料/08 质量管理专用章.png');
    expect(names.filter((n) => n.startsWith('首营品种资料/') && n.endsWith('/注册证或批件.pdf'))).toHaveLength(1);

    // The same pack from the order's detail.
    await shop.goto(`/order/info/${orderId}`);
    const [again] = await Promise.all([shop.waitForEvent('download'), shop.getByTestId('order-documents-pack').click()]);
    expect(again.suggestedFilename()).toBe(zip.suggestedFilename());
    await clearCart(shop.request);
    await shop.close();
  });
  await qa.dispose();
});
