/**
 * The console's goods, in the browser: ops finds a goods, changes its price and a buyer sees the new price at
 * once; ops adds stock with a reason, then into one batch picked in the form, and reads both in the stock log; an Excel file with wrong rows is refused
 * row by row before anything is written; admin reads the price change in the audit log; ops adds a category
 * and a brand.
 */
import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import { consoleLogin, loginByApi, operatorRequest, still, stillWhole, type Envelope } from '../helpers';

/** A batch of the goods as its stock form lists it. */
type GoodsBatch = { id: number; batch_no: string; quantity: number; sale: string };

/** A page another browser changed is read afresh: allow for a busy machine. */
const slow = { timeout: 30_000 };
/** The goods these journeys change: one no other console journey touches. */
const GOODS_NAME = '阿莫西林胶囊';

/** Searches the goods list for `keyword` and opens the first goods found; answers its id. */
async function openGoods(page: Page, keyword: string) {
  await page.goto('/admin/goods');
  await page.getByTestId('goods-keyword').fill(keyword);
  await page.getByTestId('goods-filters').getByRole('button', { name: '查询' }).click();
  await expect(page).toHaveURL(/keyword=/);
  const link = page.getByTestId('goods-table').getByTestId('goods-link').filter({ hasText: keyword }).first();
  await expect(link).toBeVisible(slow);
  return link;
}

const idOf = (page: Page) => Number(new URL(page.url()).pathname.split('/').pop());

// Each journey crosses the console and the storefront, some in two browsers.
test.describe.configure({ timeout: 180_000 });

test('ops changes a price on the goods page and a buyer sees it on the goods detail at once', async ({ page, browser }) => {
  await consoleLogin(page, 'ops');
  const link = await openGoods(page, GOODS_NAME);
  await expect(page.getByTestId('goods-table').locator('tbody tr.ant-table-row').first()).toContainText('¥');
  await stillWhole(page, 'console-goods-list');
  await link.click();
  await expect(page.getByTestId('goods-form')).toBeVisible(slow);
  await expect(page.getByTestId('goods-edit')).toContainText(GOODS_NAME);
  const id = idOf(page);

  // The browser checks with the server's own schema and messages before sending anything.
  const price = page.getByTestId('goods-price');
  const old = await price.inputValue();
  await price.fill('-1');
  await page.getByTestId('goods-save').click();
  await expect(page.getByTestId('goods-form')).toContainText('价格须为金额（元），不能为负数，最多两位小数');

  const next = (Number(old) + 1.2).toFixed(2);
  await price.fill(next);
  await page.getByTestId('goods-save').click();
  await expect(page.getByText(`已保存：${GOODS_NAME}`)).toBeVisible(slow);
  await stillWhole(page, 'console-goods-edit');

  const buyer = await browser.newPage();
  await loginByApi(buyer, 'demo');
  await buyer.goto(`/list/info/${id}`);
  await expect(buyer.getByTestId('goods-detail').getByTestId('price').first()).toHaveText(`¥${next}`, slow);
  await buyer.close();

  // admin reads the change, old and new price, in the audit log.
  const admin = await browser.newPage();
  await consoleLogin(admin, 'admin');
  await admin.getByTestId('admin-menu').getByRole('link', { name: '操作日志' }).click();
  await admin.goto(`/admin/audit?action=goods.update&target=goods:${id}`);
  const row = admin.getByTestId('audit-table').locator('tbody tr', { hasText: 'goods.update' }).first();
  await expect(row).toBeVisible(slow);
  await expect(row).toContainText('ops');
  await row.locator('.ant-table-row-expand-icon').click();
  await expect(admin.getByTestId('audit-table')).toContainText(next);
  await still(admin, 'console-goods-audit');
  await admin.close();
});

test('ops adds 50 to the stock with a reason, then 20 into one batch, and reads both in the stock log', async ({ page }) => {
  await consoleLogin(page, 'ops');
  await (await openGoods(page, '布洛芬')).click();
  await expect(page.getByTestId('stock-panel')).toBeVisible(slow);
  const before = Number(await page.getByTestId('goods-stock').innerText());

  // The reason is required, as on the server.
  await page.getByTestId('stock-delta').fill('50');
  await page.getByTestId('stock-submit').click();
  await expect(page.getByTestId('stock-form')).toContainText('请输入调整原因');
  await page.getByTestId('stock-reason').fill('采购入库 单号CG20260312');
  await page.getByTestId('stock-submit').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`${before} → ${before + 50}`);
  await dialog.getByRole('button', { name: '确认调整' }).click();
  await expect(page.getByText(`库存已调整为 ${before + 50}`)).toBeVisible(slow);

  await expect(page.getByTestId('goods-stock')).toHaveText(String(before + 50));
  const first = page.getByTestId('stock-log').locator('tbody tr').first();
  await expect(first).toContainText('+50');
  await expect(first).toContainText('采购入库 单号CG20260312');
  await expect(first).toContainText(String(before + 50));
  await stillWhole(page, 'console-goods-stock');

  // Into one batch: the select lists the goods' batches with what each holds, and the change moves that batch.
  const ops = await operatorRequest('ops');
  const batchesNow = async () => ((await (await ops.get(`/api/admin/goods/${idOf(page)}/batches`)).json()) as Envelope<GoodsBatch[]>).data;
  const batch = (await batchesNow()).find((b) => b.sale === 'goods')!;
  expect(batch, 'a batch that sells with the goods').toBeTruthy();
  const select = page.getByTestId('stock-batch');
  await expect(select).toContainText('按效期先进先出');
  await select.click();
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: batch.batch_no });
  await expect(option).toContainText(`在库 ${batch.quantity}`);
  await stillWhole(page, 'console-goods-stock-batches');
  await option.click();
  await expect(select).toContainText(batch.batch_no);
  await page.getByTestId('stock-delta').fill('20');
  await page.getByTestId('stock-reason').fill('供应商补货 同批号');
  await page.getByTestId('stock-submit').click();
  await expect(dialog).toContainText(`批号 ${batch.batch_no}`);
  await expect(dialog).toContainText(`该批号在库：${batch.quantity} → ${batch.quantity + 20}`);
  await expect(dialog).toContainText(`可售库存：${before + 50} → ${before + 70}`);
  await stillWhole(page, 'console-goods-stock-confirm');
  await dialog.getByRole('button', { name: '确认调整' }).click();
  await expect(page.getByText(`批号 ${batch.batch_no} 在库调整为 ${batch.quantity + 20}`)).toBeVisible(slow);
  await expect(page.getByTestId('goods-stock')).toHaveText(String(before + 70));
  await expect(first).toContainText('+20');
  await expect(first).toContainText(batch.batch_no);
  expect((await batchesNow()).find((b) => b.id === batch.id)?.quantity).toBe(batch.quantity + 20);
  await select.click();
  await expect(option).toContainText(`在库 ${batch.quantity + 20}`);
  await page.keyboard.press('Escape');
  await stillWhole(page, 'console-goods-stock-batch');
  await ops.dispose();
});

