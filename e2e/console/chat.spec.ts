/**
 * 在线客服 in the browser: the demo pharmacy (`is_can_chat` 1) and the service desk's 刘芳 chat both ways in two
 * browser contexts (text, a picture, an order card); what the desk sends while the buyer is away waits for them with
 * the toolbar's badge; on a goods page the buyer sends the goods as a card. A store without the in-site chat gets
 * the QQ links instead.
 */
import { expect, test, type Page } from '@playwright/test';
import type { UserBase } from '../../core/schemas/user';
import { api, consoleLogin, loginByApi, shot, shotWindow } from '../helpers';

/** A small picture of a pill box, drawn by the page's own canvas. */
async function pillBox(page: Page): Promise<Buffer> {
  const data = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 160;
    canvas.height = 120;
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#ffffff';
    g.fillRect(0, 0, 160, 120);
    g.fillStyle = '#1677ff';
    g.fillRect(20, 30, 120, 60);
    g.fillStyle = '#ffffff';
    g.fillRect(30, 45, 100, 12);
    return canvas.toDataURL('image/png').split(',')[1];
  });
  return Buffer.from(data, 'base64');
}

async function openBuyerChat(shop: Page) {
  await shop.getByTestId('toolbar-service').click();
  const chat = shop.getByTestId('chat-window');
  await expect(chat).toBeVisible();
  await expect(chat.getByTestId('chat-messages')).toBeVisible();
  return chat;
}

