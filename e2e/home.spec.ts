/** The home page and the promotion and brand screens it leads to, as a guest and as the approved pharmacy demo. */
import { expect, test, type Page } from '@playwright/test';
import { changeList, loginByApi, scrollThrough, shot } from './helpers';

type Session = { id: number; name: string; start_time: number; end_time: number; status: 0 | 1 | 2 };

/** A price as the page shows it (¥12.30, or ¥ 12 .30 split over elements) in yuan. */
const yuan = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));

/** Hours and minutes of a Unix time on the China clock, as the session list shows them. */
const chinaClock = (seconds: number) => new Date((seconds + 8 * 3600) * 1000).toISOString().slice(11, 16);

async function apiData<T>(page: Page, url: string): Promise<T> {
  const res = await page.request.get(url);
  expect(res.ok(), url).toBe(true);
  const body = await res.json();
  expect(body.code, url).toBe(10000);
  return body.data as T;
}

test('a guest on the home page sees the carousel, the open menu, every floor and 为你推荐, with 登录可见 instead of prices', async ({ page }) => {
  await page.goto('/');
  const banners = await apiData<unknown[]>(page, '/api/focus');
  expect(banners.length).toBeGreaterThan(1);
  await expect(page.getByTestId('hero-carousel')).toBeVisible();
  await expect(page.getByTestId('hero-slide')).toHaveCount(banners.length);
  await expect(page.getByTestId('hero-slide').locator('img').first()).toBeVisible();

  await expect(page.getByTestId('category-menu')).toBeVisible();
  await expect(page.getByTestId('category-item')).toHaveCount(7);

  // The flash sale: today's sessions (the demo data's three, and one the console opens before 08:00 China time
  // in detail-offer.spec.ts) and a countdown that runs on the server clock.
  const spike = page.getByTestId('spike-floor');
  const sale = await apiData<{ sessions: unknown[] }>(page, '/api/index/spike');
  expect(sale.sessions.length).toBeGreaterThanOrEqual(3);
  await expect(spike.getByTestId('spike-sessions').locator('li')).toHaveCount(sale.sessions.length);
  const countdown = spike.getByTestId('countdown');
  await expect(countdown).toBeVisible();
  const left = Number(await countdown.getAttribute('data-left'));
  expect(left).toBeGreaterThan(0);
  await expect.poll(async () => Number(await countdown.getAttribute('data-left')), { timeout: 5000 }).toBeLessThanOrEqual(left - 2);
  await expect(spike.getByTestId('promo-card').first()).toBeVisible();
  await expect(spike.getByTestId('price-tip').first()).toHaveText('登录可见');

  const daily = page.getByTestId('daily-floor');
  await expect(daily.getByTestId('promo-card')).toHaveCount(5);
  await expect(daily.getByTestId('price-tip').first()).toHaveText('登录可见');

  await expect(page.getByTestId('activity-tiles').locator('li img')).toHaveCount(6);

  const floors = page.getByTestId('category-floor');
  await expect(floors.locator('h2')).toHaveText([/^1F/, /^2F/, /^3F/, /^4F/, /^5F/, /^6F/]);
  for (const floor of await floors.all()) await expect(floor.getByTestId('goods-card').first()).toBeVisible();

  await expect(page.getByTestId('brand-strip').locator('img').first()).toBeVisible();

  // 为你推荐 loads when the buyer scrolls near it, ten at a time.
  const recommend = page.getByTestId('recommendations');
  await recommend.scrollIntoViewIfNeeded();
  const cards = page.getByTestId('recommend-goods').getByTestId('goods-card');
  await expect(cards).toHaveCount(10);
  await page.getByTestId('recommend-more').click();
  await expect(cards).toHaveCount(20);

  await expect(page.getByTestId('price-tip').first()).toHaveText('登录可见');
  await expect(page.getByTestId('price')).toHaveCount(0);
  await scrollThrough(page);
  await page.mouse.move(1270, 890);
  await shot(page, 'home-guest');
});

test('the page HTML paints the first carousel banner in its place, and the carousel takes over that very picture', async ({ page }) => {
  // Before any script runs: the picture of the HTML, and where it lies.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const img = document.querySelector('#yct-boot-hero img');
      const w = window as unknown as { bootHero?: Element | null; bootBox?: DOMRect };
      w.bootHero = img;
      w.bootBox = img?.getBoundingClientRect();
    });
  });
  for (const width of [1920, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    const slide = page.getByTestId('hero-slide').first().locator('img');
    await expect(slide).toBeVisible();
    await expect(page.locator('#yct-boot')).toHaveCount(0);
    const same = await slide.evaluate((img) => {
      const w = window as unknown as { bootHero?: Element | null; bootBox?: DOMRect };
      const box = img.getBoundingClientRect();
      return { adopted: w.bootHero === img, dx: Math.abs(box.x - w.bootBox!.x), dy: Math.abs(box.y - w.bootBox!.y), width: box.width };
    });
    expect(same, `at ${width} px`).toEqual({ adopted: true, dx: 0, dy: 0, width: 780 });
  }
});

