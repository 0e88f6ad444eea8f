/**
 * 常购清单, 我的清单 and 扫码下单: demo opens 常购清单 under 快捷采购, chooses two lines and adds them to the cart at
 * their usual quantities, saves them to a new list 每周补货, opens it under 我的清单 and adds the whole list to the
 * cart; then on the cart page types a barcode and Enter as a scanner does, and the goods' line appears while the
 * focus stays in the box for the next scan. On goods pages demo keeps two goods in 常备药 with 加入清单.
 */
import { expect, test, type Page } from '@playwright/test';
import type { CartList } from '../core/schemas/cart';
import type { GoodsDetail, GoodsPage } from '../core/schemas/goods';
import type { FastBuyPage, GoodsByCode, GoodsLists } from '../core/schemas/goods-lists';
import { api, clearCart, loginByApi, shotWhole, withAccount } from './helpers';

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

/** demo's lists named `name` from an earlier run, deleted. */
async function dropList(page: Page, name: string) {
  const lists = await api<GoodsLists>(page, 'GET', '/api/goods_list');
  for (const l of lists.data.filter((x) => x.name === name)) await page.request.delete(`/api/goods_list/${l.id}`, { headers: XHR });
}

/** Of the first goods in the catalogue, one whose barcode names it alone and one whose barcode several listings share. */
async function barcodes(page: Page) {
  const goods = (await api<GoodsPage>(page, 'GET', '/api/goods/list?per_page=40')).data.filter(
    (g) => g.is_buy === 1 && g.type === 0 && g.number >= g.zbz * 10 && g.is_ephedrine === 0,
  );
  let unique: (GoodsDetail & { count: number }) | undefined;
  let shared: (GoodsDetail & { count: number }) | undefined;
  for (const g of goods) {
    if (unique && shared) break;
    const detail = await api<GoodsDetail>(page, 'GET', `/api/goods/detail/${g.id}`);
    if (!detail.tm) continue;
    const count = (await api<GoodsByCode>(page, 'GET', `/api/goods/by_code?code=${detail.tm}`)).data.length;
    if (count === 1) unique ??= { ...detail, count };
    else shared ??= { ...detail, count };
  }
  expect(unique, 'a goods with a barcode of its own').toBeDefined();
  expect(shared, 'a goods whose barcode several listings share').toBeDefined();
  return { unique: unique!, shared: shared! };
}

const cartLines = async (page: Page) => (await api<CartList>(page, 'GET', '/api/cart/list')).list.map((l) => ({ goods_id: l.goods_id, number: l.number }));

test('demo adds usual goods at their usual quantities, keeps them as 每周补货, adds the list, and scans a barcode into the cart', async ({ page }) => {
  test.setTimeout(180_000);
  await loginByApi(page, 'demo');
  await withAccount('demo', async () => {
    await clearCart(page.request);
    await dropList(page, '每周补货');
    try {
      const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/user/fast_buy');
      await page.goto('/zzfw/kjcg');
      const usual = (await (await answer).json()).data as FastBuyPage;
      await expect(page.locator('.yct-purchase-tabs .ant-tabs-tab-active')).toHaveText('常购清单');
      // Two the shelf holds at their usual quantities (a journey beside this one may have sold another out).
      const chosen = usual.data.filter((r) => r.cart_number > 0 && r.goods.is_buy === 1 && r.goods.number >= r.cart_number).slice(0, 2);
      expect(chosen).toHaveLength(2);
      for (const r of chosen) await page.locator(`[data-testid="fastbuy-row"][data-goods-id="${r.goods.id}"]`).getByRole('checkbox').check();
      await expect(page.locator(`[data-testid="fastbuy-row"][data-goods-id="${chosen[0].goods.id}"]`).getByTestId('fastbuy-times')).toContainText(
        `${chosen[0].times}次`,
      );
      await shotWhole(page, 'goods-lists-usual');

      const added = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/cart' && r.request().method() === 'POST');
      await page.getByTestId('fastbuy-add-picked').click();
      expect((await (await added).json()).code).toBe(10000);
      await expect(page.locator('.ant-message-notice').filter({ hasText: '已将2种商品加入购物车' })).toBeVisible();
      const usualLines = chosen.map((r) => ({ goods_id: r.goods.id, number: r.cart_number }));
      expect(await cartLines(page)).toEqual(expect.arrayContaining(usualLines));

      // The same two lines into a new list.
      for (const r of chosen) await page.locator(`[data-testid="fastbuy-row"][data-goods-id="${r.goods.id}"]`).getByRole('checkbox').check();
      await page.getByTestId('fastbuy-save-list').click();
      const dialog = page.getByRole('dialog', { name: '加入清单' });
      await dialog.getByTestId('save-to-list-name').locator('input').fill('每周补货');
      await expect(dialog).toContainText('将新建清单“每周补货”');
      await dialog.getByRole('button', { name: '新建并加入' }).click();
      await expect(page.locator('.ant-message-notice').filter({ hasText: '已将2种商品加入清单“每周补货”' })).toBeVisible();
      await expect(dialog).toBeHidden();

      // 我的清单 opens the list.
      await page.locator('.yct-purchase-tabs').getByRole('tab', { name: '我的清单' }).click();
      await expect(page).toHaveURL(/\/zzfw\/kjcg\/lists\/\d+$/);
      await expect(page.getByTestId('goods-list-name')).toHaveText('每周补货');
      await expect(page.getByTestId('goods-list-row')).toHaveCount(2);
      await shotWhole(page, 'goods-lists-lists');

      await clearCart(page.request);
      const listed = page.waitForResponse((r) => /\/api\/goods_list\/\d+\/cart$/.test(new URL(r.url()).pathname));
      await page.getByTestId('list-add-all').click();
      expect((await (await listed).json()).data).toMatchObject({ added: 2, skipped: [] });
      // The usual goods' own toast of the same words may still be showing: this one is the newest.
      await expect(page.locator('.ant-message-notice').filter({ hasText: '已将2种商品加入购物车' }).last()).toBeVisible();
      expect(await cartLines(page)).toEqual(expect.arrayContaining(usualLines));

      // The cart's code box, as a barcode scanner uses it: the code typed fast and Enter. Seeded listings of one
      // product in several warehouses share its barcode: one goods whose barcode is its own, one whose is shared.
      const { unique, shared } = await barcodes(page);
      await page.goto('/cart');
      const box = page.getByTestId('code-box-code');
      await expect(page.getByTestId('cart-line').first()).toBeVisible();
      await box.click();
      const scanned = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/cart' && r.request().method() === 'POST');
      await page.keyboard.type(unique.tm, { delay: 5 });
      await page.keyboard.press('Enter');
      expect((await (await scanned).json()).code).toBe(10000);
      await expect(page.getByTestId('code-box-note')).toContainText(`已加入购物车：${unique.name}`);
      await expect(box).toBeFocused();
      await expect(box).toHaveValue('');
      await expect(page.locator(`[data-testid="cart-line"]`).filter({ hasText: unique.name }).first()).toBeVisible();
      expect((await cartLines(page)).find((l) => l.goods_id === unique.id)?.number).toBe(
        (chosen.find((r) => r.goods.id === unique.id)?.cart_number ?? 0) + unique.zbz,
      );

      // A barcode several listings share asks which; the pick goes in and the box is ready again.
      await page.keyboard.type(shared.tm, { delay: 5 });
      await page.keyboard.press('Enter');
      await expect(page.getByTestId('code-box-choice')).toHaveCount(shared.count);
      await shotWhole(page, 'cart-code-box');
      await page.locator(`[data-testid="code-box-choice"][data-goods-id="${shared.id}"]`).click();
      await expect(page.getByTestId('code-box-note')).toContainText(`已加入购物车：${shared.name}`);
      await expect(page.getByTestId('code-box-choices')).toBeHidden();
      await expect(box).toBeFocused();
      expect((await cartLines(page)).some((l) => l.goods_id === shared.id)).toBe(true);

      // An unknown code is told in the box, and the box is ready for the next scan.
      await page.keyboard.type('6900000000000');
      await page.keyboard.press('Enter');
      await expect(page.getByTestId('code-box-note')).toHaveText('未找到条码/批准文号为 6900000000000 的商品');
      await expect(box).toBeFocused();
    } finally {
      await clearCart(page.request);
      await dropList(page, '每周补货');
    }
  });
});

