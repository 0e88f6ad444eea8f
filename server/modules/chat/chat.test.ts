/**
 * 在线客服 as a buyer and the service's operators use it, over HTTP and the WebSocket: who may connect, history paged
 * back, cards of goods and of the buyer's own orders only, the send limit, cleaned text, who a conversation goes to,
 * unread counts both ways, a buyer offline who reconnects and gets what was missed, transfers and canned replies.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, desc, eq } from 'drizzle-orm';
import { okOf } from '../../../core/schemas/envelope.js';
import { AdminChatDetail, AdminChatInbox, ChatHistory } from '../../../core/schemas/chat.js';
import { auditLog, chatMessages, conversations, goods, orders, uploads, users } from '../../db/schema/index.js';
import { undeclared } from '../../http/serializer.js';
import { agent, buildTestApp, dbLabel, loginAs, operatorLogin, type TestApp } from '../../testing.js';
import { OPERATOR_PASSWORD } from '../operators/service.js';
import { CHAT_TOO_FAST } from './limiter.js';
import { CHAT_OFF } from './service.js';
import { openSocket } from './testing.js';

let t: TestApp;
/** The app listens: sockets are real connections, as a browser's. */
let base = '';
const userIds = new Map<string, number>();
const idOf = (username: string) => userIds.get(username)!;

beforeAll(async () => {
  t = await buildTestApp({ goods: 120 });
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = address.replace(/^http/, 'ws');
  for (const u of await t.db.select({ id: users.id, username: users.username }).from(users)) userIds.set(u.username, u.id);
  // chain-a and chain-b chat too, so that each test has an account of its own to send from.
  await t.db
    .update(users)
    .set({ isCanChat: true })
    .where(eq(users.parentId, idOf('chain')));
});
afterAll(async () => t?.close());

const cookies = new Map<string, string>();
/** The console cookie of an operator, for the socket (the test agent keeps it to itself); logged in once, as logins are limited. */
async function operatorCookie(username: string, password = OPERATOR_PASSWORD) {
  if (cookies.has(username)) return cookies.get(username)!;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' },
    payload: JSON.stringify({ username, password }),
  });
  const set = res.headers['set-cookie'];
  const pair = (Array.isArray(set) ? set : [String(set)]).map((c) => c.split(';')[0]).find((c) => c.startsWith('yct_admin='));
  if (!pair) throw new Error(`operator ${username} could not log in: ${res.body}`);
  cookies.set(username, pair);
  return pair;
}

const agents = new Map<string, Awaited<ReturnType<typeof operatorLogin>>>();
/** An operator's console agent, logged in once. */
async function operatorAgent(username: string) {
  if (!agents.has(username)) agents.set(username, await operatorLogin(t.app, username));
  return agents.get(username)!;
}

const open = (headers: Record<string, string>, query = '') => openSocket(`${base}/api/chat/ws${query}`, headers);
async function connect(headers: Record<string, string>, query = '') {
  const peer = await open(headers, query);
  await peer.next('ready');
  return peer;
}
const buyerSocket = (buyer: { cookie: string }) => connect({ cookie: buyer.cookie });
const operatorSocket = async (username: string) => connect({ cookie: await operatorCookie(username) }, '?role=operator');

/** Another approved buyer who may chat (not special), made from chain-a's row: each test sends from accounts of its own. */
async function freshBuyer(username: string) {
  const [{ id: _id, ...row }] = await t.db.select().from(users).where(eq(users.username, 'chain-a'));
  const phone = `1390000${String(1000 + userIds.size).slice(-4)}`;
  const [made] = await t.db
    .insert(users)
    .values({ ...row, username, phone, parentId: null, company: `杭州${username}大药房`, isCanChat: true, wechatOpenid: null })
    .returning();
  userIds.set(username, made.id);
  return loginAs(t.app, username);
}

const onlineIds = async () =>
  ((await (await operatorAgent('admin')).get('/api/admin/chat/operators')).body.data as { id: number; online: number }[])
    .filter((o) => o.online)
    .map((o) => o.id);

const conversationOf = async (username: string) =>
  (
    await t.db
      .select()
      .from(conversations)
      .where(eq(conversations.userId, idOf(username)))
  )[0] ?? null;