test('the buyer and the service desk chat both ways, and what the desk sends while the buyer is away waits with a badge', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const stamp = Date.now() % 100000;
  const question = `请问这批连花清瘟胶囊的效期是多久？（${stamp}）`;
  const answer = `您好，这批效期到2027年8月，可以放心采购。（${stamp}）`;
  const later = `补充一下：明天上午10点前付款当天发货。（${stamp}）`;

  // The desk opens 在线客服: the demo pharmacy's conversation is theirs.
  await consoleLogin(page, 'service');
  await page.getByTestId('admin-menu').getByRole('link', { name: '在线客服' }).click();
  await expect(page).toHaveURL(/\/admin\/chat$/);
  await expect(page.getByTestId('chat-link')).toHaveAttribute('data-link', 'open');
  const row = page.getByTestId('chat-inbox-row').filter({ hasText: '杭州仁和大药房有限公司' });
  await row.click();
  const conversation = page.getByTestId('chat-conversation');
  await expect(conversation.getByTestId('chat-conversation-title')).toHaveText('杭州仁和大药房有限公司');
  await expect(conversation.getByTestId('chat-conversation-operator')).toContainText('刘芳');
  await expect(page.getByTestId('chat-buyer')).toContainText('杭州仁和大药房有限公司');
  await expect(conversation.getByTestId('chat-messages')).toContainText('顺丰');

  // The buyer comes to the site: the seeded answer they have not read shows on the badge.
  const buyerContext = await browser.newContext();
  const shop = await buyerContext.newPage();
  await loginByApi(shop, 'demo');
  await shop.goto('/');
  await expect(shop.getByTestId('toolbar-service-badge')).toHaveAttribute('data-count', '1');
  let chat = await openBuyerChat(shop);
  await expect(chat.getByTestId('chat-contact')).toContainText('专属客服');
  await expect(chat.getByTestId('chat-online')).toHaveText('客服在线');
  await expect(chat.getByTestId('chat-messages')).toContainText('预计明天上午送达');
  await expect(chat.getByTestId('chat-day').first()).toBeVisible();
  // Reading it clears the badge.
  await expect(shop.getByTestId('toolbar-service-badge')).toHaveAttribute('data-count', '0');

  // The buyer asks; the desk sees it at once, and answers.
  await chat.getByTestId('chat-input').fill(question);
  await chat.getByTestId('chat-input').press('Enter');
  await expect(chat.getByTestId('chat-input')).toHaveValue('');
  await expect(chat.locator('[data-testid="chat-message"][data-sender="user"]').last()).toContainText(question);
  await expect(conversation.getByTestId('chat-messages')).toContainText(question);
  await conversation.getByTestId('chat-input').fill(answer);
  await conversation.getByTestId('chat-input').press('Enter');
  await expect(chat.locator('[data-testid="chat-message"][data-sender="operator"]').last()).toContainText(answer);

  // A picture from the buyer reaches the desk; the desk sends one of the buyer's orders as a card.
  await chat.getByTestId('chat-picture-input').setInputFiles({ name: '药盒.png', mimeType: 'image/png', buffer: await pillBox(shop) });
  await expect(conversation.getByTestId('chat-picture').last()).toBeVisible();
  await expect(chat.getByTestId('chat-pending')).toHaveCount(0);
  await page.getByTestId('chat-buyer').getByTestId('chat-send-order').first().click();
  await expect(chat.getByTestId('chat-order-card').last()).toBeVisible();
  await expect(chat.getByTestId('chat-order-card').last()).toContainText('订单号');
  await shotWindow(shop, 'chat-buyer-window');
  await shot(page, 'console-chat');

  // The buyer leaves; the desk writes again.
  await buyerContext.close();
  await conversation.getByTestId('chat-input').fill(later);
  await conversation.getByTestId('chat-send').click();
  await expect(conversation.locator('[data-testid="chat-message"][data-sender="operator"]').last()).toContainText(later);
  await expect(conversation.getByTestId('chat-read-mark').last()).toHaveText('未读');

  // Back on the site, on a goods page: the badge says a message waits, and the window shows it.
  const backContext = await browser.newContext();
  const back = await backContext.newPage();
  await loginByApi(back, 'demo');
  const goods = await api<{ data: { id: number; name: string }[] }>(back, 'GET', '/api/goods/list?page=1');
  await back.goto(`/list/info/${goods.data[0].id}`);
  await expect(back.getByTestId('toolbar-service-badge')).toHaveAttribute('data-count', '1');
  chat = await openBuyerChat(back);
  await expect(chat.locator('[data-testid="chat-message"][data-sender="operator"]').last()).toContainText(later);
  await expect(back.getByTestId('toolbar-service-badge')).toHaveAttribute('data-count', '0');
  // The desk sees it read.
  await expect(conversation.getByTestId('chat-read-mark').last()).toHaveText('已读');

  // The goods of the page go as a card.
  await expect(chat.getByTestId('chat-subject')).toContainText(goods.data[0].name);
  await chat.getByTestId('chat-send-goods').click();
  await expect(chat.getByTestId('chat-goods-card').last()).toContainText(goods.data[0].name);
  await expect(conversation.getByTestId('chat-goods-card').last()).toContainText(goods.data[0].name);

  // The desk's inbox lists the conversation with the latest message.
  await expect(row.getByTestId('chat-inbox-preview')).toContainText('[商品]');
  await shotWindow(back, 'chat-buyer-goods');
  await backContext.close();
});

test('a store without the in-site chat gets the QQ links of the service desk', async ({ page }) => {
  await loginByApi(page, 'chain-a');
  const user = await api<UserBase>(page, 'GET', '/api/user/base');
  expect(user.is_can_chat).toBe(0);
  await page.goto('/');
  const entry = page.getByTestId('toolbar-service');
  await expect(entry).toHaveAttribute('href', new RegExp(`uin=${user.common_config.qq1}`));
  await entry.hover();
  const links = page.getByTestId('service-links');
  await expect(links).toBeVisible();
  await expect(links.getByTestId('service-qq')).toHaveCount(2);
  await expect(links.getByTestId('service-qq').nth(1)).toHaveAttribute('href', new RegExp(`uin=${user.common_config.qq2}`));
  await shotWindow(page, 'chat-qq-links');
  // The mini cart's foot shows the same QQ numbers, and no chat window opens anywhere.
  await page.getByTestId('toolbar-cart').click();
  await expect(page.getByTestId('mini-cart-qq')).toHaveCount(2);
  await expect(page.getByTestId('chat-window')).toHaveCount(0);
});
