/**
 * 财务 › 电子发票 in the browser: finance finds demo's invoice by order and buyer, reverses it with a reason (a red
 * invoice appears and the blue one reads 已红冲), issues the order again from the list of paid orders with no invoice
 * in force, and downloads the new invoice and the red one as PDFs; keeps the seller and the rates in 开票设置. An
 * operator without `finance:invoice` does not see the page.
 */
import fs from 'node:fs';
import { expect, test, type Download, type Page } from '@playwright/test';
import type { AdminInvoicePage, InvoiceSettings } from '../../core/schemas/invoices';
import { consoleLogin, consoleSession, type Envelope, operatorRequest, still } from '../helpers';

async function pdfOf(download: Download, prefix: string) {
  expect(download.suggestedFilename()).toMatch(new RegExp(`^${prefix}-\\d{20}\\.pdf$`));
  const file = test.info().outputPath(download.suggestedFilename());
  await download.saveAs(file);
  const bytes = fs.readFileSync(file);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  expect(bytes.length).toBeGreaterThan(20_000);
}

/** Fills the list's filters and runs them. */
async function filter(page: Page, values: { order_no?: string; buyer?: string }) {
  await page.getByTestId('invoices-order-no').fill(values.order_no ?? '');
  await page.getByTestId('invoices-buyer').fill(values.buyer ?? '');
  await page
    .getByTestId('invoices-filters')
    .getByRole('button', { name: /查\s*询/ })
    .click();
}

test('finance reverses an invoice, issues the order again from the uninvoiced orders, and downloads both', async ({ page }) => {
  test.setTimeout(150_000);
  // demo's seeded completed order and its invoice, issued when it completed.
  const finance = await operatorRequest('finance');
  const listed = (await (await finance.get('/api/admin/invoices?buyer=demo&kind=blue&status=1')).json()) as Envelope<AdminInvoicePage>;
  await finance.dispose();
  const seeded = listed.data.data.at(-1)!;
  expect(seeded, "demo's completed order has its invoice").toBeTruthy();

  await consoleLogin(page, 'finance');
  await page.getByTestId('admin-menu').getByRole('link', { name: '电子发票' }).click();
  await expect(page).toHaveURL(/\/admin\/invoices$/);
  const table = page.getByTestId('invoices-table');
  await expect(table.locator('tr.ant-table-row').first()).toBeVisible();
  await still(page, 'console-invoices');

  // Found by its order and its buyer; another buyer's name finds nothing.
  await filter(page, { order_no: seeded.invoice_no, buyer: '仁和大药房' });
  await expect(page).toHaveURL(/order_no=/);
  // The invoices' own rows, not those of an opened invoice's lines.
  const rows = table.locator('tr.ant-table-row').filter({ has: page.getByTestId('invoice-row-no') });
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByTestId('invoice-row-no')).toHaveText(seeded.invoice_no);
  await expect(rows.first()).toContainText('杭州仁和大药房有限公司');
  await expect(rows.first().getByTestId('invoice-row-status')).toHaveText('已开票');
  await filter(page, { order_no: seeded.order_no, buyer: '康泰连锁' });
  await expect(table.getByText('暂无发票')).toBeVisible();
  await filter(page, { order_no: seeded.order_no });
  const blue = rows.filter({ hasText: seeded.invoice_no }).filter({ hasText: '蓝字发票' });
  await expect(blue.getByTestId('invoice-row-status')).toHaveText('已开票');
  // The order's invoices so far: this one, and any it had before.
  const before = await rows.count();

  // Its lines, a click away.
  await blue.locator('.ant-table-row-expand-icon').click();
  await expect(table.getByTestId('invoice-lines')).toContainText(seeded.amount_words);
  await expect(table.getByTestId('invoice-lines')).toContainText(seeded.lines[0].item_name);
  await expect(table.getByTestId('invoice-lines')).toContainText(`合计税额 ¥${seeded.tax_amount}`);
  await still(page, 'console-invoice-lines');
  await blue.locator('.ant-table-row-expand-icon').click();
  await expect(table.getByTestId('invoice-lines')).toBeHidden();

  // 红冲: a reason is asked for, then a red invoice of the same amount reverses it.
  await blue.getByTestId('invoice-row-reverse').click();
  const reverse = page.getByRole('dialog', { name: '发票红冲' });
  await expect(reverse).toContainText(seeded.invoice_no);
  await expect(reverse).toContainText(`-¥${seeded.amount}`);
  await page.getByTestId('invoice-reverse-save').click();
  await expect(reverse.getByText('请输入红冲原因')).toBeVisible();
  await reverse.getByRole('button', { name: '抬头有误，需重开' }).click();
  await expect(page.getByTestId('invoice-reverse-reason')).toHaveValue('抬头有误，需重开');
  await still(page, 'console-invoice-reverse');
  await page.getByTestId('invoice-reverse-save').click();
  await expect(page.getByText(/^已红冲：红字发票 \d{20}$/)).toBeVisible();
  await expect(reverse).toBeHidden();
  await expect(rows).toHaveCount(before + 1);
  const red = rows.filter({ hasText: `冲 ${seeded.invoice_no}` });
  await expect(red).toContainText('红字发票');
  await expect(red).toContainText(`-¥${seeded.amount}`);
  await expect(blue.getByTestId('invoice-row-status')).toHaveText('已红冲');

  // 立即开票: the order is back among the paid orders with no invoice in force; one click issues it.
  await page.getByTestId('invoice-issue').click();
  const issue = page.getByRole('dialog', { name: '立即开票' });
  await expect(issue.getByTestId('uninvoiced-row').first()).toBeVisible();
  await issue.getByTestId('uninvoiced-keyword').locator('input').fill(seeded.order_no);
  await issue.getByTestId('uninvoiced-keyword').locator('input').press('Enter');
  const candidate = issue.locator(`[data-testid="uninvoiced-row"][data-order-no="${seeded.order_no}"]`);
  await expect(candidate).toContainText('已完成');
  await expect(candidate).toContainText('杭州仁和大药房有限公司');
  await expect(issue.getByTestId('uninvoiced-row')).toHaveCount(1);
  await still(page, 'console-invoice-issue');
  await candidate.getByTestId('uninvoiced-issue').click();
  await expect(page.getByText(/^已开具：发票号码 \d{20}，金额 ¥/)).toBeVisible();
  await expect(issue).toBeHidden();
  await expect(rows).toHaveCount(before + 2);
  const again = rows.first();
  await expect(again).toContainText('蓝字发票');
  await expect(again.getByTestId('invoice-row-status')).toHaveText('已开票');
  await expect(again).toContainText('（finance）');
  await expect(again.getByTestId('invoice-row-no')).not.toHaveText(seeded.invoice_no);
  await still(page, 'console-invoices-after');

  // 下载PDF of the new invoice and of the red one.
  let downloading = page.waitForEvent('download');
  await again.getByTestId('invoice-row-pdf').click();
  await pdfOf(await downloading, '电子发票');
  downloading = page.waitForEvent('download');
  await red.getByTestId('invoice-row-pdf').click();
  await pdfOf(await downloading, '红字发票');
});

