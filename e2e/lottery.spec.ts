/**
 * 抽奖: demo meets the pop-up on the home page, draws, sees the light stop on the prize and the result alert
 * 恭喜您抽中{奖品名称}（{remarks}）, and finds the draw in its points log and records and the prize where the wallet
 * keeps it; closing while the draw runs asks first; a physical prize takes one of demo's addresses.
 */
import { expect, test, type Page } from '@playwright/test';
import { drawStatusText, type DrawResult, type PrizeKind } from '../core/schemas/lottery';
import { loginByApi, shotWhole, shotWindow, withAccount } from './helpers';

const isDraw = (url: string) => new URL(url).pathname === '/api/draw';

/** Holds the draw's answer on its way back until `release` (the real request, only later). */
async function holdDraws(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => isDraw(url.toString()),
    async (route) => {
      await released;
      await route.continue();
    },
  );
  return { release: () => release() };
}

async function openPopup(page: Page) {
  await loginByApi(page, 'demo', undefined, { lotteryPopup: true });
  await page.goto('/');
  const popup = page.getByTestId('draw-popup');
  await expect(popup.getByTestId('draw-cell')).toHaveCount(8);
  await expect(popup.getByTestId('draw-go')).toBeEnabled();
  return popup;
}

test('demo draws in the home page pop-up, sees the result after the animation, and finds the prize in the wallet', async ({ page }) => {
  test.setTimeout(120_000);
  await withAccount('demo', async () => {
    const popup = await openPopup(page);
    await expect(popup.getByTestId('draw-winners')).toContainText('抽中');
    await expect(popup).toContainText('每次消耗20积分');
    await shotWindow(page, 'lottery-popup');

    // The draw's answer is held until the running grid is seen.
    const hold = await holdDraws(page);
    const answer = page.waitForResponse((r) => isDraw(r.url()));
    await popup.getByTestId('draw-go').click();
    await expect(popup).toHaveAttribute('data-phase', 'drawing');
    await expect(popup.getByTestId('draw-go')).toContainText('抽奖中');
    await shotWindow(page, 'lottery-drawing');
    hold.release();
    const result = ((await (await answer).json()) as { data: DrawResult }).data;

    const alert = page.locator('.yct-draw-result');
    await expect(alert).toBeVisible();
    const title = result.won ? `恭喜您抽中${result.prize.name}（${result.remarks}）` : '谢谢参与';
    await expect(alert).toContainText(title);
    await expect(popup.locator(`[data-slot="${result.prize.slot}"]`)).toHaveAttribute('data-lit', '1');
    await expect(alert).toHaveCSS('opacity', '1');
    await shotWindow(page, 'lottery-result');
    // Once the result is read the pop-up closes.
    await alert.getByTestId('draw-result-ok').click();
    await expect(popup).toBeHidden();

    // The draw cost 20 points, in the points log; the records list it with what became of the prize.
    await page.goto('/jfgl');
    await expect(page.getByTestId('points-log')).toContainText('抽奖消耗');
    const records = page.getByTestId('draw-section');
    await expect(records.getByTestId('draw-record-prize').first()).toContainText(result.prize.name);
    await expect(records.getByTestId('draw-record-status').first()).toHaveText(drawStatusText(result.prize.kind, result.status));
    await shotWhole(page, 'lottery-points-page');
    // Where each kind of prize is kept: points in the points log, a red packet among the red packets, a coupon
    // among the coupons; a physical prize waits in the records for its address, and after 谢谢参与 the cost is the
    // points log's latest line.
    const pointsRows = page.getByTestId('points-log').locator('.ant-table-row');
    const latestPoints = pointsRows.first();
    const kept: Record<PrizeKind, () => Promise<void>> = {
      // One transaction credits the points won, then takes the cost: the latest line is the cost, the reward next.
      points: async () => {
        await expect(latestPoints).toContainText('抽奖消耗');
        await expect(pointsRows.nth(1)).toContainText('抽奖奖励');
      },
      red_packet: async () => {
        await page.goto('/zhhb');
        await expect(page.getByText('抽奖红包').first()).toBeVisible();
      },
      coupon: async () => {
        await page.goto('/yhq');
        await expect(page.getByText('抽奖专享 满200减10').first()).toBeVisible();
      },
      goods: () => expect(records.getByTestId('draw-record-address').first()).toBeVisible(),
      none: () => expect(latestPoints).toContainText('抽奖消耗'),
    };
    await kept[result.prize.kind]();
  });
});

test('closing the pop-up while drawing asks first, and the draw still lands in my records', async ({ page }) => {
  test.setTimeout(120_000);
  await withAccount('demo', async () => {
    const popup = await openPopup(page);
    // The draw's answer waits until the buyer has closed the pop-up: the draw is surely still running then.
    const hold = await holdDraws(page);
    await popup.getByTestId('draw-go').click();
    await expect(popup).toHaveAttribute('data-phase', 'drawing');
    await page.locator('.yct-draw-modal .ant-modal-close').click();
    const confirm = page.locator('.yct-draw-confirm');
    await expect(confirm).toContainText('抽奖进行中，关闭后若未显示结果请到个人中心查看');
    await expect(confirm.getByTestId('draw-confirm-close')).toContainText(/关\s*闭/);
    await expect(confirm.getByTestId('draw-confirm-cancel')).toContainText(/取\s*消/);
    await expect(confirm).toHaveCSS('opacity', '1');
    await shotWindow(page, 'lottery-close-confirm');
    await confirm.getByTestId('draw-confirm-close').click();
    await expect(popup).toBeHidden();
    const answer = page.waitForResponse((r) => isDraw(r.url()));
    hold.release();
    const result = ((await (await answer).json()) as { data: DrawResult }).data;
    await expect(page.locator('.yct-draw-result')).toHaveCount(0);

    await page.goto('/jfgl');
    await expect(page.getByTestId('draw-section').getByTestId('draw-record-prize').first()).toContainText(result.prize.name);
  });
});

test('a physical prize waits for an address from my address book, then for shipping', async ({ page }) => {
  await withAccount('demo', async () => {
    await loginByApi(page, 'demo');
    await page.goto('/jfgl');
    const section = page.getByTestId('draw-section');
    const row = section.locator('tr', { hasText: '电子体温计' }).first();
    await expect(row.getByTestId('draw-record-status')).toHaveText('待填写地址');
    await row.getByTestId('draw-record-address').click();
    await expect(page.getByTestId('draw-address-option').first()).toBeVisible();
    // Once the dialog has finished opening.
    await expect(page.locator('.ant-modal', { hasText: '填写收货地址' })).toHaveCSS('opacity', '1');
    await shotWindow(page, 'lottery-address');
    await page.getByTestId('draw-address-save').click();
    await expect(page.getByText('收货地址已提交，奖品将尽快发出')).toBeVisible();
    await expect(row.getByTestId('draw-record-status')).toHaveText('待发货');
    await expect(row).toContainText('浙江省');
    await shotWhole(page, 'lottery-records');
  });
});
