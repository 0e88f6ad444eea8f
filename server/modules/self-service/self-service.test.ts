/**
 * 品种求购 and 意见反馈 as buyers use them: guests are sent to log in, a request or feedback is filed once however
 * often it is posted at once, bad input is refused field by field with nothing written, an account reads only its
 * own, and an account still waiting for its licence review may file too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { okOf } from '../../../core/schemas/envelope.js';
import { BuyRequest, BuyRequestPage, BuyRequestSaved, FeedbackPage, FeedbackSaved } from '../../../core/schemas/self-service.js';
import { buyRequests, feedbacks, users } from '../../db/schema/index.js';
import { undeclared } from '../../http/serializer.js';
import { agent, buildTestApp, dbLabel, loginAs, type TestApp } from '../../testing.js';
import { BUY_DAILY_LIMIT, BUY_TOO_MANY } from './service.js';

type Agent = ReturnType<typeof agent>;

let t: TestApp;
let demo: Agent;
let chain: Agent;
let pending: Agent;

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(64)]);

beforeAll(async () => {
  t = await buildTestApp({ goods: 100, config: { RATE_LIMIT_FACTOR: 100 } });
  [demo, chain, pending] = await Promise.all([loginAs(t.app, 'demo'), loginAs(t.app, 'chain'), loginAs(t.app, 'pending')]);
});
afterAll(async () => t?.close());

const userId = async (username: string) => (await t.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0].id;
const requestsOf = async (id: number) => (await t.db.select({ n: count() }).from(buyRequests).where(eq(buyRequests.userId, id)))[0].n;
const feedbackOf = async (id: number) => (await t.db.select({ n: count() }).from(feedbacks).where(eq(feedbacks.userId, id)))[0].n;

async function upload(a: Agent, name = '破损照片.png') {
  const boundary = `----yct${Date.now()}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`),
    PNG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/upload',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-requested-with': 'XMLHttpRequest', cookie: a.cookie },
    payload,
  });
  expect(res.json().code).toBe(10000);
  return res.json().data.url as string;
}

const request = {
  name: '依折麦布片',
  sccj: '默沙东制药有限公司',
  ypgg: '10mg*10片',
  number: '60',
  bzdw: '盒',
  expected_price: '32.5',
  contact: '王丽华',
  phone: '0571-88886666',
  remark: '连锁门店统一采购',
};

describe(`品种求购 on ${dbLabel}`, () => {
  it('sends guests to log in, whatever they post, and writes nothing', async () => {
    const guest = agent(t.app);
    const before = (await t.db.select({ n: count() }).from(buyRequests))[0].n;
    for (const res of [
      await guest.post('/api/user/buy', request),
      await guest.post('/api/user/buy', { name: '' }),
      await guest.get('/api/user/buy'),
      await guest.get('/api/user/buy/1'),
    ]) {
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: 10001, message: '未登录' });
    }
    expect((await t.db.select({ n: count() }).from(buyRequests))[0].n).toBe(before);
  });

  it('files a request that the account reads in its list and alone, waiting for an answer', async () => {
    const filed = await chain.post('/api/user/buy', request);
    expect(filed.status).toBe(200);
    expect(undeclared(filed.body, okOf(BuyRequestSaved).parse(filed.body))).toEqual([]);
    expect(filed.body.data).toMatchObject({
      name: '依折麦布片',
      sccj: '默沙东制药有限公司',
      ypgg: '10mg*10片',
      number: 60,
      bzdw: '盒',
      expected_price: '32.50',
      contact: '王丽华',
      phone: '0571-88886666',
      status: 0,
      status_text: '待处理',
      reply: '',
      goods: null,
      replied_at: null,
      already: 0,
    });
    const [row] = await t.db.select().from(buyRequests).where(eq(buyRequests.id, filed.body.data.id));
    expect(row).toMatchObject({ userId: await userId('chain'), expectedPrice: 3250, quantity: 60, spec: '10mg*10片' });

    const list = await chain.get('/api/user/buy');
    expect(undeclared(list.body, okOf(BuyRequestPage).parse(list.body))).toEqual([]);
    expect(list.body.data.data[0].id).toBe(filed.body.data.id);
    expect(list.body.data.counts).toMatchObject({ all: 1, pending: 1, replied: 0 });
    const one = await chain.get(`/api/user/buy/${filed.body.data.id}`);
    expect(undeclared(one.body, okOf(BuyRequest).parse(one.body))).toEqual([]);
    expect(one.body.data).toMatchObject({ id: filed.body.data.id, name: '依折麦布片', remark: '连锁门店统一采购' });

    // Without a price, maker or spec it is filed as well: those are optional.
    const bare = await chain.post('/api/user/buy', { name: '复方丹参滴丸', number: 20, bzdw: '瓶', contact: '王丽华', phone: '13800000009' });
    expect(bare.body.data).toMatchObject({ expected_price: null, sccj: '', ypgg: '', remark: '' });
    const pendingOnly = await chain.get('/api/user/buy?status=0');
    expect(pendingOnly.body.data.total).toBe(2);
    expect((await chain.get('/api/user/buy?status=1')).body.data.total).toBe(0);
  });

  it("answers 404 for another account's request, and 422 for an id that is no number", async () => {
    const mine = (await chain.get('/api/user/buy')).body.data.data[0].id;
    const other = await demo.get(`/api/user/buy/${mine}`);
    expect(other.status).toBe(404);
    expect(other.body.message).toBe('求购信息不存在');
    expect((await demo.get('/api/user/buy')).body.data.data.map((r: { id: number }) => r.id)).not.toContain(mine);
    expect((await demo.get('/api/user/buy/0x10')).status).toBe(422);
  });

  it('refuses bad input field by field in Chinese and writes nothing', async () => {
    const chainId = await userId('chain');
    const before = await requestsOf(chainId);
    const res = await chain.post('/api/user/buy', {
      name: '',
      sccj: '<b>厂家</b>',
      number: '0',
      bzdw: '123',
      expected_price: '12.345',
      contact: 'x',
      phone: '12345',
      remark: 'a'.repeat(201),
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('请输入药品名称');
    expect(res.body.data.errors).toMatchObject({
      name: ['请输入药品名称'],
      sccj: ['生产厂家不能包含 < 或 > 字符'],
      number: ['求购数量至少为1'],
      bzdw: ['单位须为1-8个中文或字母，如 盒、瓶、支'],
      expected_price: ['期望价格须为金额（元），最多两位小数'],
      contact: ['联系人须为2-20个中文或英文字符'],
      phone: ['请输入正确的联系电话（手机号或区号-座机号）'],
      remark: ['备注不能超过200个字符'],
    });
    const priced = await chain.post('/api/user/buy', { ...request, expected_price: '0' });
    expect(priced.body.data.errors).toEqual({ expected_price: ['期望价格须在0.01至99999.99元之间'] });
    const many = await chain.post('/api/user/buy', { ...request, number: '1000000' });
    expect(many.body.data.errors).toEqual({ number: ['求购数量不能超过999999'] });
    expect(await requestsOf(chainId)).toBe(before);
  });

  it('files a request posted five times at once only once, and each post answers that one', async () => {
    const form = { ...request, name: '阿托伐他汀钙片', ypgg: '20mg*7片', remark: '' };
    const posts = await Promise.all(Array.from({ length: 5 }, () => demo.post('/api/user/buy', form)));
    expect(posts.map((p) => p.body.code)).toEqual([10000, 10000, 10000, 10000, 10000]);
    expect(new Set(posts.map((p) => p.body.data.id)).size).toBe(1);
    expect(posts.map((p) => p.body.data.already).sort()).toEqual([0, 1, 1, 1, 1]);
    const rows = await t.db
      .select({ n: count() })
      .from(buyRequests)
      .where(and(eq(buyRequests.userId, await userId('demo')), eq(buyRequests.name, '阿托伐他汀钙片')));
    expect(rows[0].n).toBe(1);
    // Another quantity is another request.
    const more = await demo.post('/api/user/buy', { ...form, number: '120' });
    expect(more.body.data.already).toBe(0);
    expect(more.body.data.id).not.toBe(posts[0].body.data.id);
  });

  it('lets an account waiting for its licence review file a request', async () => {
    const filed = await pending.post('/api/user/buy', { ...request, name: '蒙脱石散', contact: '李医生', phone: '13900000002' });
    expect(filed.body.code).toBe(10000);
    expect((await pending.get('/api/user/buy')).body.data.data[0]).toMatchObject({ name: '蒙脱石散', status_text: '待处理' });
  });

  it('refuses a request past the daily limit, writing nothing', async () => {
    const storeId = await userId('chain-a');
    await t.db.insert(buyRequests).values(
      Array.from({ length: BUY_DAILY_LIMIT }, (_, i) => ({
        userId: storeId,
        name: `到货提醒品种${i}`,
        quantity: 1,
        contact: '张店长',
        phone: '13800000011',
      })),
    );
    const store = await loginAs(t.app, 'chain-a');
    const res = await store.post('/api/user/buy', request);
    expect(res.body).toMatchObject({ code: 400, message: BUY_TOO_MANY });
    expect(await requestsOf(storeId)).toBe(BUY_DAILY_LIMIT);
  });

  it("shows demo's seeded requests, one answered and one listed with its goods", async () => {
    const list = (await demo.get('/api/user/buy')).body.data;
    const answered = list.data.find((r: { name: string }) => r.name === '甲钴胺片');
    expect(answered).toMatchObject({ status: 1, status_text: '已回复' });
    expect(answered.reply).toContain('预计下月中旬到货');
    const listed = list.data.find((r: { status: number }) => r.status === 2);
    expect(listed.goods).toMatchObject({ id: expect.any(Number), name: listed.name });
    expect(list.data.find((r: { status: number }) => r.status === 3)).toMatchObject({ status_text: '无法采购' });
  });
});

describe(`意见反馈 on ${dbLabel}`, () => {
  it('sends guests to log in and writes nothing', async () => {
    const guest = agent(t.app);
    expect((await guest.post('/api/user/feedback', { type: 'goods', content: '包装破损严重' })).status).toBe(401);
    expect((await guest.post('/api/user/feedback', { type: 'nope' })).status).toBe(401);
    expect((await guest.get('/api/user/feedback')).status).toBe(401);
    expect((await t.db.select({ n: count() }).from(feedbacks).where(eq(feedbacks.content, '包装破损严重')))[0].n).toBe(0);
  });

  it('files feedback with its own pictures and lists it newest first', async () => {
    const pictures = [await upload(chain), await upload(chain, '外箱.png')];
    const filed = await chain.post('/api/user/feedback', {
      type: 'goods',
      content: '收到的板蓝根颗粒外箱破损，有两盒受潮。',
      images: pictures,
      contact: 'QQ 88776655',
    });
    expect(undeclared(filed.body, okOf(FeedbackSaved).parse(filed.body))).toEqual([]);
    expect(filed.body.data).toMatchObject({
      type: 'goods',
      type_text: '商品',
      images: pictures,
      contact: 'QQ 88776655',
      status: 0,
      status_text: '待处理',
      reply: '',
    });
    const list = await chain.get('/api/user/feedback');
    expect(undeclared(list.body, okOf(FeedbackPage).parse(list.body))).toEqual([]);
    expect(list.body.data).toMatchObject({ total: 1, per_page: 10 });
    expect(list.body.data.data[0]).toMatchObject({ id: filed.body.data.id, images: pictures });
    // Without pictures or contact it is filed too; the list shows the newer first.
    const plain = await chain.post('/api/user/feedback', { type: 'website', content: '希望支持按效期筛选商品' });
    expect(plain.body.data).toMatchObject({ images: [], contact: '', type_text: '网站' });
    expect((await chain.get('/api/user/feedback')).body.data.data.map((f: { id: number }) => f.id)).toEqual([plain.body.data.id, filed.body.data.id]);
    // demo's list is its own: the seeded two, not chain's.
    const demoList = (await demo.get('/api/user/feedback')).body.data;
    expect(demoList.data.map((f: { id: number }) => f.id)).not.toContain(filed.body.data.id);
    expect(demoList.data.find((f: { status: number }) => f.status === 1).reply).toContain('SF1402268801533');
  });

  it("refuses bad input and another account's pictures field by field, writing nothing", async () => {
    const chainId = await userId('chain');
    const before = await feedbackOf(chainId);
    const res = await chain.post('/api/user/feedback', { type: 'praise', content: '好', contact: 'a'.repeat(41) });
    expect(res.status).toBe(422);
    expect(res.body.data.errors).toMatchObject({ type: ['请选择反馈类型'], content: ['反馈内容至少5个字'], contact: ['联系方式不能超过40个字符'] });
    expect((await chain.post('/api/user/feedback', { type: 'other', content: '' })).body.data.errors).toEqual({ content: ['请输入反馈内容'] });
    const mine = await upload(chain);
    const five = await chain.post('/api/user/feedback', { type: 'other', content: '五张图片的反馈内容', images: [mine, mine, mine, mine, mine] });
    expect(five.body.data.errors).toEqual({ images: ['最多上传4张图片'] });
    const pdf = await chain.post('/api/user/feedback', { type: 'other', content: '不是图片的附件', images: ['/uploads/abc-0123456789abcdef.pdf'] });
    expect(pdf.body.data.errors).toMatchObject({ 'images.0': ['请上传 JPG、PNG、GIF 或 WEBP 图片'] });
    const theirs = await upload(demo);
    const other = await chain.post('/api/user/feedback', { type: 'other', content: '用了别人的图片', images: [mine, theirs] });
    expect(other.status).toBe(422);
    expect(other.body.data.errors).toEqual({ images: ['图片无效，请重新上传'] });
    expect(await feedbackOf(chainId)).toBe(before);
  });

  it('files feedback posted four times at once only once', async () => {
    const form = { type: 'service', content: '客服电话高峰期很难打通，建议增加人手。', contact: '13800000001' };
    const posts = await Promise.all(Array.from({ length: 4 }, () => pending.post('/api/user/feedback', form)));
    expect(new Set(posts.map((p) => p.body.data.id)).size).toBe(1);
    expect(posts.filter((p) => p.body.data.already === 0)).toHaveLength(1);
    expect(await feedbackOf(await userId('pending'))).toBe(1);
  });
});
