/**
 * A batch from the dock to a recall: the warehouse receives it in 质量管理 › 批次管理 (待验, with its inspection
 * report), qa releases it and it sells first-expiring-first-out; the pharmacy reads the stamped report from its
 * order and from 药检报告查询; qa locks the batch, sees who bought it, and the pharmacy reads the recall notice.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { api, clearCart, consoleLogin, consoleSession, type Envelope, loginByApi, operatorRequest, pickOption, shot, still, withAccount } from '../helpers';

const BUYER = 'chain-a';
const day = (days: number) => new Date(Date.now() + 8 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

type Goods = { id: number; name: string; zbz: number; is_kx: number };
type Batch = { xq: string; status: number; free: number };

/**
 * A goods the buyer may buy whose batches that sell all expire more than 300 days from now: a batch received to
 * expire in 260 days is the first one an order takes.
 */
async function goodsWithLateBatches(ops: APIRequestContext): Promise<Goods> {
  for (let page = 1; page <= 5; page += 1) {
    const list = (await (await ops.get(`/api/admin/goods?page=${page}&is_buy=1&is_on_sale=1`)).json()) as Envelope<{ data: Goods[] }>;
    for (const g of list.data.data.filter((x) => !x.is_kx)) {
      const batches = (await (await ops.get(`/api/admin/quality/batches?goods_id=${g.id}`)).json()) as Envelope<{ data: Batch[] }>;
      const selling = batches.data.data.filter((b) => b.status === 1 && b.free > 0);
      if (selling.length && selling.every((b) => b.xq > day(300))) return g;
    }
  }
  throw new Error('the seed has goods whose batches all expire late');
}

async function pdfReport() {
  const { PDFDocument, StandardFonts } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  page.drawText('Certificate of Analysis', { x: 60, y: 760, size: 22, font });
  page.drawText('Conclusion: complies with the standard', { x: 60, y: 700, size: 14, font });
  return Buffer.from(await doc.save());
}

