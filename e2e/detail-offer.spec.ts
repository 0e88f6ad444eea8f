/** A goods on the flash sale, bought from the home page's flash-sale floor and from its own product page. */
import { expect, test } from '@playwright/test';
import { formatMoney, yuanToFen } from '../core/money';
import { api, clearCart, loginByApi, shot, withAccount } from './helpers';

type Session = { id: number; name: string; status: number; end_time: number };
type SpikeGoods = { id: number; name: string; base_price: string; activity_price: string; limit: number; zbz: number; bzdw: string };
type Line = { goods_id: number; type: number; number: number; promo: { kind: string; status: string } | null };

test('demo adds a flash-sale goods from the home page and from its product page, which shows the flash price, countdown and limit, and gets one line at the flash price', async ({
  page,
}) => {
  await loginByApi(page, 'demo');
  // The demo sessions run 08:00-24:00 China time: the seed's session on now gives the goods.
  const sale = await api<{ current: Session | null; goods: SpikeGoods[] }>(page, 'GET', '/api/index/spike');
  test.skip(sale.current?.status !== 1, 'no flash-sale session is on before 08:00 China time');
  const current = sale.current!;
  // More than a few minutes left, so that the session does not end during the journey.
  test.skip(current.end_time * 1000 - Date.now() < 3 * 60_000, 'the session ends within minutes');
  const g = sale.goods[0];
  await withAccount('demo', async () => {
    await clearCart(page.request);
    await page.goto('/');
    const card = page.getByTestId('spike-floor').getByTestId('promo-card').filter({ hasText: g.name }).first();
    await card.getByTestId('add-to-cart').click();
    await expect(page.locator('.ant-message-notice').filter({ hasText: '已加入购物车' })).toBeVisible();

    await page.goto(`/list/info/${g.id}`);
    const offer = page.getByTestId('detail-offer');
    await expect(offer.getByTestId('detail-offer-name')).toHaveText(current.name);
    await expect(offer.getByTestId('countdown')).toContainText('距结束');
    await expect(page.getByTestId('detail-offer-price')).toHaveText(`¥${g.activity_price}`);
    await expect(page.getByTestId('detail-base-price')).toHaveText(`¥${g.base_price}`);
    await expect(page.getByTestId('detail-offer-limit')).toContainText(`每日限购${g.limit}${g.bzdw}`);
    // The middle package in the box costs the flash price, within the limit.
    await expect(page.getByTestId('offer-summary')).toHaveText(
      `采购 ${g.zbz}${g.bzdw}，秒杀价 ¥${g.activity_price}，小计 ${formatMoney(yuanToFen(g.activity_price) * g.zbz)}`,
    );
    await shot(page, 'detail-flash-sale');
    await page.getByTestId('detail-actions').getByTestId('add-to-cart').click();
    await expect(page.locator('.ant-message-notice').filter({ hasText: '已加入购物车' }).first()).toBeVisible();

    await page.goto('/cart');
    const rows = page.locator(`[data-testid="cart-line"][data-goods-id="${g.id}"]`);
    await expect(rows).toHaveCount(1);
    await expect(rows.getByTestId('quantity-input')).toHaveValue(String(g.zbz * 2));
    await expect(rows).toContainText('秒杀');
    const lines = (await api<{ list: Line[] }>(page, 'GET', '/api/cart/list')).list.filter((l) => l.goods_id === g.id);
    // Within the daily limit (five middle packages in the demo data), both packages are at the flash price.
    expect(lines).toEqual([expect.objectContaining({ type: 1, number: g.zbz * 2, promo: expect.objectContaining({ kind: 'spike', status: 'on' }) })]);
    await expect(rows.getByTestId('line-price')).toHaveText(`¥${g.activity_price}`);
    await shot(page, 'cart-flash-sale-one-line');
    await clearCart(page.request);
  });
});
