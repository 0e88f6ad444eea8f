/**
 * The demo pharmacy's customer-service conversation (在线客服), answered by the seeded 客服 operator 刘芳 over the
 * last two days: a question about stock with a goods card, the answer, an order card asking where the shipped order
 * is, and the answer the buyer has not read yet (the toolbar's badge shows 1). And the console's canned replies:
 * shared ones and a few of 刘芳's own. The cards are made by the chat's own code, as a sent message would be.
 */
import { and, asc, desc, eq, ilike } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { cannedReplies, chatMessages, conversations, goods, operators, orders, users } from '../db/schema/index.js';
import { contentOf, type Content } from '../modules/chat/cards.js';
import { viewerOfUser } from '../modules/catalogue/viewer.js';
import { seedOperators } from '../modules/operators/service.js';
import { OrderStatus } from '../../core/status.js';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

const SHARED_REPLIES = [
  '您好，很高兴为您服务，请问有什么可以帮您？',
  '请您提供一下订单号，我马上为您查询。',
  '该商品目前库存充足，工作日16:00前付款的订单当天发货。',
  '资质审核一般在1个工作日内完成，审核通过后即可查看价格并下单采购。',
  '退货请在“我的订单”中对应订单点击“申请退货”，收到退货后3个工作日内退款。',
  '感谢您的咨询，祝您生意兴隆！如有其他问题，随时联系我们。',
];
const OWN_REPLIES = ['您好，我是您的客服刘芳，工作时间为周一至周六 8:30-18:00。', '稍等，我帮您查一下库存。'];

export async function seedChat(db: Db, now = Date.now()) {
  const [demo] = await db.select().from(users).where(eq(users.username, 'demo'));
  if (!demo || (await db.select({ id: conversations.id }).from(conversations).limit(1)).length) return;
  // The console's operators may not be there yet in a database being seeded for the first time.
  await seedOperators(db);
  const [service] = await db.select({ id: operators.id }).from(operators).where(eq(operators.username, 'service'));
  if (!service) return;

  const viewer = async () => viewerOfUser(demo);
  const [amoxicillin] = await db
    .select({ id: goods.id })
    .from(goods)
    .where(and(ilike(goods.name, '阿莫西林%'), eq(goods.isOnSale, true), eq(goods.isKx, false)))
    .orderBy(asc(goods.id))
    .limit(1);
  const [shipped] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, demo.id), eq(orders.status, OrderStatus.shipped)))
    .orderBy(desc(orders.id))
    .limit(1);
  const text = (body: string): Content => ({ kind: 'text', body, card: null });
  const lines: { at: number; from: 'user' | 'operator'; content: Content }[] = [];
  const at = (days: number, minutes: number) => now - days * DAY_MS + minutes * MINUTE_MS;
  lines.push({ at: at(2, 0), from: 'user', content: text('你好，请问阿莫西林胶囊还有货吗？我们门店这周想补30盒。') });
  if (amoxicillin)
    lines.push({ at: at(2, 1), from: 'user', content: await contentOf(db, { type: 'goods', id: amoxicillin.id, client_id: undefined }, demo.id, viewer) });
  lines.push({
    at: at(2, 3),
    from: 'operator',
    content: text('张女士您好，我是您的客服刘芳。这款目前库存充足，满100盒还有阶梯价，今天16:00前付款当天就能发货。'),
  });
  lines.push({ at: at(2, 5), from: 'user', content: text('好的，那我先下30盒，谢谢！') });
  if (shipped) {
    lines.push({ at: at(0, -95), from: 'user', content: await contentOf(db, { type: 'order', id: shipped.id, client_id: undefined }, demo.id, viewer) });
    lines.push({ at: at(0, -94), from: 'user', content: text('这个订单前天发的货，现在到哪里了？') });
    lines.push({ at: at(0, -80), from: 'operator', content: text('已为您查询：该订单已由顺丰发出，目前在杭州转运中心，预计明天上午送达，请注意查收。') });
  }

  const [conv] = await db
    .insert(conversations)
    .values({ userId: demo.id, operatorId: service.id, createdAt: new Date(lines[0].at) })
    .returning();
  const rows = await db
    .insert(chatMessages)
    .values(
      lines.map((l) => ({
        conversationId: conv.id,
        sender: l.from,
        senderId: l.from === 'user' ? demo.id : service.id,
        kind: l.content.kind,
        body: l.content.body,
        card: l.content.card,
        createdAt: new Date(l.at),
      })),
    )
    .returning({ id: chatMessages.id, createdAt: chatMessages.createdAt });
  const last = rows[rows.length - 1];
  // The last answer came after the buyer last looked.
  await db
    .update(conversations)
    .set({ lastMessageId: last.id, userUnread: lines[lines.length - 1].from === 'operator' ? 1 : 0, operatorUnread: 0, updatedAt: last.createdAt })
    .where(eq(conversations.id, conv.id));

  await db
    .insert(cannedReplies)
    .values([
      ...SHARED_REPLIES.map((t, i) => ({ operatorId: null, text: t, sort: i })),
      ...OWN_REPLIES.map((t, i) => ({ operatorId: service.id, text: t, sort: i })),
    ]);
}
