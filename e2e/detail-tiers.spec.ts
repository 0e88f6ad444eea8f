/** The goods detail's quantity tiers follow the quantity the buyer picks. */
import { expect, test } from '@playwright/test';
import { formatMoney, yuanToFen } from '../core/money';
import { api, loginByApi, shot } from './helpers';

type Goods = {
  id: number;
  name: string;
  zbz: number;
  bzdw: string;
  base_price: string;
  ladder_price: { number: number; price: string }[];
  is_buy: number;
  number: number;
  tags: string[];
};

test('at the quantity of the first tier the detail highlights that tier, prices the quantity and says what the next tier saves', async ({ page }) => {
  await loginByApi(page, 'chain');
  const list = await api<{ data: Goods[] }>(page, 'GET', '/api/goods/list?in_stock=1&per_page=100&sort=sales');
  // Two tiers, the second cheaper, and the first's quantity in whole middle packages still short of the second;
  // on no flash sale or special, whose price the product page would show instead of the tier's.
  const g = list.data.find((x) => {
    const [first, second] = x.ladder_price;
    return (
      x.is_buy &&
      !x.tags.includes('秒') &&
      !x.tags.includes('特') &&
      second &&
      x.number >= second.number &&
      Math.ceil(first.number / x.zbz) * x.zbz < second.number &&
      yuanToFen(second.price) < yuanToFen(first.price)
    );
  });
  expect(g, 'a goods with two tiers in stock').toBeTruthy();
  const [first, second] = g!.ladder_price;
  await page.goto(`/list/info/${g!.id}`);
  const table = page.getByTestId('ladder-table');
  // At the middle package the base price applies: its row is the highlighted one.
  await expect(table).toHaveAttribute('data-row', first.number <= g!.zbz ? '0' : '-1');
  const buy = page.getByTestId('detail-actions');
  const qty = buy.getByTestId('quantity-input');
  // The first tier's quantity in whole middle packages, typed as a buyer does.
  const n = Math.ceil(first.number / g!.zbz) * g!.zbz;
  await qty.fill(String(n));
  await qty.press('Enter');
  await expect(qty).toHaveValue(String(n));
  await expect(table).toHaveAttribute('data-row', '0');
  await expect(table.locator('tr.is-reached')).toContainText(formatMoney(yuanToFen(first.price)).replace(/,/g, ''));
  await expect(page.getByTestId('ladder-unit')).toHaveText(formatMoney(yuanToFen(first.price)));
  await expect(page.getByTestId('ladder-subtotal')).toHaveText(formatMoney(yuanToFen(first.price) * n));
  const saves = (yuanToFen(first.price) - yuanToFen(second.price)) * second.number;
  await expect(page.getByTestId('ladder-next')).toContainText(`再购 ${second.number - n}${g!.bzdw}`);
  await expect(page.getByTestId('ladder-next')).toContainText(`共省 ${formatMoney(saves)}`);
  await shot(page, 'detail-tiers');
});
