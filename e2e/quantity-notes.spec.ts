/** A typed quantity that cannot be taken as it is: the box says why, in the cart, the mini cart and on the product page. */
import path from 'node:path';
import { expect, test, type Locator, type Page, type Response } from '@playwright/test';
import { api, clearCart, loginByApi, shot, withAccount } from './helpers';

type Goods = { id: number; name: string; zbz: number; number: number; bzdw: string; is_buy: number; is_kx: number; is_ephedrine: number; tags: string[] };
type Line = { goods_id: number; number: number };

/** Goods of ten a middle package with stock for many, on no promotion. */
async function tenAPackage(page: Page): Promise<Goods> {
  const list = await api<{ data: Goods[] }>(page, 'GET', '/api/goods/list?per_page=40&sort=sales');
  const g = list.data.find((x) => x.zbz === 10 && x.number >= 200 && x.is_buy && !x.is_kx && !x.is_ephedrine && !x.tags.some((t) => t === '秒' || t === '特'));
  expect(g, 'a goods of ten a middle package among the best sellers').toBeDefined();
  return g!;
}

/** Types `text` into the box and leaves it with Enter. */
async function type(input: Locator, text: string) {
  await input.fill(text);
  await input.press('Enter');
}

const edited = (page: Page) =>
  page.waitForResponse((r: Response) => r.request().method() === 'POST' && /^\/api\/cart\/\d+\/edit$/.test(new URL(r.url()).pathname));

test('demo types 0, -5, abc, 3, 15 and 999999 into the cart, the mini cart and the product page, and each box says why it holds what it holds', async ({
  page,
}) => {
  await loginByApi(page, 'demo');
  const g = await tenAPackage(page);
  const most = Math.floor(g.number / 10) * 10;
  await withAccount('demo', async () => {
    await clearCart(page.request);
    await api(page, 'POST', '/api/cart', { params: [{ goods_id: g.id, number: 10 }] });

    await page.goto('/cart');
    const row = page.locator(`[data-testid="cart-line"][data-goods-id="${g.id}"]`);
    const input = row.getByTestId('quantity-input');
    const note = row.getByTestId('quantity-note');
    await expect(input).toHaveValue('10');
    for (const text of ['0', '-5', 'abc', '3']) {
      await type(input, text);
      await expect(note, `typed ${text}`).toHaveText('数量至少为10');
      await expect(input).toHaveValue('10');
    }
    const twenty = edited(page);
    await type(input, '15');
    await expect(note).toHaveText('请按中包装10的倍数购买');
    await expect(input).toHaveValue('20');
    expect((await (await twenty).json()).data.list.find((l: Line) => l.goods_id === g.id).number).toBe(20);

    await type(input, '999999');
    await expect(note).toHaveText(`库存不足，最多可购买${most}${g.bzdw}`);
    await expect(input).toHaveValue('20');
    await shot(page, 'cart-quantity-note');
    // The next step starts from 20: the 999999 was never sent, nor the whole stock.
    const thirty = edited(page);
    await row.getByTestId('quantity-plus').click();
    await expect(note).toHaveCount(0);
    expect((await (await thirty).json()).data.list.find((l: Line) => l.goods_id === g.id).number).toBe(30);

    // The mini cart's box says the same.
    await page.goto('/');
    await page.getByTestId('toolbar-cart').click();
    const mini = page.getByTestId('mini-cart-line').filter({ hasText: g.name });
    await expect(mini.getByTestId('quantity-input')).toHaveValue('30');
    await type(mini.getByTestId('quantity-input'), '999999');
    await expect(mini.getByTestId('quantity-note')).toHaveText(`库存不足，最多可购买${most}${g.bzdw}`);
    await expect(mini.getByTestId('quantity-input')).toHaveValue('30');
    await page.getByTestId('right-toolbar').screenshot({ path: path.resolve(import.meta.dirname, 'screenshots', 'mini-cart-quantity-note.png') });

    // And the product page's, before anything is added.
    await page.goto(`/list/info/${g.id}`);
    const actions = page.getByTestId('detail-actions');
    await type(actions.getByTestId('quantity-input'), '3');
    await expect(actions.getByTestId('quantity-note')).toHaveText('数量至少为10');
    await expect(actions.getByTestId('quantity-input')).toHaveValue('10');
    await type(actions.getByTestId('quantity-input'), '999999');
    await expect(actions.getByTestId('quantity-note')).toHaveText(`库存不足，最多可购买${most}${g.bzdw}`);
    await expect(actions.getByTestId('quantity-input')).toHaveValue('10');
    await shot(page, 'detail-quantity-note');
    await clearCart(page.request);
  });
});
