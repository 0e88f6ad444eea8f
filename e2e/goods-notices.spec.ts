/**
 * 到货通知 from the shelf to the message: a pharmacy finds a goods out of stock, subscribes 到货通知 on its page and
 * sets a 降价提醒; the warehouse receives a batch of it in the console and qa releases it; the pharmacy reads the
 * message in 我的消息, follows its link to the goods, and finds the subscription 已通知 on 到货降价通知.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { consoleLogin, consoleSession, type Envelope, loginByApi, operatorRequest, still, stillWhole, withAccount } from './helpers';

const BUYER = 'demo';
const day = (days: number) => new Date(Date.now() + 8 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

type AdminGoods = {
  id: number;
  name: string;
  ypgg: string;
  sccj: string;
  pzwh: string;
  zbz: number;
  number: number;
  base_price: string;
  is_kx: number;
  is_ephedrine: number;
};

/**
 * A goods the buyer may see and buy, sold in small middle packages, that no other journey uses: from the middle of
 * the catalogue (the console lists the newest first; the seeded orders, 常购清单 and most journeys use the first
 * goods, which the last pages hold, and emptying one of those fails the journeys that buy it meanwhile). Runs of
 * the journey side by side (`--repeat-each`) each start from a page of their own.
 */
async function quietGoods(ops: APIRequestContext, run: number): Promise<AdminGoods> {
  const first = (await (await ops.get('/api/admin/goods?page=1&is_buy=1&is_on_sale=1')).json()) as Envelope<{ last_page: number }>;
  for (let page = Math.max(1, Math.ceil(first.data.last_page / 2) - run * 3); page >= 1; page -= 1) {
    const list = (await (await ops.get(`/api/admin/goods?page=${page}&is_buy=1&is_on_sale=1`)).json()) as Envelope<{ data: AdminGoods[] }>;
    const found = list.data.data.find((g) => !g.is_kx && !g.is_ephedrine && g.zbz <= 10 && g.number > 0 && g.pzwh && Number(g.base_price) > 5);
    if (found) return found;
  }
  throw new Error('the seed has goods a pharmacy may buy in small packages');
}

