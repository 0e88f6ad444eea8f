/**
 * 电子发票 /zzfw/dzfp: a guest is sent to log in; demo adds an invoice title through the form, whose fields say what
 * is wrong before anything is sent, finds the invoice issued when its seeded order completed, reads it line by line
 * and downloads the PDF, and reaches the same invoice from the order's detail page.
 */
import fs from 'node:fs';
import { expect, test, type Download, type Page } from '@playwright/test';
import type { InvoiceDetail, InvoicePage } from '../core/schemas/invoices';
import { api, loginByApi, shot, shotWhole } from './helpers';

/** Saves a download and checks it is a PDF of real size: answers its bytes. */
async function pdfOf(download: Download) {
  expect(download.suggestedFilename()).toMatch(/^电子发票-\d{20}\.pdf$/);
  const file = test.info().outputPath(download.suggestedFilename());
  await download.saveAs(file);
  const bytes = fs.readFileSync(file);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  // A page with an embedded subset of a CJK font: tens of kilobytes, never a stub.
  expect(bytes.length).toBeGreaterThan(20_000);
  return bytes;
}

/** The seeded completed order's blue invoice, as the API lists it to demo. */
async function seededInvoice(page: Page) {
  const list = await api<InvoicePage>(page, 'GET', '/api/invoice?status=1');
  const invoice = list.data.filter((i) => i.kind === 'blue' && i.title?.company === '杭州仁和大药房有限公司').at(-1);
  expect(invoice, 'the seeded completed order has its invoice').toBeTruthy();
  return invoice!;
}

test('a guest opening 电子发票 is sent to log in and brought back', async ({ page }) => {
  for (const path of ['/zzfw/dzfp', '/dzfp']) {
    await page.goto(path);
    await expect(page).toHaveURL((u) => u.pathname === '/login' && u.searchParams.get('redirect') === path);
  }
});

test('demo adds an invoice title, with each mistake pointed out before anything is sent', async ({ page }) => {
  await loginByApi(page, 'demo');
  await page.goto('/zzfw/dzfp');
  await page.getByTestId('invoice-tabs').getByRole('tab', { name: '发票抬头' }).click();
  await expect(page).toHaveURL(/tab=title/);
  const rows = page.getByTestId('title-row');
  await expect(rows.first()).toContainText('杭州仁和大药房有限公司');
  await expect(rows.first().getByTestId('title-default-tag')).toHaveText('默认');
  const before = await rows.count();

  const stamp = String(Date.now()).slice(-6);
  const company = `杭州仁和大药房有限公司城北${stamp}店`;
  await page.getByTestId('title-add').click();
  const form = page.getByTestId('title-form');
  let posts = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/invoice/title') posts++;
  });
  await page.getByTestId('title-save').click();
  await expect(form.getByText('请输入发票抬头')).toBeVisible();
  await expect(form.getByText('请输入税号')).toBeVisible();
  await page.getByTestId('title-company').fill('药房');
  await page.getByTestId('title-tax-no').fill('9133-0105');
  await page.getByTestId('title-bank-account').fill('工商银行<湖墅支行>');
  await page.getByTestId('title-save').click();
  await expect(form.getByText('发票抬头须为4-60个字符，只能包含中文、字母、数字和括号')).toBeVisible();
  await expect(form.getByText('税号须为15-20位数字或大写字母')).toBeVisible();
  await expect(form.getByText('开户行及账号不能包含 < 或 > 字符')).toBeVisible();
  await shot(page, 'invoices-title-errors');
  expect(posts).toBe(0);

  await page.getByTestId('title-company').fill(company);
  // Small letters are read as capitals.
  await page.getByTestId('title-tax-no').fill(`91330105ma2k${stamp}`);
  await page.getByTestId('title-address-phone').fill('浙江省杭州市拱墅区莫干山路1188号 0571-88823456');
  await page.getByTestId('title-bank-account').fill('中国建设银行杭州城北支行 33050161672700001234');
  await page.getByTestId('title-save').click();
  await expect(page.getByText('已添加发票抬头')).toBeVisible();
  await expect(form).toBeHidden();
  expect(posts).toBe(1);
  await expect(rows).toHaveCount(before + 1);
  const added = rows.filter({ hasText: company });
  await expect(added).toContainText(`91330105MA2K${stamp}`);
  await expect(added.getByTestId('title-default-tag')).toHaveCount(0);
  await expect(rows.first()).toContainText('杭州仁和大药房有限公司');
  await shotWhole(page, 'invoices-titles');

  // Tidy: the title goes again, and the default stays.
  await added.getByTestId('title-delete').click();
  await page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /删\s*除/ })
    .click();
  await expect(page.getByText('已删除发票抬头')).toBeVisible();
  await expect(rows).toHaveCount(before);
});

