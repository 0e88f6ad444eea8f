/** 近效期价 of a batch in 质量管理 › 批次管理: ops sets it, and the near-expiry zone sells the batch at it. */
import { expect, test, type Page } from '@playwright/test';
import { api, consoleLogin, loginByApi, operatorRequest, shot, type Envelope } from '../helpers';

type Card = { id: number; type: number; base_price: string; xq: string; is_buy: number };
type Batch = { id: number; batch_no: string; xq: string; status: number };

/** A screenshot once antd's fades have ended. */
async function still(page: Page, name: string) {
  await page.waitForFunction(
    () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
    undefined,
    { polling: 100, timeout: 10_000 },
  );
  await shot(page, name);
}

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

  await consoleLogin(page, 'ops');
  await page.goto(`/admin/batches?goods_id=${card!.id}`);
  const row = page.getByTestId('batch-table').locator('tbody tr.ant-table-row').filter({ hasText: batch!.batch_no });
  await expect(row).toHaveCount(1);
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