test('finance keeps the seller and the rate of each goods class in 开票设置, checked before it is saved', async ({ page }) => {
  const finance = await operatorRequest('finance');
  const stored = async () => ((await (await finance.get('/api/admin/invoices/settings')).json()) as Envelope<InvoiceSettings>).data;
  const before = await stored();
  try {
    await consoleSession(page, 'finance', '/admin/invoices');
    await page.getByTestId('invoice-settings').click();
    const dialog = page.getByRole('dialog', { name: '开票设置' });
    await expect(page.getByTestId('invoice-settings-tax-no')).toHaveValue(before.seller_tax_no);
    await expect(page.getByTestId('invoice-settings-rate-drug')).toContainText('13%');
    await expect(page.getByTestId('invoice-settings-rate-tcm_pieces')).toContainText('9%');
    await expect(dialog).toContainText('处方药、甲类OTC、乙类OTC，开具为化学药品制剂或中成药');

    // A tax number of the wrong shape is refused in the form, before anything is sent.
    await page.getByTestId('invoice-settings-tax-no').fill('12345');
    await page.getByTestId('invoice-settings-save').click();
    await expect(dialog.getByText('纳税人识别号须为15-20位数字或大写字母')).toBeVisible();
    await page.getByTestId('invoice-settings-tax-no').fill('91330106MA2H4R7K3Y');
    await page.getByTestId('invoice-settings-rate-tcm_pieces').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('13%', { exact: true }).click();
    await expect(page.getByTestId('invoice-settings-rate-tcm_pieces')).toContainText('13%');
    await still(page, 'console-invoice-settings');
    await page.getByTestId('invoice-settings-save').click();
    await expect(page.getByText('开票设置已保存，之后开具的发票按新设置开具')).toBeVisible();
    await expect(dialog).toBeHidden();
    expect(await stored()).toEqual({ ...before, seller_tax_no: '91330106MA2H4R7K3Y', rate_tcm_pieces: 13 });

    // Opened again, it shows what was saved.
    await page.getByTestId('invoice-settings').click();
    await expect(page.getByTestId('invoice-settings-rate-tcm_pieces')).toContainText('13%');
    await expect(page.getByTestId('invoice-settings-tax-no')).toHaveValue('91330106MA2H4R7K3Y');
  } finally {
    await finance.post('/api/admin/invoices/settings', { data: before });
    await finance.dispose();
  }
});

test('an operator without finance:invoice has no 电子发票 in the menu and is refused the page', async ({ page }) => {
  await consoleLogin(page, 'warehouse');
  await expect(page.getByTestId('admin-menu')).toBeVisible();
  await expect(page.getByTestId('admin-menu').getByRole('link', { name: '电子发票' })).toHaveCount(0);
  await page.goto('/admin/invoices');
  await expect(page.getByText('无权限').first()).toBeVisible();
});