test('a pharmacy subscribes 到货通知 on a goods out of stock and reads the message once qa releases a batch', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const ops = await operatorRequest('ops');
  const g = await quietGoods(ops, test.info().repeatEachIndex);
  // Sold out: the stock counted down to nothing in the console.
  const emptied = (await (await ops.post(`/api/admin/goods/${g.id}/stock`, { data: { delta: -g.number, reason: '盘点：实物已售罄' } })).json()) as Envelope<{
    number: number;
  }>;
  expect(emptied.code, emptied.message).toBe(10000);
  expect(emptied.data.number).toBe(0);
  await ops.dispose();
  const title = `您订阅的 ${g.name} ${g.ypgg} 已到货`;

  await withAccount(BUYER, async () => {
    await loginByApi(page, BUYER);
    // In the search results its card offers 到货通知 where adding to the cart is refused (lists lag a few seconds).
    const card = page.getByTestId('goods-card').filter({ has: page.locator(`a[href="/list/info/${g.id}"]`) });
    await expect(async () => {
      await page.goto(`/search?keywords=${encodeURIComponent(g.pzwh)}&type=1`);
      await expect(card.getByTestId('arrival-subscribe')).toHaveText('到货通知', { timeout: 3000 });
    }).toPass({ timeout: 60_000 });
    await card.scrollIntoViewIfNeeded();
    await still(page, 'goods-notice-list-card');
    await page.goto(`/list/info/${g.id}`);
    const actions = page.getByTestId('detail-actions');
    await expect(actions.getByTestId('add-to-cart')).toHaveText('缺货');
    await expect(actions.getByTestId('add-to-cart')).toBeDisabled();
    const subscribe = actions.getByTestId('arrival-subscribe');
    await expect(subscribe).toBeEnabled();
    await expect(actions.getByTestId('price-subscribe')).toBeEnabled();
    await still(page, 'goods-notice-detail');
    await subscribe.click();
    await expect(page.locator('.ant-message')).toContainText('订阅成功');
    await expect(actions.getByTestId('arrival-on')).toContainText('已订阅到货通知');
    await expect(actions.getByTestId('arrival-subscribe')).toHaveCount(0);

    // 降价提醒 with a target below today's price: a target at the price is refused under the field.
    await actions.getByTestId('price-subscribe').click();
    const modal = page.getByTestId('price-modal');
    await expect(modal).toContainText(`¥${g.base_price.split('.')[0]}`);
    await modal.getByTestId('price-target').fill(g.base_price);
    await modal.getByRole('button', { name: '设置提醒' }).click();
    await expect(modal).toContainText(`目标价须低于当前价 ¥${g.base_price}`);
    const target = (Math.floor(Number(g.base_price) * 90) / 100).toFixed(2);
    await modal.getByTestId('price-target').fill(target);
    await expect(modal).not.toContainText('目标价须低于当前价');
    await still(page, 'goods-notice-price-modal');
    await modal.getByRole('button', { name: '设置提醒' }).click();
    await expect(modal).toBeHidden();
    await expect(actions.getByTestId('price-on')).toContainText(`目标价 ¥${target}`);
    await still(page, 'goods-notice-detail-subscribed');

    // The member page lists it, waiting.
    await page.goto('/zzfw/dhtz');
    // The newest row of the goods (a run before this one on the same server may have left its own, told).
    const mine = page.locator(`[data-testid="notice-row"][data-goods="${g.id}"]`).first();
    await expect(mine.getByTestId('notice-state')).toHaveText('等待中');

    // The warehouse receives a batch of it (待验): nobody is told yet.
    const desk = await browser.newPage();
    const batchNo = `DH${Date.now().toString().slice(-8)}`;
    await consoleLogin(desk, 'warehouse');
    await desk.goto('/admin/batches');
    await desk.getByTestId('receive-open').click();
    const form = desk.getByTestId('receive-form');
    const option = `${g.name} ${g.ypgg}（${g.sccj}）`;
    const goodsField = desk.getByTestId('receive-goods');
    await expect(async () => {
      await goodsField.click();
      await goodsField.locator('input').fill(g.pzwh);
      await desk.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first().click({ timeout: 2000 });
      await expect(goodsField).toContainText(g.name, { timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    await form.getByTestId('receive-batch-no').fill(batchNo);
    await form.getByTestId('receive-scrq').fill(day(-20));
    await form.getByTestId('receive-scrq').press('Enter');
    await form.getByTestId('receive-xq').fill(day(700));
    await form.getByTestId('receive-xq').press('Enter');
    await form.getByTestId('receive-quantity').fill(String(g.zbz * 40));
    await form.getByTestId('receive-supplier').fill('华润医药商业集团有限公司');
    await desk.getByTestId('receive-save').click();
    await expect(desk.locator('.ant-message')).toContainText(`批号 ${batchNo} 已入库`);
    const unread = async () => (await (await page.request.get('/api/user/base')).json()).data.message_count as number;
    const before = await unread();

    // qa releases it: it sells, and the pharmacy is told.
    await consoleSession(desk, 'qa', `/admin/batches?keyword=${batchNo}`);
    const batch = desk.getByTestId('batch-table').locator('tbody tr', { hasText: batchNo });
    await batch.getByTestId('batch-verdict').click();
    await desk.getByTestId('verdict-save').click();
    await expect(batch.getByTestId('batch-status')).toHaveText('合格');
    await desk.close();
    expect(await unread()).toBe(before + 1);

    // 我的消息: the message reads well and leads to the goods.
    await page.goto('/zhzx/wdxx');
    const note = page.getByTestId('message-row').filter({ hasText: title });
    await expect(note).toHaveCount(1);
    await expect(note).toHaveAttribute('data-read', '0');
    await note.getByRole('button').click();
    const content = note.getByTestId('message-content');
    await expect(content).toContainText(`${g.name}（${g.ypgg}，${g.sccj}）已到货`);
    await expect(content.getByTestId('message-link')).toHaveText('查看商品 ›');
    await expect(note).toHaveAttribute('data-read', '1');
    await still(page, 'goods-notice-message');
    await content.getByTestId('message-link').click();
    await expect(page).toHaveURL(new RegExp(`/list/info/${g.id}$`));
    await expect(page.getByTestId('detail-actions').getByTestId('add-to-cart')).toHaveText('加入购物车');
    await expect(page.getByTestId('detail-actions').getByTestId('arrival-on')).toHaveCount(0);

    // 到货降价通知: 已通知 with the time, the 降价提醒 still waiting in its tab.
    await page.goto('/zzfw/dhtz');
    await expect(mine.getByTestId('notice-state')).toHaveText('已通知');
    await expect(mine.getByTestId('notice-told')).toBeVisible();
    await expect(mine.getByTestId('notice-cancel')).toHaveCount(0);
    await stillWhole(page, 'goods-notices-page');
    await page
      .getByTestId('notice-tabs')
      .getByRole('tab', { name: /降价提醒/ })
      .click();
    await expect(page).toHaveURL(/kind=price/);
    await expect(mine.getByTestId('notice-state')).toHaveText('等待中');
    await expect(mine).toContainText(`¥${target}`);
    await still(page, 'goods-notices-page-price');
    // Cancelled from the list, it leaves the goods' page too.
    await mine.getByTestId('notice-cancel').click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: '确认取消' }).click();
    await expect(mine.getByTestId('notice-state')).toHaveText('已取消');
  });
});