test('demo keeps goods from their pages with 加入清单, at the quantity in the stepper, in a new list and then the same', async ({ page }) => {
  await loginByApi(page, 'demo');
  const LIST = '常备药';
  await dropList(page, LIST);
  const [first, second] = (await api<GoodsPage>(page, 'GET', '/api/goods/list?per_page=20')).data.filter(
    (g) => g.is_buy === 1 && g.type === 0 && g.number >= g.zbz * 10,
  );
  try {
    // The first at two middle packages, into a new list.
    await page.goto(`/list/info/${first.id}`);
    const stepper = page.getByTestId('detail-actions').getByTestId('quantity-input');
    await stepper.fill(String(first.zbz * 2));
    await stepper.blur();
    await page.getByTestId('detail-save-to-list').click();
    const dialog = page.getByRole('dialog', { name: '加入清单' });
    await dialog.getByTestId('save-to-list-name').locator('input').fill(LIST);
    await expect(dialog).toContainText(`将新建清单“${LIST}”`);
    await dialog.getByRole('button', { name: '新建并加入' }).click();
    await expect(page.locator('.ant-message-notice').filter({ hasText: `已将1种商品加入清单“${LIST}”` })).toBeVisible();
    await expect(dialog).toBeHidden();

    // The second into the list it now has, offered by name.
    await page.goto(`/list/info/${second.id}`);
    await page.getByTestId('detail-save-to-list').click();
    await dialog.getByTestId('save-to-list-name').locator('input').click();
    await page
      .locator('.ant-select-item-option')
      .filter({ hasText: `${LIST}（1种）` })
      .click();
    await expect(dialog).toContainText(`将加入已有清单“${LIST}”`);
    await shotWhole(page, 'goods-lists-detail-save');
    await dialog.getByRole('button', { name: '加入该清单' }).click();
    await expect(dialog).toBeHidden();

    await page.goto('/zzfw/kjcg/lists');
    await page.getByTestId('goods-list-entry').filter({ hasText: LIST }).click();
    await expect(page.getByTestId('goods-list-name')).toHaveText(LIST);
    await expect(page.getByTestId('goods-list-row')).toHaveCount(2);
    const row = (id: number) => page.locator(`[data-testid="goods-list-row"][data-goods-id="${id}"]`).getByTestId('quantity-input');
    await expect(row(first.id)).toHaveValue(String(first.zbz * 2));
    await expect(row(second.id)).toHaveValue(String(second.zbz));
  } finally {
    await dropList(page, LIST);
  }
});

test('a guest who clicks 加入清单 on a goods page is sent to log in, the way back to the goods in the address', async ({ page }) => {
  const [goods] = (await (await page.request.get('/api/goods/list?per_page=1', { headers: XHR })).json()).data.data as GoodsPage['data'];
  await page.goto(`/list/info/${goods.id}`);
  await page.getByTestId('detail-save-to-list').click();
  await expect(page).toHaveURL(new RegExp(`/login\\?redirect=${encodeURIComponent(`/list/info/${goods.id}`)}$`));
});
