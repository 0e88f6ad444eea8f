/** The cart as a buyer uses it: adding from the list, the mini cart, /cart with its 满减 group, and the address book. */
import { expect, test, type APIRequestContext, type Page, type Response } from '@playwright/test';
import { clearCart, DEMO_PASSWORD, loginByApi, pickOption, registerWaitingClinic, shot, withAccount, XHR } from './helpers';

type Goods = {
  id: number;
  name: string;
  base_price: string;
  zbz: number;
  number: number;
  is_buy: number;
  is_kx: number;
  is_ephedrine: number;
  tags: string[];
  ladder_price: unknown[];
};
type Line = { id: number; goods_id: number; number: number; amount: string };
type CartList = { list: Line[]; total: { pay_amount: string; selected_count: number; manjian_amount: string; goods_amount: string; shipping_amount: string } };

/** ¥1,096.00, the way the cart shows a two-decimal amount. */
const money = (yuan: string) => {
  const [whole, frac] = yuan.split('.');
  return `¥${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${frac}`;
};
const fen = (yuan: string) => Math.round(Number(yuan) * 100);

async function apiData<T>(page: Page, url: string): Promise<T> {
  const body = await (await page.request.get(url, { headers: XHR })).json();
  expect(body.code, url).toBe(10000);
  return body.data as T;
}

/** The answer of the next cart change whose path matches. */
const cartAnswer = (page: Page, path: RegExp) => page.waitForResponse((r: Response) => r.request().method() === 'POST' && path.test(new URL(r.url()).pathname));

/** Back at the top with the header unstuck and no toast left, for a screenshot that shows the page as it rests. */
async function settle(page: Page) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(page.getByTestId('header-bar')).toHaveAttribute('data-sticky', '0');
  await expect(page.locator('.ant-message-notice')).toHaveCount(0);
}

/** A screenshot with the window as tall as the page, so the bar kept in view sits where it belongs. */
async function shotWhole(page: Page, name: string) {
  await settle(page);
  const size = page.viewportSize()!;
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: size.width, height });
  await shot(page, name);
  await page.setViewportSize(size);
}

async function answerData<T>(response: Promise<Response>): Promise<T> {
  const body = await (await response).json();
  expect(body.code).toBe(10000);
  return body.data as T;
}