test('demo on the home page sees flash-sale prices under the struck-out usual ones, and the account panel with points', async ({ page }) => {
  await loginByApi(page, 'demo');
  await page.goto('/');
  const spike = page.getByTestId('spike-floor');
  const cards = spike.getByTestId('promo-card');
  await expect(cards.first()).toBeVisible();
  await expect(spike.getByTestId('price-tip')).toHaveCount(0);
  for (const card of await cards.all()) {
    const price = yuan(await card.getByTestId('price').textContent());
    const original = card.getByTestId('original-price');
    expect(await original.evaluate((el) => el.tagName)).toBe('DEL');
    expect(price).toBeGreaterThan(0);
    expect(yuan(await original.textContent())).toBeGreaterThan(price);
  }

  // Before 08:00 China time the next session has not started: its goods show 即将开抢 and cannot be added.
  const sale = await apiData<{ sessions: Session[]; current: Session | null }>(page, '/api/index/spike');
  const sessions = spike.getByTestId('spike-sessions').locator('li');
  await expect(sessions).toHaveText(sale.sessions.map((s) => `${chinaClock(s.start_time)}${['即将开始', '抢购中', '已结束'][s.status]}`));
  expect(sale.current).not.toBeNull();
  const current = sale.current!;
  const buttons = spike.getByTestId('add-to-cart');
  if (current.status === 1) {
    await expect(spike.getByTestId('countdown')).toContainText(`${current.name} 距结束`);
    for (const button of await buttons.all()) {
      await expect(button).toBeEnabled();
      await expect(button).toHaveText('加入购物车');
    }
  } else {
    await expect(spike.getByTestId('countdown')).toContainText(`${current.name} 距开始`);
    for (const button of await buttons.all()) {
      await expect(button).toBeDisabled();
      await expect(button).toHaveText('即将开抢');
    }
  }

  const account = page.getByTestId('home-user');
  await expect(account).toContainText('杭州仁和大药房有限公司');
  await expect(account.getByTestId('home-user-review')).toHaveText('资质已认证');
  await expect(
    account
      .locator('dl > div')
      .filter({ has: page.locator('dt', { hasText: '积分' }) })
      .locator('dd'),
    // Other journeys earn and spend demo's points (orders, the points mall, the lottery): the panel shows the server's figure.
  ).toHaveText(String((await apiData<{ points: number }>(page, '/api/user/base')).points));
  await scrollThrough(page);
  await page.mouse.move(1270, 890);
  await shot(page, 'home-logged-in');
});

test('每日特价 lists today’s ten specials, each with its daily limit', async ({ page }) => {
  await page.goto('/mrtj');
  const screen = page.getByTestId('daily-specials-page');
  const cards = screen.getByTestId('promo-card');
  await expect(cards).toHaveCount(10);
  for (const card of await cards.all()) await expect(card.getByTestId('promo-limit')).toHaveText(/^每日限购 [1-9]\d*[^\d\s]+$/);
  await scrollThrough(page);
  await shot(page, 'daily-specials');
});

test('the brand zone pages through its brands, and a brand’s page lists its goods with their makers', async ({ page }) => {
  await page.goto('/ppzq');
  const tiles = page.getByTestId('brand-tile');
  await expect(tiles).toHaveCount(12);
  const names = () => tiles.locator('strong').allTextContents();
  const first = await names();
  await expect(page.locator('.yct-pager .ant-pagination')).toBeVisible();
  await scrollThrough(page);
  await shot(page, 'brand-zone');

  await page.locator('.yct-pager .ant-pagination-item-2').click();
  await expect(page).toHaveURL(/\/ppzq_index\/2$/);
  await expect.poll(names).not.toEqual(first);
  expect((await names()).filter((n) => first.includes(n))).toEqual([]);

  const tile = tiles.first();
  const brand = (await tile.locator('strong').textContent()) ?? '';
  await tile.locator('.yct-brand__head').click();
  await expect(page).toHaveURL(/\/ppzq\/info\/\d+$/);
  await expect(page.getByTestId('brand-intro')).toContainText(brand);
  const cards = page.getByTestId('goods-grid').getByTestId('goods-card');
  await expect(cards.first()).toBeVisible();
  for (const maker of await cards.locator('.yct-card__maker').allTextContents()) expect(maker.trim()).not.toBe('');
  await scrollThrough(page);
  await shot(page, 'brand-detail');
});