test('the warehouse receives a batch, qa releases it and it sells; qa recalls it and the buyer reads why', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const ops = await operatorRequest('ops');
  const g = await goodsWithLateBatches(ops);
  const batchNo = `E${Date.now().toString().slice(-8)}`;

  // 入库登记 by the warehouse: the batch lands as 待验, out of the stock.
  await consoleLogin(page, 'warehouse');
  await page.getByTestId('admin-menu').getByRole('link', { name: '批次管理' }).click();
  await expect(page).toHaveURL(/\/admin\/batches$/);
  await expect(page.getByTestId('batch-table').locator('tbody tr.ant-table-row').first()).toBeVisible();
  await still(page, 'console-batches');
  await page.getByTestId('receive-open').click();
  const form = page.getByTestId('receive-form');
  await pickOption(page, 'receive-goods', g.name);
  await form.getByTestId('receive-batch-no').fill(batchNo);
  await form.getByTestId('receive-scrq').fill(day(-20));
  await form.getByTestId('receive-scrq').press('Enter');
  await form.getByTestId('receive-xq').fill(day(260));
  await form.getByTestId('receive-xq').press('Enter');
  await form.getByTestId('receive-quantity').fill(String(g.zbz * 50));
  await form.getByTestId('receive-supplier').fill('华润医药商业集团有限公司');
  await form.locator('input[type=file]').setInputFiles({ name: '检验报告书.pdf', mimeType: 'application/pdf', buffer: await pdfReport() });
  await expect(form.getByTestId('receive-report-name')).toContainText('检验报告书.pdf');
  await still(page, 'console-batches-receive');
  await page.getByTestId('receive-save').click();
  await expect(page.locator('.ant-message')).toContainText(`批号 ${batchNo} 已入库`);
  await page.getByTestId('batch-keyword').fill(batchNo);
  await page
    .getByTestId('batch-filters')
    .getByRole('button', { name: /查\s*询/ })
    .click();
  const row = page.getByTestId('batch-table').locator('tbody tr', { hasText: batchNo });
  await expect(row.getByTestId('batch-status')).toHaveText('待验');
  await expect(row).toContainText('不可售');
  await expect(row.getByTestId('batch-verdict')).toHaveCount(0);

  // qa releases it: 合格, its units for sale.
  await consoleSession(page, 'qa', `/admin/batches?keyword=${batchNo}`);
  await row.getByTestId('batch-verdict').click();
  await expect(page.getByTestId('verdict-form')).toContainText('合格，放行销售');
  await still(page, 'console-batches-verdict');
  await page.getByTestId('verdict-save').click();
  await expect(row.getByTestId('batch-status')).toHaveText('合格');
  await expect(row).toContainText(`${g.zbz * 50}`);

  await withAccount(BUYER, async () => {
    const shop = await browser.newPage();
    await loginByApi(shop, BUYER);
    await clearCart(shop.request);
    await api(shop, 'POST', '/api/cart', { params: [{ goods_id: g.id, number: g.zbz }] });
    const list = await api<{ list: { id: number }[] }>(shop, 'GET', '/api/cart/list');
    await api(shop, 'POST', '/api/cart/checkout', { ids: list.list.map((l) => l.id) });
    const confirm = await api<{ address_id: number }>(shop, 'GET', '/api/cart/confirm?coupon_id=0');
    const placed = await api<{ orders: { id: number; order_no: string }[] }>(shop, 'POST', '/api/order', { address_id: confirm.address_id, coupon_id: 0 });
    const order = placed.orders[0];

    // It sells first-expiring-first-out: the order took the new batch, whose stamped report the buyer opens.
    await shop.goto(`/order/info/${order.id}`);
    const reports = shop.getByTestId('order-reports');
    await expect(reports).toContainText(batchNo);
    const link = reports.locator('tr', { hasText: batchNo }).getByTestId('order-report-open');
    const pdf = await shop.request.get((await link.getAttribute('href'))!);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect(pdf.headers()['cache-control']).toBe('private, no-store');
    await reports.scrollIntoViewIfNeeded();
    await shot(shop, 'order-detail-batch-reports');

    // 药检报告查询 from the header finds it by name and batch number.
    await shop.goto('/order');
    await shop.getByTestId('header-quality').click();
    await expect(shop).toHaveURL(/\/zjbg/);
    await shop.getByTestId('report-keyword').fill(g.name);
    await shop.getByTestId('report-batch').fill(batchNo.toLowerCase());
    await shop.getByTestId('report-search').click();
    await expect(shop.getByTestId('report-results')).toContainText(batchNo);
    await expect(shop.getByTestId('report-open')).toBeVisible();
    await shot(shop, 'quality-reports-search');

    // qa locks the batch: it stops selling, the buyer is on its list and reads the notice.
    await row.getByTestId('batch-lock').click();
    const lock = page.getByTestId('lock-form');
    await lock.getByRole('button', { name: '生产企业主动召回' }).click();
    await still(page, 'console-batches-lock');
    await page.getByTestId('lock-save').click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: '锁定并通知客户' }).click();
    await expect(page.locator('.ant-message')).toContainText('已向 1 家客户发送召回通知');
    await expect(row.getByTestId('batch-status')).toHaveText('锁定');
    await row.getByTestId('batch-recall').click();
    const drawer = page.getByTestId('recall-drawer');
    await expect(drawer.getByTestId('recall-list')).toContainText(order.order_no);
    await still(page, 'console-batches-recall');
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    await shop.goto('/zhzx/wdxx');
    await expect(shop.locator('body')).toContainText(`药品召回通知：${g.name} 批号${batchNo}`);
    const note = shop
      .getByTestId('message-row')
      .filter({ hasText: `药品召回通知：${g.name} 批号${batchNo}` })
      .first();
    await note.locator('.yct-msg__head').click();
    await expect(note.getByTestId('message-content')).toContainText('生产企业主动召回');
    await shot(shop, 'messages-recall-notice');

    await shop.close();
  });

  // The near-expiry report by window, with its value at the selling price.
  await page.getByTestId('admin-menu').getByRole('link', { name: '近效期报表' }).click();
  await expect(page.getByTestId('near-table').locator('tbody tr.ant-table-row').first()).toBeVisible();
  const window180 = page.waitForResponse((r) => r.url().includes('/api/admin/quality/near_expiry?days=180'));
  await page.getByTestId('near-days').getByText('180天内到期').click();
  await window180;
  await expect(page.getByTestId('near-table').locator('.ant-spin-spinning')).toHaveCount(0);
  await expect(page.getByTestId('near-table').locator('tbody tr.ant-table-row').first()).toBeVisible();
  await expect(page.locator('.ant-message-notice')).toHaveCount(0);
  await still(page, 'console-near-expiry');
  await ops.dispose();
});