test('a chain buyer adds two 华北制药 goods from the list, checks the mini cart, steps, unticks, reaches 满1000减50, deletes a line and goes to step 2', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await loginByApi(page, 'chain');
  await withAccount('chain', async () => {
    await clearCart(page.request);

    // The first page of 华北制药 goods the grid shows: a plain goods (no tiers, no flash sale or special) for the
    // 满减 and a second one to step and untick.
    const { brand } = await apiData<{ brand: { id: number; name: string }[] }>(page, '/api/goods/fl');
    const brandId = brand.find((b) => b.name === '华北制药')!.id;
    const { data: goods } = await apiData<{ data: Goods[] }>(page, `/api/goods/list?brand=${brandId}&per_page=20`);
    const plain = goods.filter((g) => g.is_buy && !g.ladder_price.length && !g.tags.some((t) => t === '秒' || t === '特'));
    const needFor = (g: Goods) => Math.ceil(100_000 / (fen(g.base_price) * g.zbz)) * g.zbz;
    const big = plain.find((g) => g.number >= needFor(g) && fen(g.base_price) * needFor(g) < 200_000);
    expect(big, 'a 华北制药 goods with stock enough for ¥1000').toBeTruthy();
    const small = plain.find((g) => g.id !== big!.id && g.number >= 2 * g.zbz && fen(g.base_price) * g.zbz < 50_000);
    expect(small, 'a second 华北制药 goods').toBeTruthy();

    await page.goto(`/list?brand=${brandId}`);
    for (const g of [big!, small!]) {
      const card = page.getByTestId('goods-card').filter({ has: page.locator(`a[href="/list/info/${g.id}"]`) });
      const added = cartAnswer(page, /^\/api\/cart$/);
      await card.getByTestId('add-to-cart').click();
      await answerData(added);
    }
    await expect(page.getByTestId('toolbar-cart-badge')).toHaveAttribute('data-count', '2');
    await expect(page.getByTestId('cart-badge')).toHaveAttribute('data-count', '2');

    // The mini cart slides out of the toolbar with both lines and the server's total.
    const server = await apiData<CartList>(page, '/api/cart/list');
    await settle(page);
    await page.getByTestId('toolbar-cart').click();
    const toolbar = page.getByTestId('right-toolbar');
    await expect(toolbar).toHaveAttribute('data-open', '1');
    await expect(toolbar).toHaveCSS('width', '310px');
    await expect(page.getByTestId('mini-cart-line')).toHaveCount(2);
    await expect(page.getByTestId('mini-cart')).toContainText(big!.name);
    await expect(page.getByTestId('mini-cart')).toContainText(small!.name);
    await expect(page.getByTestId('mini-cart-total')).toHaveText(money(server.total.pay_amount));
    // The total says what it is made of, as the cart's bar does: goods, then shipping.
    await expect(page.getByTestId('mini-cart-goods')).toHaveText(money(server.total.goods_amount));
    await expect(page.getByTestId('mini-cart-shipping')).toHaveText(
      Number(server.total.shipping_amount) === 0 ? '免运费' : `+${money(server.total.shipping_amount)}`,
    );
    await shot(page, 'mini-cart');
    await page.getByTestId('mini-cart-checkout').click();

    // /cart: step 1 of the step image, no toolbar, both lines in the 满减 group, not reached yet.
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByTestId('cart-steps').locator('[aria-current="step"]')).toContainText('我的购物车');
    await expect(page.getByTestId('right-toolbar')).toHaveCount(0);
    const group = page.getByTestId('manjian-group');
    await expect(group).toHaveAttribute('data-reached', '0');
    await expect(group.getByTestId('manjian-progress')).toContainText('还差');
    const lines = page.getByTestId('cart-line');
    await expect(lines).toHaveCount(2);
    // 去结算 is the bar's full height at its right end, as Chinese B2B carts draw it, not a strip inside it.
    const bar = (await page.getByTestId('cart-bar').boundingBox())!;
    const go = (await page.getByTestId('checkout').boundingBox())!;
    expect(go.height, '去结算 fills the bar').toBeGreaterThanOrEqual(bar.height - 2);
    expect(bar.x + bar.width - (go.x + go.width), '去结算 at the end of the bar').toBeLessThanOrEqual(1);
    const lineOf = (g: Goods) => page.locator(`[data-testid="cart-line"][data-goods-id="${g.id}"]`);
    const bigLine = lineOf(big!);
    const smallLine = lineOf(small!);

    // One more middle package of the second goods: its subtotal and the total are the server's.
    const stepped = cartAnswer(page, /^\/api\/cart\/\d+\/edit$/);
    await smallLine.getByTestId('quantity-plus').click();
    const afterStep = await answerData<CartList>(stepped);
    const smallNow = afterStep.list.find((l) => l.goods_id === small!.id)!;
    await expect(smallLine.getByTestId('line-amount')).toHaveText(money(smallNow.amount));
    await expect(page.getByTestId('bar-pay')).toHaveText(money(afterStep.total.pay_amount));
    expect(afterStep.total.pay_amount).not.toBe(server.total.pay_amount);

    // Unticked, the line leaves the total.
    const unticked = cartAnswer(page, /^\/api\/cart\/batch_select$/);
    await smallLine.getByTestId('line-check').click();
    const afterUntick = await answerData<CartList>(unticked);
    await expect(smallLine).toHaveAttribute('data-selected', '0');
    await expect(page.getByTestId('bar-pay')).toHaveText(money(afterUntick.total.pay_amount));
    expect(fen(afterUntick.total.pay_amount)).toBeLessThan(fen(afterStep.total.pay_amount));
    await expect(page.getByTestId('bar-count')).toContainText('已选 1 种');

    // Enough of the first goods for ¥1000: the first tier is reached and 满减 -¥50.00 comes off.
    const typed = cartAnswer(page, /^\/api\/cart\/\d+\/edit$/);
    const input = bigLine.getByTestId('quantity-input');
    await input.fill(String(needFor(big!)));
    await input.press('Enter');
    const reached = await answerData<CartList>(typed);
    expect(reached.total.manjian_amount).toBe('50.00');
    await expect(group).toHaveAttribute('data-reached', '1');
    await expect(group.getByTestId('manjian-tier').first()).toHaveAttribute('data-status', '1');
    await expect(group.getByTestId('manjian-progress')).toContainText('已满足满1000减50');
    await expect(page.getByTestId('bar-detail')).toContainText('满减 -¥50.00');
    await expect(bigLine.getByTestId('line-discount')).toHaveText('满减 -¥50.00');
    await expect(page.getByTestId('bar-pay')).toHaveText(money(reached.total.pay_amount));
    await shotWhole(page, 'cart');

    // Deleting asks first, then the line and its badge count go.
    await smallLine.getByTestId('line-delete').click();
    const dialog = page.locator('.ant-modal-confirm');
    await expect(dialog.locator('.ant-modal-confirm-title')).toHaveText('确定删除这件商品吗?');
    await dialog.getByRole('button', { name: /^删\s*除$/ }).click();
    await expect(lines).toHaveCount(1);
    await expect(page.getByTestId('cart-badge')).toHaveAttribute('data-count', '1');

    await page.getByTestId('checkout').click();
    await expect(page).toHaveURL(/\/cart\/step2$/);
  });
});