test('demo, who may buy controlled-sale goods, sees the four sections of /kxzq/new and opens one of them', async ({ page }) => {
  await loginByApi(page, 'demo');
  await page.goto('/kxzq/new');
  const sections = page.getByTestId('controlled-section');
  await expect(sections).toHaveCount(4);
  for (const section of await sections.all()) await expect(section.getByTestId('goods-card').first()).toBeVisible();
  await expect(page.getByTestId('controlled-notice')).toHaveCount(0);
  await scrollThrough(page);
  await shot(page, 'zone-controlled-new');

  const title = (await sections.nth(1).locator('h2').textContent()) ?? '';
  await sections.nth(1).getByText('更多 ›').click();
  await expect(page).toHaveURL(/\/kxzq\/goods\/\d+\/\d+$/);
  await expect(page.locator('.yct-kx-head h1')).toHaveText(title);
  await expect(page.getByTestId('goods-grid').getByTestId('goods-card').first()).toBeVisible();
  await expect(page.getByTestId('price').first()).toBeVisible();
  await scrollThrough(page);
  await shot(page, 'zone-controlled-goods');
});

test('a guest on /kxzq/new is told the zone is for contracted buyers and sees no goods', async ({ page }) => {
  await page.goto('/kxzq/new');
  await expect(page.getByTestId('controlled-notice')).toContainText('控销专区仅对签约客户开放');
  await expect(page.getByTestId('controlled-notice').getByRole('link', { name: '请先登录 ›' })).toBeVisible();
  await expect(page.getByTestId('controlled-section')).toHaveCount(0);
  await expect(page.getByTestId('goods-card')).toHaveCount(0);
});

test('the free-shipping rules open bare, without header or footer, with the amounts that apply', async ({ page }) => {
  await page.goto('/yx/rule');
  await expect(page.getByTestId('rule-free-from')).toHaveText('¥800.00');
  await expect(page.getByTestId('rule-shipping')).toHaveText('¥10.00');
  await expect(page.getByTestId('site-header')).toHaveCount(0);
  await expect(page.getByTestId('category-menu')).toHaveCount(0);
  await expect(page.locator('footer')).toHaveCount(0);
  await shot(page, 'zone-free-shipping-rule');
});

test('demo narrows /list by manufacturer, by zone and by a price range', async ({ page }) => {
  await loginByApi(page, 'demo');
  await page.goto('/list');
  const cards = page.getByTestId('goods-grid').getByTestId('goods-card');
  await expect(cards).toHaveCount(20);

  // 生产厂家: the buttons show the short name, the list keeps the goods of that maker only.
  const maker = page.getByTestId('filter-makers').getByRole('button').nth(1);
  const short = (await maker.textContent()) ?? '';
  await changeList(
    page,
    () => maker.click(),
    (q) => q.has('sccj'),
  );
  await expect(maker).toHaveClass(/is-active/);
  const chosen = new URL(page.url()).searchParams.get('sccj') ?? '';
  expect(chosen.startsWith(short)).toBe(true);
  await expect(cards.first()).toBeVisible();
  const makers = await cards.locator('.yct-card__maker').allTextContents();
  expect(makers.length).toBeGreaterThan(0);
  expect(makers.every((m) => m === chosen)).toBe(true);

  await page.goto('/list');
  await changeList(
    page,
    () => page.getByTestId('zone-yx').click(),
    (q) => q.get('zone') === 'yx',
  );
  await expect(page).toHaveURL(/[?&]zone=yx(&|$)/);
  await expect(cards.first()).toBeVisible();

  await page.goto('/list');
  await page.getByTestId('price-min').fill('10');
  await page.getByTestId('price-max').fill('20');
  await changeList(
    page,
    () => page.getByTestId('price-apply').click(),
    (q) => q.get('price_min') === '10' && q.get('price_max') === '20',
  );
  await expect(page).toHaveURL(/[?&]price_min=10&price_max=20(&|$)/);
  await expect(cards.first()).toBeVisible();
  const prices = (await page.getByTestId('goods-grid').getByTestId('price').allTextContents()).map(yuan);
  expect(prices.length).toBeGreaterThan(0);
  for (const price of prices) {
    expect(price).toBeGreaterThanOrEqual(10);
    expect(price).toBeLessThanOrEqual(20);
  }
});