const storedCount = async (username: string) => {
  const conv = await conversationOf(username);
  if (!conv) return 0;
  return (await t.db.select({ n: count() }).from(chatMessages).where(eq(chatMessages.conversationId, conv.id)))[0].n;
};

describe(`the chat's socket and calls on ${dbLabel}`, () => {
  it('lets in a buyer who may chat and an operator who answers the chat, and refuses everyone else before the upgrade', async () => {
    const refused = (headers: Record<string, string>, query = '') =>
      open(headers, query).then(
        async (peer) => {
          await peer.close();
          return 'open';
        },
        (e: Error) => e.message,
      );
    expect(await refused({})).toBe('Unexpected server response: 401');
    const demo = await loginAs(t.app, 'demo');
    expect(await refused({ cookie: demo.cookie, origin: 'https://evil.example.com' })).toBe('Unexpected server response: 403');
    const pending = await loginAs(t.app, 'pending');
    expect(await refused({ cookie: pending.cookie })).toBe('Unexpected server response: 403');
    // A buyer's session is no operator's.
    expect(await refused({ cookie: demo.cookie }, '?role=operator')).toBe('Unexpected server response: 401');
    expect(await refused({ cookie: await operatorCookie('warehouse') }, '?role=operator')).toBe('Unexpected server response: 403');

    // Over HTTP the same: a guest 401, an account without in-site chat is pointed to the QQ links.
    expect((await agent(t.app).get('/api/chat/state')).status).toBe(401);
    expect((await pending.get('/api/chat/state')).body).toMatchObject({ code: 403, message: CHAT_OFF });
    expect((await pending.post('/api/chat/messages', { type: 'text', content: '你好' })).body.code).toBe(403);
    expect(await storedCount('pending')).toBe(0);
    expect((await (await operatorAgent('warehouse')).get('/api/admin/chat/conversations')).status).toBe(403);
    expect((await demo.get('/api/admin/chat/conversations')).status).toBe(401);

    const ok = await connect({ cookie: demo.cookie, origin: base.replace(/^ws/, 'http') });
    await ok.close();
  });

  it('pages the history back by before_id and hands over what came after a message', async () => {
    const conv = await conversationOf('demo');
    expect(conv, 'the seed gives demo a conversation').not.toBeNull();
    const seeded = await storedCount('demo');
    // Enough messages for three pages.
    await t.db.insert(chatMessages).values(
      Array.from({ length: 45 }, (_, i) => ({
        conversationId: conv!.id,
        sender: (i % 2 ? 'operator' : 'user') as 'operator' | 'user',
        senderId: i % 2 ? null : idOf('demo'),
        kind: 'text' as const,
        body: `第${i + 1}条历史消息`,
        createdAt: new Date(Date.now() + i),
      })),
    );
    const total = seeded + 45;
    const demo = await loginAs(t.app, 'demo');
    const first = await demo.get('/api/chat/messages?limit=20');
    expect(undeclared(first.body, okOf(ChatHistory).parse(first.body))).toEqual([]);
    const page1 = first.body.data;
    expect(page1.list).toHaveLength(20);
    expect(page1.has_more).toBe(1);
    const ids = (p: { list: { id: number }[] }) => p.list.map((m) => m.id);
    expect(ids(page1)).toEqual([...ids(page1)].sort((a, b) => a - b));
    expect(page1.list.at(-1).content).toBe('第45条历史消息');

    const seen: number[] = [...ids(page1)];
    let before = page1.list[0].id;
    for (;;) {
      const page = (await demo.get(`/api/chat/messages?before_id=${before}&limit=20`)).body.data;
      expect(Math.max(...ids(page))).toBeLessThan(before);
      seen.unshift(...ids(page));
      if (!page.has_more) break;
      before = page.list[0].id;
    }
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);

    const after = (await demo.get(`/api/chat/messages?after_id=${seen[total - 4]}`)).body.data;
    expect(ids(after)).toEqual(seen.slice(total - 3));
    expect(after.has_more).toBe(0);
    expect((await demo.get('/api/chat/messages?limit=51')).status).toBe(422);
    expect((await demo.get('/api/chat/messages?before_id=abc')).status).toBe(422);
  });

  it("sends cards of goods the buyer sees and of the buyer's own orders, and refuses another account's order", async () => {
    const demo = await loginAs(t.app, 'demo');
    const service = await operatorAgent('service');
    const before = await storedCount('demo');
    const [own] = await t.db
      .select()
      .from(orders)
      .where(eq(orders.userId, idOf('demo')))
      .orderBy(desc(orders.id))
      .limit(1);
    // An order of another account: a copy of demo's, made chain's.
    const { id: _id, ...copy } = own;
    const [others] = await t.db
      .insert(orders)
      .values({ ...copy, userId: idOf('chain'), orderNo: `${own.orderNo}9` })
      .returning();

    const card = await demo.post('/api/chat/messages', { type: 'order', content: own.id });
    expect(card.body.data).toMatchObject({
      kind: 'order',
      content: String(own.id),
      sender: 'user',
      card: { type: 'order', id: own.id, order_no: own.orderNo },
    });
    const theirs = await demo.post('/api/chat/messages', { type: 'order', content: others.id });
    expect(theirs.status).toBe(404);
    expect(theirs.body.message).toBe('订单不存在');
    // Nor may an operator send that order into demo's conversation.
    const conv = await conversationOf('demo');
    expect((await service.post(`/api/admin/chat/conversations/${conv!.id}/messages`, { type: 'order', content: others.id })).status).toBe(404);
    expect(await storedCount('demo')).toBe(before + 1);

    // Controlled-sale goods exist only for special accounts: this one is not.
    const [kx] = await t.db
      .select()
      .from(goods)
      .where(and(eq(goods.isKx, true), eq(goods.isOnSale, true)))
      .limit(1);
    const [plain] = await t.db
      .select()
      .from(goods)
      .where(and(eq(goods.isKx, false), eq(goods.isOnSale, true)))
      .limit(1);
    const other = await freshBuyer('cardbuyer');
    expect(kx).toBeDefined();
    expect((await other.post('/api/chat/messages', { type: 'goods', content: kx.id })).status).toBe(404);
    const shown = await other.post('/api/chat/messages', { type: 'goods', content: plain.id });
    expect(shown.body.data.card).toMatchObject({ type: 'goods', id: plain.id, name: plain.name, sccj: plain.sccj, price_tip: null });
    expect(shown.body.data.card.price).toMatch(/^\d+\.\d{2}$/);

    // A picture is one of the account's own uploads.
    const png = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(64)]);
    const up = await service.upload(`/api/admin/chat/conversations/${conv!.id}/picture`, png, 'shelf.png', 'image/png');
    expect(up.body.data.url).toMatch(/^\/uploads\/.+\.png$/);
    const [stored] = await t.db.select().from(uploads).where(eq(uploads.path, up.body.data.url));
    expect(stored.userId).toBe(idOf('demo'));
    expect((await service.post(`/api/admin/chat/conversations/${conv!.id}/messages`, { type: 'image', content: up.body.data.url })).body.data.kind).toBe(
      'image',
    );
    expect((await other.post('/api/chat/messages', { type: 'image', content: up.body.data.url })).body.message).toBe('图片不存在，请重新上传');
    expect((await service.upload(`/api/admin/chat/conversations/${conv!.id}/picture`, Buffer.from('%PDF-1.4 x'), 'a.pdf')).status).toBe(422);
  });

  it('keeps text as plain text, within its length, and stores nothing it refuses', async () => {
    const store = await loginAs(t.app, 'chain-a');
    const sent = await store.post('/api/chat/messages', {
      type: 'text',
      content: '<script>alert(1)</script><b onclick="x()">你好</b>，血压<140 正常吗？\r\n\r\n\r\n\r\n<!-- 注释 -->谢谢',
    });
    expect(sent.body.data.content).toBe('你好，血压<140 正常吗？\n\n谢谢');
    const [row] = await t.db.select().from(chatMessages).where(eq(chatMessages.id, sent.body.data.id));
    expect(row.body).toBe('你好，血压<140 正常吗？\n\n谢谢');

    const empty = await store.post('/api/chat/messages', { type: 'text', content: '<img src=x onerror=alert(1)>' });
    expect(empty.status).toBe(422);
    expect(empty.body.message).toBe('请输入消息内容');
    const long = await store.post('/api/chat/messages', { type: 'text', content: '药'.repeat(501) });
    expect(long.body.message).toBe('消息不能超过500个字');
    expect((await store.post('/api/chat/messages', { type: 'video', content: 'x' })).status).toBe(422);
    expect((await store.post('/api/chat/messages', { type: 'image', content: 'javascript:alert(1)' })).status).toBe(422);
    expect((await store.post('/api/chat/messages', { type: 'text', content: '药'.repeat(500) })).body.data.content).toHaveLength(500);
    expect(await storedCount('chain-a')).toBe(2);

    // Over the socket: an unreadable frame and an unknown event are answered, not dropped, and nothing is stored.
    const peer = await buyerSocket(store);
    peer.send('{not json');
    expect(await peer.next('error')).toMatchObject({ code: 422 });
    peer.send({ type: 'shout' });
    expect(await peer.next('error')).toMatchObject({ code: 422 });
    peer.send({ type: 'send', message: { type: 'text', content: '<p></p>', client_id: 'c1' } });
    expect(await peer.next('error')).toMatchObject({ code: 422, message: '请输入消息内容', client_id: 'c1' });
    await peer.close();
    expect(await storedCount('chain-a')).toBe(2);
  });

  it('refuses a buyer who sends too fast, politely, and stores none of the refused', async () => {
    const store = await loginAs(t.app, 'chain-b');
    for (let i = 1; i <= 5; i++) expect((await store.post('/api/chat/messages', { type: 'text', content: `第${i}个问题` })).body.code).toBe(10000);
    const sixth = await store.post('/api/chat/messages', { type: 'text', content: '第6个问题' });
    expect(sixth.status).toBe(200);
    expect(sixth.body).toMatchObject({ code: 429, message: CHAT_TOO_FAST });
    const peer = await buyerSocket(store);
    peer.send({ type: 'send', message: { type: 'text', content: '第7个问题', client_id: 'seven' } });
    expect(await peer.next('error')).toMatchObject({ code: 429, message: CHAT_TOO_FAST, client_id: 'seven' });
    await peer.close();
    expect(await storedCount('chain-b')).toBe(5);
  });
});