test('a chain headquarters ticks cart lines, copies them to its store chain-a from 复制到门店, and the store finds them in its own cart', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(240_000);
  await loginByApi(page, 'chain');
  // chain-a's own session, beside the headquarters' page: its cart is read and emptied through the API.
  const store: APIRequestContext = await playwright.request.newContext({ baseURL });
  const storeLogin = await (await store.post('/api/user/login', { headers: XHR, data: { username: 'chain-a', password: DEMO_PASSWORD } })).json();
  expect(storeLogin.code).toBe(10000);
  const storeCart = async () => {
    const body = await (await store.get('/api/cart/list', { headers: XHR })).json();
    expect(body.code).toBe(10000);
    return body.data as CartList;
  };
  try {
    await withAccount('chain', () =>
      withAccount('chain-a', async () => {
        await clearCart(page.request);
        await clearCart(store);

        // Three plain goods any store may buy: two stay ticked and are copied, the third is unticked and is not.
        const { data: goods } = await apiData<{ data: Goods[] }>(page, '/api/goods/list?per_page=40');
        const plain = goods.filter(
          (g) => g.is_buy && !g.is_kx && !g.is_ephedrine && !g.ladder_price.length && g.number >= 2 * g.zbz && !g.tags.some((t) => t === '秒' || t === '特'),
        );
        expect(plain.length, 'three plain goods on the first list page').toBeGreaterThanOrEqual(3);
        const [first, second, unticked] = plain;
        const added = await (
          await page.request.post('/api/cart', {
            headers: XHR,
            data: { params: [first, second, unticked].map((g, i) => ({ goods_id: g.id, number: g.zbz * (i + 1) })) },
          })
        ).json();
        expect(added.code, added.message).toBe(10000);

        await page.goto('/cart');
        const lines = page.getByTestId('cart-line');
        await expect(lines).toHaveCount(3);
        const untick = cartAnswer(page, /^\/api\/cart\/batch_select$/);
        await page.locator(`[data-testid="cart-line"][data-goods-id="${unticked.id}"]`).getByTestId('line-check').click();
        const ticked = (await answerData<CartList>(untick)).list.filter((l) => l.goods_id !== unticked.id);
        await expect(page.getByTestId('bar-count')).toContainText('已选 2 种');

        // 复制到门店 lists the chain's own stores, read from the server.
        await page.getByTestId('copy-to-stores').click();
        const dialog = page.locator('.ant-modal').filter({ hasText: '复制到门店' });
        await expect(dialog).toContainText('将选中的 2 种商品');
        const storeA = dialog.getByRole('checkbox', { name: /chain-a/ });
        const storeB = dialog.getByRole('checkbox', { name: /chain-b/ });
        await expect(storeA).toBeEnabled();
        await expect(storeB).toBeEnabled();
        await expect(dialog).toContainText('浙江康泰连锁药业有限公司湖墅店');
        await expect(dialog).toContainText('浙江康泰连锁药业有限公司滨江店');
        await expect(dialog.getByTestId('copy-no-stores')).toHaveCount(0);
        await storeA.check();
        await shotWhole(page, 'cart-copy-to-stores');

        const copied = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/cart/copy');
        await dialog.getByTestId('copy-submit').click();
        const answer = await answerData<{ stores: { store_id: number; cart: number }[] }>(copied);
        expect(answer.stores).toHaveLength(1);
        await expect(page.locator('.ant-message-notice')).toContainText('已复制到1家门店的购物车');
        await expect(dialog).toBeHidden();
        // The headquarters' own cart is as it was.
        await expect(lines).toHaveCount(3);

        // chain-a's cart holds the two ticked lines at their quantities, and not the unticked one.
        const inStore = (await storeCart()).list;
        expect(inStore.map((l) => [l.goods_id, l.number]).sort()).toEqual(ticked.map((l) => [l.goods_id, l.number]).sort());
        expect(answer.stores[0].cart).toBe(2);

        await clearCart(store);
        await clearCart(page.request);
      }),
    );
  } finally {
    await store.dispose();
  }
});