test('demo finds the invoice of its completed order, reads it and downloads the PDF', async ({ page }) => {
  await loginByApi(page, 'demo');
  const invoice = await seededInvoice(page);
  await page.goto('/zzfw/dzfp');
  await expect(page.getByTestId('default-title-note')).toContainText('杭州仁和大药房有限公司');
  const row = page.locator(`[data-testid="invoice-row"][data-id="${invoice.id}"]`);
  await expect(row.getByTestId('invoice-status')).toHaveText('已开票');
  await expect(row.getByTestId('invoice-order')).toHaveText(invoice.order_no);
  await expect(row.getByTestId('invoice-company')).toHaveText('杭州仁和大药房有限公司');
  await expect(row.getByTestId('invoice-no')).toHaveText(invoice.invoice_no);
  await expect(row.getByTestId('invoice-amount')).toContainText(invoice.amount);
  await shotWhole(page, 'invoices-list');

  // The 已开票 tab keeps it; 待开票 has none of demo's (it has a default title).
  await page.getByTestId('invoice-status-tabs').getByRole('tab', { name: '待开票' }).click();
  await expect(page).toHaveURL(/status=0/);
  await expect(page.getByText('暂无该状态的发票')).toBeVisible();
  await page.getByTestId('invoice-status-tabs').getByRole('tab', { name: '已开票' }).click();
  await expect(row).toBeVisible();

  await row.getByTestId('invoice-view').click();
  const detail = page.getByTestId('invoice-detail');
  await expect(detail).toContainText(invoice.invoice_no);
  await expect(detail).toContainText('91330105MA2H7K3X8Q');
  await expect(detail.getByTestId('invoice-words')).toHaveText(/^[零壹贰叁肆伍陆柒捌玖拾佰仟万亿元角分整]+$/);
  await expect(detail.locator('.ant-table-row').first()).toBeVisible();
  // Each line as the invoice prints it, 金额 and 税额 at its rate, and their sums.
  const full = await api<InvoiceDetail>(page, 'GET', `/api/invoice/${invoice.id}`);
  const first = full.lines[0];
  await expect(detail.locator('.ant-table-row').first()).toContainText(first.item_name);
  await expect(detail.locator('.ant-table-row').first()).toContainText(`${first.net_amount}${first.rate}%${first.tax_amount}`);
  const yuan = (a: string) => `¥${Number(a).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
  await expect(detail.getByTestId('invoice-sums')).toContainText(`合计金额 ${yuan(full.net_amount)}`);
  await expect(detail.getByTestId('invoice-sums')).toContainText(`合计税额 ${yuan(full.tax_amount)}`);
  await shot(page, 'invoices-detail');
  const downloading = page.waitForEvent('download');
  await page.getByTestId('invoice-detail-download').click();
  await pdfOf(await downloading);
});

test("demo reaches the invoice from the order's detail page and downloads it there", async ({ page }) => {
  await loginByApi(page, 'demo');
  const invoice = await seededInvoice(page);
  await page.goto(`/order/info/${invoice.order_id}`);
  await page.getByTestId('order-invoice-link').click();
  await expect(page).toHaveURL((u) => u.pathname === '/dzfp' && u.searchParams.get('order_id') === String(invoice.order_id));
  await expect(page.getByTestId('invoice-order-filter')).toContainText(`正在查看订单 ${invoice.order_no} 的发票`);
  const rows = page.getByTestId('invoice-row');
  await expect(rows.first()).toBeVisible();
  for (const order of await rows.getByTestId('invoice-order').allTextContents()) expect(order).toBe(invoice.order_no);
  const row = page.locator(`[data-testid="invoice-row"][data-id="${invoice.id}"]`);
  await shot(page, 'invoices-of-order');
  const downloading = page.waitForEvent('download');
  await row.getByTestId('invoice-download').click();
  await pdfOf(await downloading);

  await page.getByTestId('invoice-order-filter').getByRole('button', { name: '查看全部发票' }).click();
  await expect(page.getByTestId('invoice-order-filter')).toBeHidden();
  await expect(page).toHaveURL((u) => u.pathname === '/dzfp' && !u.searchParams.has('order_id'));
});
