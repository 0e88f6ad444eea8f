/** Back from a product to the goods list lands where the buyer had scrolled (spec: scroll remembered per route). */
import { expect, test, type Page } from '@playwright/test';
import { loginByApi } from './helpers';

/** The index of the first goods card whose name is wholly in the window. */
const cardInView = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('[data-testid="goods-card"]')].findIndex((card) => {
      const r = card.querySelector('[data-testid="goods-name"]')!.getBoundingClientRect();
      // Below the sticky search bar, and above the window's foot.
      return r.top > 120 && r.bottom < window.innerHeight - 10;
    }),
  );

/** The product page reloaded (F5, or a tab come back to): Back then loads the list afresh, and its goods arrive after the page has rendered, slowly on a busy machine. */
async function reloadProduct(page: Page) {
  await page.reload();
  await expect(page.getByTestId('detail-name')).toBeVisible();
  await page.route('**/api/goods/list?*', async (route) => {
    await new Promise((r) => setTimeout(r, 600));
    await route.continue();
  });
}

test('back from a goods opened far down /list returns demo to the same place, also when the list loads again, three times of three', async ({ page }) => {
  await loginByApi(page, 'demo');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/list');
  const cards = page.getByTestId('goods-card');
  await expect(cards.nth(19)).toBeVisible();
  const trips: [number, (page: Page) => Promise<void>][] = [
    [1500, async () => {}],
    [1750, reloadProduct],
    [1900, reloadProduct],
  ];
  for (const [y, onProduct] of trips) {
    // Scrolled again until the page stays there: on a busy machine a part above the goods that arrives late moves
    // the page (the browser keeps the goods in view), and the place to come back to is where the buyer then was.
    await expect
      .poll(() =>
        page.evaluate(async (to) => {
          window.scrollTo(0, to);
          await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
          return window.scrollY;
        }, y),
      )
      .toBe(y);
    const index = await cardInView(page);
    const at = await page.evaluate(() => Math.round(window.scrollY));
    expect(index, `a goods card in view at ${y} px`).toBeGreaterThanOrEqual(0);
    await cards.nth(index).getByTestId('goods-name').click();
    await expect(page).toHaveURL(/\/list\/info\/\d+$/);
    await expect(page.getByTestId('detail-name')).toBeVisible();
    await onProduct(page);
    await page.goBack();
    await expect(page).toHaveURL(/\/list$/);
    await expect(cards.nth(19)).toBeVisible();
    // Where the page comes to rest once the list has loaded again: the same place, within 3 px.
    await expect.poll(() => page.evaluate((to) => Math.abs(Math.round(window.scrollY) - to), at), { message: `back at ${at} px` }).toBeLessThanOrEqual(3);
    await page.unrouteAll();
  }
});
