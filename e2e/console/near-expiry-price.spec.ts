/**
 * Near-expiry prices in the console: ops reads a near batch as 近效期专场 in 质量管理 › 批次管理 and sets its 近效期价, and
 * the zone sells the batch at it; ops sets the site's default rate in 站点设置, and the zone sells the near batches
 * without a price of their own at it.
 */
import { expect, test } from '@playwright/test';
import { api, consoleSession, type Envelope, loginByApi, operatorRequest, still, stillWhole } from '../helpers';

type Card = { id: number; type: number; base_price: string; xq: string; is_buy: number };
type Batch = { id: number; batch_no: string; xq: string; status: number; near_rate: number | null };

test('ops sets the near-expiry price of a near batch and the zone’s card sells at it', async ({ page, browser }) => {
  const buyer = await browser.newPage();
  await loginByApi(buyer, 'demo');
  const zone = () => api<{ data: Card[] }>(buyer, 'GET', '/api/goods/list?zone=jxq&per_page=100&page=1');
  const card = (await zone()).data.find((c) => c.type === 4 && c.is_buy);
  expect(card, 'a near-expiry offer in the zone').toBeTruthy();
  const ops = await operatorRequest('ops');
  const batches = (await (await ops.get(`/api/admin/quality/batches?goods_id=${card!.id}`)).json()) as Envelope<{ data: Batch[] }>;
  const batch = batches.data.data.find((b) => b.xq === card!.xq && b.status === 1);
  expect(batch, 'the batch the card offers').toBeTruthy();
  const price = (Math.max(0.01, Math.round(Number(card!.base_price) * 80) / 100) || 0.01).toFixed(2);

  await consoleSession(page, 'ops', `/admin/batches?goods_id=${card!.id}`);
  const row = page.getByTestId('batch-table').locator('tbody tr.ant-table-row').filter({ hasText: batch!.batch_no });
  await expect(row).toHaveCount(1);
  // It sells in the zone, not with its goods: the list says so, with the price it sells at there.
  await expect(row.getByTestId('batch-sale')).toContainText('近效期专场');
  await expect(row.getByTestId('batch-sale')).toContainText(`¥${card!.base_price}`);
  await still(page, 'console-batches-near');
  await row.getByTestId('batch-clearance').click();
  const modal = page.getByRole('dialog');
  await expect(modal).toContainText('已进入近效期');
  await modal.getByTestId('clearance-price').fill(price);
  await still(page, 'console-near-expiry-price');
  await page.getByTestId('clearance-save').click();
  await expect(
    page
      .locator('.ant-message-notice')
      .filter({ hasText: `近效期价已设为 ¥${price}` })
      .first(),
  ).toBeVisible();

  await expect.poll(async () => (await zone()).data.find((c) => c.id === card!.id)?.base_price).toBe(price);
  await buyer.goto('/jxqzc');
  await expect(buyer.getByTestId('goods-card').filter({ has: buyer.locator(`a[href="/list/info/${card!.id}"]`) })).toContainText(price);
  // Back to the default rate, as the seed had it.
  await ops.post(`/api/admin/quality/batches/${batch!.id}/clearance_price`, { data: { clearance_price: null } });
  await ops.dispose();
});

test('ops sets the default near-expiry rate in 站点设置 and the zone sells near batches without their own price at it', async ({ page, browser }) => {
  const buyer = await browser.newPage();
  await loginByApi(buyer, 'demo');
  const zone = () => api<{ data: Card[] }>(buyer, 'GET', '/api/goods/list?zone=jxq&per_page=100&page=1');
  const ops = await operatorRequest('ops');
  // A card whose first near batch has no price of its own: it sells at the default rate of its base price.
  let found: { card: Card; base: number } | null = null;
  for (const card of (await zone()).data.filter((c) => c.type === 4 && c.is_buy)) {
    const batches = (await (await ops.get(`/api/admin/quality/batches?goods_id=${card.id}`)).json()) as Envelope<{ data: Batch[] }>;
    if (!batches.data.data.some((b) => b.xq === card.xq && b.status === 1 && b.near_rate !== null)) continue;
    const goods = (await (await ops.get(`/api/admin/goods/${card.id}`)).json()) as Envelope<{ base_price: string }>;
    found = { card, base: Math.round(Number(goods.data.base_price) * 100) };
    break;
  }
  expect(found, 'a near batch sold at the default rate').toBeTruthy();
  const { card, base } = found!;
  const at = (rate: number) => (Math.floor((base * rate + 50) / 100) / 100).toFixed(2);
  expect(card.base_price).toBe(at(70));

  await consoleSession(page, 'ops', '/admin/site-settings');
  const section = page.getByTestId('near-rate-section');
  const input = section.getByTestId('near-rate-input');
  await expect(input).toHaveValue('70');
  // The server's rule, checked in the form first.
  await input.fill('0');
  await section.getByTestId('near-rate-save').click();
  await expect(section).toContainText('近效期默认折扣须为1-100之间的整数（%）');
  await input.fill('60');
  await expect(section.getByTestId('near-rate-example')).toHaveText('例：基准价 ¥100.00 的商品，近效期批次售 ¥60.00');
  await section.getByTestId('near-rate-save').click();
  await expect(page.locator('.ant-message-notice').filter({ hasText: '近效期默认折扣已设为 60%' }).first()).toBeVisible();
  await stillWhole(page, 'console-site-settings-near-rate');

  await expect.poll(async () => (await zone()).data.find((c) => c.id === card.id)?.base_price).toBe(at(60));
  // Back to the seed's rate, for the other journeys.
  const restored = (await (await ops.post('/api/admin/quality/near_expiry_rate', { data: { near_expiry_rate: 70 } })).json()) as Envelope<{
    near_expiry_rate: number;
  }>;
  expect(restored.data.near_expiry_rate).toBe(70);
  await ops.dispose();
  await buyer.close();
});