test('an Excel file with wrong rows is checked first and refused row by row; nothing is written', async ({ page }) => {
  await consoleLogin(page, 'ops');
  // The list as exported, with three rows spoiled and one new row without a name.
  const exported = await page.request.get(`/api/admin/goods/export?keyword=${encodeURIComponent('阿莫西林')}`);
  expect(exported.headers()['content-type']).toContain('spreadsheet');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.from(await exported.body()) as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  const column = (header: string) => (sheet.getRow(1).values as unknown[]).indexOf(header);
  sheet.getRow(2).getCell(column('价格（元）')).value = '-3';
  sheet.getRow(3).getCell(column('效期')).value = '2020-02-30';
  sheet.getRow(4).getCell(column('阶梯价')).value = '10:999;20:998';
  const fresh = sheet.getRow(sheet.rowCount + 1);
  fresh.getCell(column('生产厂家')).value = '测试制药有限公司';
  fresh.getCell(column('价格（元）')).value = 12.5;
  fresh.commit();
  const file = Buffer.from(await book.xlsx.writeBuffer());

  await page.goto(`/admin/goods?keyword=${encodeURIComponent('阿莫西林克拉维酸钾')}`);
  await expect(page.getByTestId('goods-table').locator('tbody tr.ant-table-row').first()).toBeVisible(slow);
  await page.getByTestId('goods-import').click();
  const modal = page.getByTestId('import-modal');
  await expect(page.getByTestId('import-confirm')).toBeDisabled();
  await modal
    .locator('input[type=file]')
    .setInputFiles({ name: '商品导入.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: file });
  await expect(modal).toContainText('商品导入.xlsx');
  await page.getByTestId('import-check').click();
  const errors = page.getByTestId('import-errors');
  await expect(errors).toBeVisible(slow);
  await expect(errors).toContainText('价格须为金额（元），不能为负数，最多两位小数');
  await expect(errors).toContainText('效期不是有效日期');
  await expect(errors).toContainText('请输入商品名称');
  await expect(page.getByTestId('import-report')).toContainText('不会导入任何一行');
  await expect(page.getByTestId('import-confirm')).toBeDisabled();
  await stillWhole(page, 'console-goods-import-errors');
});

test('ops adds a category and a brand, and hides the brand after confirming', async ({ page }) => {
  const stamp = Date.now().toString(36).slice(-4);
  const category = `测试分类${stamp}`;
  const brand = `测试品牌${stamp}`;
  await consoleLogin(page, 'ops');
  await page.getByTestId('admin-menu').getByRole('link', { name: '分类品牌' }).click();
  await expect(page.getByTestId('categories-table').locator('tbody tr.ant-table-row').first()).toBeVisible(slow);

  await page.getByTestId('category-add').click();
  const categoryDialog = page.getByRole('dialog', { name: '新增分类' });
  await categoryDialog.getByRole('button', { name: '添加' }).click();
  await expect(categoryDialog).toContainText('请输入分类名称');
  await page.getByTestId('category-name').fill(category);
  await categoryDialog.getByRole('button', { name: '添加' }).click();
  await expect(page.getByText(`已新增分类：${category}`)).toBeVisible(slow);
  await expect(page.getByTestId('categories-table')).toContainText(category);
  await stillWhole(page, 'console-categories');

  await page.getByRole('tab', { name: '品牌' }).click();
  await expect(page).toHaveURL(/tab=brands/);
  await page.getByTestId('brand-add').click();
  const brandDialog = page.getByRole('dialog', { name: '新增品牌' });
  await page.getByTestId('brand-name').fill(brand);
  await brandDialog.getByRole('button', { name: '添加' }).click();
  await expect(page.getByText(`已新增品牌：${brand}`)).toBeVisible(slow);
  const row = page.getByTestId('brands-table').locator('tbody tr', { hasText: brand });
  await expect(row).toContainText('显示');
  await row.getByTestId('row-hide').click();
  await page.locator('.ant-popconfirm:visible').getByRole('button', { name: '隐藏' }).click();
  await expect(row).toContainText('已隐藏', slow);
  await stillWhole(page, 'console-brands');
});
