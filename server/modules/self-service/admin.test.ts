/**
 * 求购与反馈 in the console as the service desk uses it: only `service:reply` may read and answer; a request is
 * answered with its state (已上架 links the goods), feedback is replied to and closed; the buyer reads each answer
 * in its list and in 我的消息, and every write is in the audit log. The same answer twice tells nobody twice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, desc, eq } from 'drizzle-orm';
import { okOf } from '../../../core/schemas/envelope.js';
import { AdminBuyRequestPage, AdminFeedbackPage } from '../../../core/schemas/self-service.js';
import { auditLog, buyRequests, feedbacks, goods, messages, users } from '../../db/schema/index.js';
import { undeclared } from '../../http/serializer.js';
import { agent, buildTestApp, dbLabel, loginAs, operatorLogin, type TestApp } from '../../testing.js';

let t: TestApp;
let service: Awaited<ReturnType<typeof operatorLogin>>;
let admin: Awaited<ReturnType<typeof operatorLogin>>;
let warehouse: Awaited<ReturnType<typeof operatorLogin>>;
let buyer: ReturnType<typeof agent>;
let buyerId: number;

beforeAll(async () => {
  t = await buildTestApp({ goods: 100, config: { RATE_LIMIT_FACTOR: 100 } });
  [service, admin, warehouse] = await Promise.all([operatorLogin(t.app, 'service'), operatorLogin(t.app, 'admin'), operatorLogin(t.app, 'warehouse')]);
  buyer = await loginAs(t.app, 'chain');
  [{ id: buyerId }] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'chain'));
});
afterAll(async () => t?.close());

const audits = async (action: string, targetId?: number) =>
  (
    await t.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.action, action), targetId ? eq(auditLog.targetId, String(targetId)) : undefined))
  )[0].n;
const messagesOf = async () => t.db.select().from(messages).where(eq(messages.userId, buyerId)).orderBy(desc(messages.id));

const ask = (name: string) =>
  buyer.post('/api/user/buy', { name, sccj: '齐鲁制药有限公司', ypgg: '5mg*28片', number: 40, bzdw: '盒', contact: '王丽华', phone: '13800000009' });

describe(`the console's variety requests on ${dbLabel}`, () => {
  it('lets only service:reply in', async () => {
    const { body } = await ask('恩替卡韦分散片');
    const id = body.data.id;
    expect((await agent(t.app).get('/api/admin/buy-requests')).status).toBe(401);
    expect((await buyer.get('/api/admin/buy-requests')).status).toBe(401);
    for (const res of [
      await warehouse.get('/api/admin/buy-requests'),
      await warehouse.post(`/api/admin/buy-requests/${id}/reply`, { status: 1, reply: '已联系厂家' }),
      await warehouse.get('/api/admin/feedback'),
      await warehouse.post('/api/admin/feedback/1/reply', { reply: '收到' }),
      await warehouse.post('/api/admin/feedback/1/close', {}),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 403, message: '无权限' });
    }
    const [row] = await t.db.select().from(buyRequests).where(eq(buyRequests.id, id));
    expect(row).toMatchObject({ status: 0, reply: '' });
    expect((await admin.get('/api/admin/buy-requests')).status).toBe(200);
  });

  it('lists every buyer’s requests newest first, by state and by keyword (goods or buyer)', async () => {
    await ask('瑞舒伐他汀钙片');
    const list = await service.get('/api/admin/buy-requests');
    expect(undeclared(list.body, okOf(AdminBuyRequestPage).parse(list.body))).toEqual([]);
    const rows = list.body.data.data as { id: number; name: string; company: string; username: string }[];
    expect(rows[0]).toMatchObject({ name: '瑞舒伐他汀钙片', username: 'chain', company: '浙江康泰连锁药业有限公司' });
    expect(rows.map((r) => r.id)).toEqual([...rows.map((r) => r.id)].sort((a, b) => b - a));
    // demo's seeded requests are there too.
    expect(rows.some((r) => r.username === 'demo' && r.name === '甲钴胺片')).toBe(true);

    const byName = (await service.get(`/api/admin/buy-requests?keyword=${encodeURIComponent('瑞舒伐')}`)).body.data;
    expect(byName.data.map((r: { name: string }) => r.name)).toEqual(['瑞舒伐他汀钙片']);
    const byMaker = (await service.get(`/api/admin/buy-requests?keyword=${encodeURIComponent('卫材')}`)).body.data;
    expect(byMaker.data.map((r: { name: string }) => r.name)).toEqual(['甲钴胺片']);
    const byBuyer = (await service.get(`/api/admin/buy-requests?keyword=${encodeURIComponent('康泰连锁')}`)).body.data;
    expect(byBuyer.data.every((r: { username: string }) => r.username === 'chain')).toBe(true);
    expect(byBuyer.total).toBe(2);
    const waiting = (await service.get('/api/admin/buy-requests?status=0')).body.data;
    expect(waiting.data.every((r: { status: number }) => r.status === 0)).toBe(true);
    const unavailable = (await service.get('/api/admin/buy-requests?status=3')).body.data;
    expect(unavailable.data.map((r: { name: string }) => r.name)).toEqual(['盐酸羟考酮缓释片']);
    expect((await service.get('/api/admin/buy-requests?status=7')).status).toBe(422);
  });

  it('answers a request: the buyer reads the reply in its list and in 我的消息, and the write is audited', async () => {
    const { body } = await ask('氨氯地平阿托伐他汀钙片');
    const id = body.data.id;
    const told = (await messagesOf()).length;
    const reply = '您好，该品种已联系厂家，预计两周内到货。';
    const res = await service.post(`/api/admin/buy-requests/${id}/reply`, { status: 1, reply });
    expect(res.body.data).toMatchObject({ id, status: 1, status_text: '已回复', reply, replied_by: '刘芳（service）', goods: null });
    const mine = (await buyer.get(`/api/user/buy/${id}`)).body.data;
    expect(mine).toMatchObject({ status: 1, status_text: '已回复', reply, replied_at: expect.any(Number) });
    const [message] = await messagesOf();
    expect((await messagesOf()).length).toBe(told + 1);
    expect(message).toMatchObject({ title: '品种求购已回复：氨氯地平阿托伐他汀钙片', isRead: false });
    expect(message.content).toContain(reply);
    const [row] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'buy_request.reply'), eq(auditLog.targetId, String(id))));
    expect(row).toMatchObject({ permission: 'service:reply', targetType: 'buy_request', before: { status: 0, reply: '' }, after: { status: 1, reply } });

    // The same answer again changes nothing: no second message, no second audit row.
    await service.post(`/api/admin/buy-requests/${id}/reply`, { status: 1, reply });
    expect((await messagesOf()).length).toBe(told + 1);
    expect(await audits('buy_request.reply', id)).toBe(1);
  });

  it('lists the goods for 已上架, which the buyer then reaches from its request', async () => {
    const { body } = await ask('缬沙坦氢氯噻嗪片');
    const id = body.data.id;
    const noGoods = await service.post(`/api/admin/buy-requests/${id}/reply`, { status: 2, reply: '已上架' });
    expect(noGoods.status).toBe(422);
    expect(noGoods.body.data.errors).toEqual({ goods_id: ['请选择已上架的商品'] });
    const missing = await service.post(`/api/admin/buy-requests/${id}/reply`, { status: 2, reply: '已上架', goods_id: 999999 });
    expect(missing.body.data.errors).toEqual({ goods_id: ['所选商品不存在'] });
    const bad = await service.post(`/api/admin/buy-requests/${id}/reply`, { status: 9, reply: '' });
    expect(bad.body.data.errors).toMatchObject({ status: ['求购状态不正确'], reply: ['请输入回复内容'] });
    expect((await t.db.select().from(buyRequests).where(eq(buyRequests.id, id)))[0]).toMatchObject({ status: 0, goodsId: null });
    expect(await audits('buy_request.reply', id)).toBe(0);

    const [listed] = await t.db.select().from(goods).orderBy(goods.id).limit(1);
    const res = await service.post(`/api/admin/buy-requests/${id}/reply`, { status: '2', reply: '已为您上架，欢迎选购。', goods_id: String(listed.id) });
    expect(res.body.data).toMatchObject({
      status: 2,
      status_text: '已上架',
      goods: { id: listed.id, name: listed.name, ypgg: listed.ypgg, sccj: listed.sccj },
    });
    expect((await buyer.get(`/api/user/buy/${id}`)).body.data.goods).toEqual({ id: listed.id, name: listed.name, ypgg: listed.ypgg, sccj: listed.sccj });
    const [message] = await messagesOf();
    expect(message.title).toBe('品种求购已上架：缬沙坦氢氯噻嗪片');
    expect(message.content).toContain(listed.name);

    // 无法采购 afterwards drops the goods, and tells the buyer why.
    const no = await service.post(`/api/admin/buy-requests/${id}/reply`, { status: 3, reply: '厂家已停产该规格', goods_id: listed.id });
    expect(no.body.data).toMatchObject({ status: 3, status_text: '无法采购', goods: null });
    expect((await messagesOf())[0].content).toContain('厂家已停产该规格');
    expect(await audits('buy_request.reply', id)).toBe(2);
    expect((await service.post('/api/admin/buy-requests/999999/reply', { status: 1, reply: '收到' })).status).toBe(404);
  });
});

describe(`the console's feedback on ${dbLabel}`, () => {
  const file = (content: string) => buyer.post('/api/user/feedback', { type: 'complaint', content, contact: '13800000009' });

  it('lists feedback newest first, by state, type and keyword', async () => {
    await file('配送员态度恶劣，要求投诉处理。');
    const list = await service.get('/api/admin/feedback');
    expect(undeclared(list.body, okOf(AdminFeedbackPage).parse(list.body))).toEqual([]);
    expect(list.body.data.data[0]).toMatchObject({ content: '配送员态度恶劣，要求投诉处理。', type_text: '投诉', username: 'chain', status_text: '待处理' });
    expect((await service.get('/api/admin/feedback?type=website')).body.data.data.map((f: { username: string }) => f.username)).toEqual(['demo']);
    expect((await service.get(`/api/admin/feedback?keyword=${encodeURIComponent('态度恶劣')}`)).body.data.total).toBe(1);
    expect((await service.get('/api/admin/feedback?status=1')).body.data.data.every((f: { status: number }) => f.status === 1)).toBe(true);
    expect((await service.get('/api/admin/feedback?type=praise')).status).toBe(422);
  });

  it('replies and closes: the buyer reads both, each write audited and told once', async () => {
    const { body } = await file('发票抬头开错了，需要重开。');
    const id = body.data.id;
    const told = (await messagesOf()).length;
    const empty = await service.post(`/api/admin/feedback/${id}/reply`, { reply: ' ' });
    expect(empty.body.data.errors).toEqual({ reply: ['请输入回复内容'] });
    const reply = '您好，已为您作废原发票并按新抬头重开，请在电子发票中查看。';
    const res = await service.post(`/api/admin/feedback/${id}/reply`, { reply });
    expect(res.body.data).toMatchObject({ status: 1, status_text: '已回复', reply, replied_by: '刘芳（service）' });
    expect((await buyer.get('/api/user/feedback')).body.data.data[0]).toMatchObject({ id, status_text: '已回复', reply });
    const [message] = await messagesOf();
    expect(message.title).toBe('意见反馈已回复');
    expect(message.content).toContain(reply);
    await service.post(`/api/admin/feedback/${id}/reply`, { reply });
    expect((await messagesOf()).length).toBe(told + 1);

    const closed = await service.post(`/api/admin/feedback/${id}/close`, {});
    expect(closed.body.data).toMatchObject({ status: 2, status_text: '已关闭', reply });
    expect((await messagesOf())[0].title).toBe('意见反馈已处理完毕');
    expect((await messagesOf()).length).toBe(told + 2);
    const again = await service.post(`/api/admin/feedback/${id}/close`, { reply: '再次关闭' });
    expect(again.body.data).toMatchObject({ status: 2, reply });
    expect((await messagesOf()).length).toBe(told + 2);
    const late = await service.post(`/api/admin/feedback/${id}/reply`, { reply: '补充说明' });
    expect(late.body).toMatchObject({ code: 400, message: '该反馈已关闭，不能再回复' });
    expect(await audits('feedback.reply', id)).toBe(1);
    expect(await audits('feedback.close', id)).toBe(1);
    const [row] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'feedback.close'), eq(auditLog.targetId, String(id))));
    expect(row).toMatchObject({ permission: 'service:reply', before: { status: 1 }, after: { status: 2 } });
    expect((await service.post('/api/admin/feedback/999999/close', {})).status).toBe(404);
  });

  it('closes unanswered feedback with what was done as its reply', async () => {
    const { body } = await file('希望增加夜间配送时段。');
    const res = await service.post(`/api/admin/feedback/${body.data.id}/close`, { reply: '已转交物流部门评估，感谢建议。' });
    expect(res.body.data).toMatchObject({ status: 2, reply: '已转交物流部门评估，感谢建议。' });
    const [row] = await t.db.select().from(feedbacks).where(eq(feedbacks.id, body.data.id));
    expect(row.repliedAt).not.toBeNull();
    expect((await messagesOf())[0].content).toContain('处理说明：已转交物流部门评估，感谢建议。');
  });
});
