/** A goods on the flash sale, bought from the home page's flash-sale floor and from its own product page. */
import { expect, test, type Page } from '@playwright/test';
import { formatMoney, yuanToFen } from '../core/money';
import { api, clearCart, loginByApi, operatorRequest, shot, withAccount, type Envelope } from './helpers';

type Session = { id: number; name: string; status: number; end_time: number };
type SpikeGoods = { id: number; name: string; base_price: string; activity_price: string; limit: number; zbz: number; bzdw: string };
type Sale = { current: Session | null; goods: SpikeGoods[] };
type Card = { id: number; base_price: string; number: number; zbz: number; is_buy: number; tags: string[] };
type Line = { goods_id: number; type: number; number: number; promo: { kind: string; status: string } | null };

test('demo adds a flash-sale goods from the home page and from its product page, which shows the flash price, countdown and limit, and gets one line at the flash price', async ({
  page,
}) => {
  await loginByApi(page, 'demo');
  const sale = await sessionOnNow(page);
  const current = sale.current!;
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

/** `YYYY-MM-DD HH:mm` in China time, as the console takes it. */
const chinaMinute = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');

/**
 * The flash-sale session on now with more than a minute left, whatever the hour. The demo data's sessions run
 * 08:00-24:00 China time; in its last minute the journey waits for the next session, and before 08:00 the
 * console opens one for those hours (00:00-08:00, beside the seeded ones) with a goods at 70% of its price.
 */
async function sessionOnNow(page: Page): Promise<Sale> {
  for (;;) {
    const sale = await api<Sale>(page, 'GET', '/api/index/spike');
    const left = sale.current?.status === 1 && sale.goods.length ? sale.current.end_time * 1000 - Date.now() : 0;
    if (left > 60_000) return sale;
    if (left > 0) {
      // The session ends within the minute: the journey starts with the next one.
      await page.waitForTimeout(left + 1_000);
      continue;
    }
    const ops = await operatorRequest('ops');
    const post = async <T>(url: string, data: Record<string, unknown>) => {
      const body = (await (await ops.post(url, { data })).json()) as Envelope<T>;
      expect(body.code, `${url}: ${body.message}`).toBe(10000);
      return body.data;
    };
    const { id } = await post<{ id: number }>('/api/admin/activities', {
      type: 'spike',
      name: '凌晨秒杀',
      starts_at: chinaMinute(Date.now() - 86_400_000),
      ends_at: chinaMinute(Date.now() + 86_400_000),
      daily_start: '00:00',
      daily_end: '08:00',
    });
    const list = await api<{ data: Card[] }>(page, 'GET', '/api/goods/list?sort=sales&per_page=40');
    const g = list.data.find((c) => c.is_buy === 1 && c.number >= c.zbz * 20 && !c.tags.some((t) => ['秒', '特'].includes(t)))!;
    const price = ((Math.floor((Number(g.base_price) * 100 * 7) / 10) / 100) as number).toFixed(2);
    await post(`/api/admin/activities/${id}/goods`, { goods_ids: [g.id], price, limit_per_user: g.zbz * 5, quota: g.zbz * 100 });
    await ops.dispose();
  }
}