test('a store with an empty cart is told so, offered 去逛逛 and some best sellers, and the mini cart says the same', async ({ page }) => {
  test.setTimeout(240_000);
  await loginByApi(page, 'chain-b');
  await withAccount('chain-b', async () => {
    await clearCart(page.request);
    await page.goto('/cart');
    const empty = page.getByTestId('cart-empty');
    await expect(empty).toContainText('购物车还是空的');
    await expect(empty.getByTestId('cart-go-shopping')).toHaveAttribute('href', '/list');
    await expect(empty.getByTestId('goods-card')).toHaveCount(5);
    await expect(page.getByTestId('cart-bar')).toHaveCount(0);
    await expect(page.getByTestId('cart-steps').locator('[aria-current="step"]')).toContainText('我的购物车');
    await shotWhole(page, 'cart-empty');

    await page.goto('/list');
    await page.getByTestId('toolbar-cart').click();
    await expect(page.getByTestId('mini-cart')).toContainText('购物车还是空的');
    await page.getByTestId('mini-cart-close').click();
    await expect(page.getByTestId('right-toolbar')).toHaveAttribute('data-open', '0');
  });
});

test('a clinic waiting for review is told on /cart why it cannot buy yet, with the way to its licences', async ({ page }) => {
  await registerWaitingClinic(page);
  await page.goto('/cart');
  const refused = await page.request.get('/api/cart/list', { headers: XHR });
  const { message } = await refused.json();
  await expect(page.getByTestId('cart-page')).toContainText(message);
  await expect(page.getByTestId('cart-licences')).toHaveAttribute('href', '/zhzx/zzzj');
  // Shown on the page, not as an alert.
  await expect(page.locator('.ant-modal-confirm')).toHaveCount(0);
});

test('a clinic keeps its receiving addresses: a bad phone is told under the field, the first address is the default, another is made the default and deleted', async ({
  page,
}) => {
  // A clinic that has just registered: no address yet, and no other journey uses its address book.
  await registerWaitingClinic(page);
  await page.goto('/zhzx/addr');
  await expect(page.getByTestId('account-menu').locator('[aria-current="page"]')).toHaveText('收货地址');
  await expect(page.getByTestId('addresses-page').getByTestId('empty-state')).toContainText('暂无收货地址');

  const form = page.getByTestId('address-form');
  const fill = async (name: string, phone: string, district: string, street: string) => {
    await page.getByTestId('address-name').fill(name);
    await pickOption(page, 'address-province', '浙江省');
    await pickOption(page, 'address-city', '宁波市');
    await pickOption(page, 'address-district', district);
    await page.getByTestId('address-street').fill(street);
    await page.getByTestId('address-phone').fill(phone);
  };
  await page.getByTestId('address-add').click();
  await fill('林晓', '0574-8888', '鄞州区', '天童南路 588 号 诊所药房');
  await page.getByTestId('address-save').click();
  // The message under the field is the one the server answers for the same phone (422 on phone).
  const refused = await (
    await page.request.post('/api/address', {
      headers: XHR,
      form: { name: '林晓', phone: '0574-8888', province: '浙江省', city: '宁波市', district: '鄞州区', address: '天童南路 588 号' },
    })
  ).json();
  expect(refused.code).toBe(422);
  const phoneItem = page.locator('.ant-form-item').filter({ has: page.getByTestId('address-phone') });
  await expect(phoneItem.locator('.ant-form-item-explain-error')).toHaveText(refused.data.errors.phone[0]);
  expect(await apiData<unknown[]>(page, '/api/address')).toHaveLength(0);

  await page.getByTestId('address-phone').fill('0574-88886666');
  await page.getByTestId('address-save').click();
  await expect(form).toBeHidden();
  const rows = page.getByTestId('address-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('0574-88886666');
  await expect(rows.first()).toContainText('浙江省 宁波市 鄞州区');
  await expect(rows.first().getByTestId('address-default-tag')).toBeVisible();

  await page.getByTestId('address-add').click();
  await fill('周敏', '13900000123', '海曙区', '中山西路 66 号 仓库');
  await page.getByTestId('address-save').click();
  await expect(form).toBeHidden();
  await expect(rows).toHaveCount(2);
  const second = rows.filter({ hasText: '周敏' });
  await expect(second.getByTestId('address-default-tag')).toHaveCount(0);
  await second.getByTestId('address-set-default').click();
  await expect(rows.first()).toContainText('周敏');
  await expect(rows.first().getByTestId('address-default-tag')).toBeVisible();
  await expect(page.getByTestId('address-default-tag')).toHaveCount(1);
  await shotWhole(page, 'addresses');

  await second.getByTestId('address-delete').click();
  const dialog = page.locator('.ant-modal-confirm');
  await expect(dialog.locator('.ant-modal-confirm-title')).toHaveText('确定删除该收货地址吗?');
  await dialog.getByRole('button', { name: /^删\s*除$/ }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('林晓');
  await expect(rows.first().getByTestId('address-default-tag')).toBeVisible();
});