describe(`who answers, unread counts and reconnecting on ${dbLabel}`, () => {
  it("gives a conversation to the buyer's dedicated contact when connected, else to a connected operator, else leaves it waiting", async () => {
    const chain = await loginAs(t.app, 'chain');
    const admin = await operatorAgent('admin');
    // chain's dedicated contact is 王晓梅 (the seed); she joins the service as an operator.
    const made = await admin.post('/api/admin/operators', { username: 'wangxm', name: '王晓梅', password: OPERATOR_PASSWORD, roles: ['service'] });
    const wangId = made.body.data.id as number;
    const operatorIdOf = async () => (await conversationOf('chain'))!.operatorId;

    // Nobody connected: the conversation waits for whoever comes .
    const ask = async (content: string) => expect((await chain.post('/api/chat/messages', { type: 'text', content })).body.code).toBe(10000);
    await ask('有人在吗？');
    expect(await operatorIdOf()).toBeNull();
    const service = await operatorAgent('service');
    const waiting = await service.get('/api/admin/chat/conversations?scope=waiting');
    expect(waiting.body.data.data.map((c: { user: { company: string } }) => c.user.company)).toContain('浙江康泰连锁药业有限公司');

    const liu = await operatorSocket('service');
    const wang = await operatorSocket('wangxm');
    await ask('想咨询一下账期。');
    expect(await operatorIdOf()).toBe(wangId);
    const pushed = await wang.next('message', (e) => e.message.content === '想咨询一下账期。');
    expect(pushed.conversation).toMatchObject({ operator: { id: wangId, name: '王晓梅' }, unread: (await conversationOf('chain'))!.operatorUnread });

    // Their contact leaves: the next message goes to the one still there, and stays with her when the contact is back.
    await liu.next('presence', (e) => e.online.includes(wangId));
    await wang.close();
    await liu.next('presence', (e) => !e.online.includes(wangId));
    await ask('王经理不在吗？');
    const liuId = (await service.get('/api/admin/me')).body.data.operator.id;
    expect(await operatorIdOf()).toBe(liuId);
    const back = await operatorSocket('wangxm');
    await ask('好的，谢谢刘经理。');
    expect(await operatorIdOf()).toBe(liuId);

    const list = (await service.get('/api/admin/chat/operators')).body.data as { id: number; online: number; me: number }[];
    expect(list.filter((o) => o.online).map((o) => o.id)).toEqual(expect.arrayContaining([liuId, wangId]));
    expect(list.find((o) => o.me)?.id).toBe(liuId);
    await liu.close();
    await back.close();
    await expect.poll(async () => onlineIds()).toEqual([]);
  });

  it('counts unread messages both ways and clears them when read', async () => {
    const demo = await loginAs(t.app, 'demo');
    const service = await operatorAgent('service');
    const conv = (await conversationOf('demo'))!;
    const state0 = (await demo.get('/api/chat/state')).body.data;
    await service.post(`/api/admin/chat/conversations/${conv.id}/messages`, { type: 'text', content: '您好，还有什么需要帮忙的吗？' });
    await service.post(`/api/admin/chat/conversations/${conv.id}/messages`, { type: 'text', content: '今天下单明天到。' });
    const state1 = (await demo.get('/api/chat/state')).body.data;
    expect(state1.unread).toBe(state0.unread + 2);
    expect(state1.operator).toEqual({ name: '刘芳' });

    const peer = await buyerSocket(demo);
    const read = await demo.post('/api/chat/read');
    expect(read.body.data.unread).toBe(0);
    expect((await peer.next('state', (e) => e.state.unread === 0)).state.conversation_id).toBe(conv.id);

    await demo.post('/api/chat/messages', { type: 'text', content: '好的' });
    await demo.post('/api/chat/messages', { type: 'text', content: '再加10盒' });
    const inbox = await service.get('/api/admin/chat/conversations?scope=all');
    expect(undeclared(inbox.body, okOf(AdminChatInbox).parse(inbox.body))).toEqual([]);
    const row = inbox.body.data.data.find((c: { id: number }) => c.id === conv.id);
    expect(row).toMatchObject({ unread: 2, user_unread: 0, last_message: { sender: 'user', preview: '再加10盒' } });
    expect(inbox.body.data.data[0].id).toBe(conv.id); // newest activity first
    expect(inbox.body.data.counts.unread_mine).toBeGreaterThanOrEqual(1);
    expect((await service.post(`/api/admin/chat/conversations/${conv.id}/read`)).body.data.unread).toBe(0);
    // The buyer's last messages now read as read.
    expect((await peer.next('state', (e) => e.state.operator_unread === 0)).state.unread).toBe(0);
    await peer.close();

    const detail = await service.get(`/api/admin/chat/conversations/${conv.id}`);
    expect(undeclared(detail.body, okOf(AdminChatDetail).parse(detail.body))).toEqual([]);
    expect(detail.body.data.buyer).toMatchObject({ company: '杭州仁和大药房有限公司', name: '张敏' });
    expect(detail.body.data.buyer.contacts[0]).toMatchObject({ name: '王晓梅', is_default: 1 });
    expect(detail.body.data.orders.length).toBeGreaterThan(0);
    expect(detail.body.data.orders.every((o: { id: number }, i: number, all: { id: number }[]) => i === 0 || all[i - 1].id > o.id)).toBe(true);
  });

  it('keeps what was sent while the buyer was away, and a reconnecting buyer gets exactly what they missed', async () => {
    const demo = await loginAs(t.app, 'demo');
    const conv = (await conversationOf('demo'))!;
    const liu = await operatorSocket('service');
    const peer = await buyerSocket(demo);
    // Live: the buyer's message reaches the operator's socket, stored first (it has its id and is in the history).
    peer.send({ type: 'send', message: { type: 'text', content: '在吗？', client_id: 'a1' } });
    const ack = await peer.next('ack');
    expect(ack).toMatchObject({ client_id: 'a1', message: { content: '在吗？', sender: 'user' } });
    const heard = await liu.next('message', (e) => e.message.id === ack.message.id);
    expect(heard.conversation?.id).toBe(conv.id);
    const lastSeen = ack.message.id;
    await peer.close();

    // Away: two answers are stored for later.
    liu.send({ type: 'send', conversation_id: conv.id, message: { type: 'text', content: '在的，请讲。', client_id: 'o1' } });
    const first = (await liu.next('ack', (e) => e.client_id === 'o1')).message;
    liu.send({ type: 'send', conversation_id: conv.id, message: { type: 'text', content: '您稍等，我查一下。', client_id: 'o2' } });
    const second = (await liu.next('ack', (e) => e.client_id === 'o2')).message;
    expect((await demo.get('/api/chat/state')).body.data.unread).toBeGreaterThanOrEqual(2);

    // Back: the socket says how many are unread, and a sync from the last message seen brings just those two.
    const again = await open({ cookie: demo.cookie });
    const ready = await again.next('ready');
    expect(ready.state).toMatchObject({ conversation_id: conv.id, last_id: second.id, online: 1 });
    again.send({ type: 'sync', after_id: lastSeen });
    const sync = await again.next('sync');
    expect(sync.list.map((m) => [m.id, m.content, m.sender_name])).toEqual([
      [first.id, '在的，请讲。', '刘芳'],
      [second.id, '您稍等，我查一下。', '刘芳'],
    ]);
    expect(sync.has_more).toBe(0);
    // And live again: the next answer arrives on the new socket.
    liu.send({ type: 'send', conversation_id: conv.id, message: { type: 'text', content: '查到了，明天到货。' } });
    expect((await again.next('message')).message.content).toBe('查到了，明天到货。');
    await again.close();
    await liu.close();
    await expect.poll(async () => onlineIds()).toEqual([]);
  });

  it('transfers a conversation to a connected operator with a line for the buyer, audited, and keeps canned replies per operator', async () => {
    const demo = await loginAs(t.app, 'demo');
    const service = await operatorAgent('service');
    const admin = await operatorAgent('admin');
    const conv = (await conversationOf('demo'))!;
    const wangId = ((await service.get('/api/admin/chat/operators')).body.data as { id: number; username: string }[]).find((o) => o.username === 'wangxm')!.id;
    expect((await service.post(`/api/admin/chat/conversations/${conv.id}/transfer`, { operator_id: wangId })).body.message).toBe('该客服当前不在线，无法转接');
    const warehouseId = (await admin.get('/api/admin/operators')).body.data.find((o: { username: string }) => o.username === 'warehouse').id;
    expect((await service.post(`/api/admin/chat/conversations/${conv.id}/transfer`, { operator_id: warehouseId })).status).toBe(422);

    const wang = await operatorSocket('wangxm');
    const buyer = await buyerSocket(demo);
    const moved = await service.post(`/api/admin/chat/conversations/${conv.id}/transfer`, { operator_id: wangId });
    expect(moved.body.data.operator).toEqual({ id: wangId, name: '王晓梅' });
    const line = await buyer.next('message', (e) => e.message.sender === 'system');
    expect(line.message.content).toBe('您的咨询已转接至客服王晓梅，请稍候');
    expect(line.state?.operator).toEqual({ name: '王晓梅' });
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'chat.transfer')).orderBy(desc(auditLog.id)).limit(1);
    expect(audit).toMatchObject({ permission: 'chat:reply', targetId: String(conv.id), after: { operator_id: wangId } });
    await wang.close();
    await buyer.close();

    const mine = (await service.get('/api/admin/chat/canned')).body.data as { text: string; shared: number; mine: number }[];
    expect(mine.slice(0, 2).every((r) => r.mine === 1 && r.shared === 0)).toBe(true);
    expect(mine.filter((r) => r.shared).length).toBeGreaterThanOrEqual(5);
    const own = await service.post('/api/admin/chat/canned', { text: '<b>稍等</b>，马上为您处理。', shared: 0 });
    expect(own.body.data).toMatchObject({ text: '稍等，马上为您处理。', mine: 1, shared: 0 });
    expect((await service.post('/api/admin/chat/canned', { text: '大家都能用的回复', shared: 1 })).body.code).toBe(400);
    const shared = await admin.post('/api/admin/chat/canned', { text: '节假日期间订单顺延发货。', shared: 1 });
    expect(shared.body.data).toMatchObject({ shared: 1, mine: 0 });
    expect((await service.delete(`/api/admin/chat/canned/${shared.body.data.id}`)).body.code).toBe(400);
    // Another operator's own replies are not there for anyone else.
    const adminOwn = await admin.post('/api/admin/chat/canned', { text: '管理员自己的回复', shared: 0 });
    expect((await service.post(`/api/admin/chat/canned/${adminOwn.body.data.id}`, { text: '改掉', shared: 0 })).status).toBe(404);
    expect((await service.delete(`/api/admin/chat/canned/${own.body.data.id}`)).body.code).toBe(10000);
    const actions = (await t.db.select({ action: auditLog.action }).from(auditLog)).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['chat.canned.create', 'chat.canned.delete']));
  });
});
