/**
 * The HTTP client against a real Fastify server: one test per row of the error catalogue
 * (spec section 8), the timeout, and the cancelling of identical in-flight requests.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import qs from 'qs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError, configureHttp, http, resetHttp, setUiAdapter, type AlertOptions } from './client';

type Seen = { method: string; url: string; raw: string; body: unknown; headers: Record<string, unknown> };

let server: FastifyInstance;
let seen: Seen[] = [];
let ui: { toasts: string[]; alerts: AlertOptions[]; navigations: string[]; reloads: number };

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const envelope = (code: number, message: string, data: unknown = null) => ({ code, message, data });

beforeAll(async () => {
  server = Fastify({ forceCloseConnections: true });
  server.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, raw, done) =>
    done(null, { raw, parsed: qs.parse(raw as string, { arrayLimit: 200 }) }),
  );
  server.addHook('preHandler', async (req) => {
    const body = req.body as { raw?: string; parsed?: unknown } | undefined;
    seen.push({ method: req.method, url: req.url, raw: body?.raw ?? '', body: body?.parsed, headers: req.headers });
  });

  server.get('/api/goods/hot', async () => envelope(10000, 'success', [{ name: '阿莫西林胶囊' }]));
  server.post('/api/cart/batch_select', async () => envelope(200, 'success', { updated: 2 }));
  server.put('/api/address/7', async () => envelope(201, 'success', { id: 7 }));
  server.get('/api/order', async (_req, reply) => reply.status(401).send(envelope(10001, '未登录')));
  server.post('/api/user/register', async (_req, reply) =>
    reply.status(422).send(
      envelope(422, '请输入正确的手机号', {
        errors: { phone: ['请输入正确的手机号', '该手机号已注册'], code: ['请输入6位短信验证码'] },
      }),
    ),
  );
  server.post('/api/order', async () => envelope(459, '请先签署电子合同'));
  server.post('/api/cart/checkout', async () => envelope(400, '阿莫西林胶囊库存不足'));
  server.get('/api/user/couponNum', async () => envelope(400, '未登录'));
  server.get('/api/goods/list', async (_req, reply) => reply.status(503).send(envelope(503, '服务暂时不可用，请稍后再试')));
  server.get('/api/goods/hot_list', async (_req, reply) => reply.status(500).send(envelope(500, '系统繁忙，请稍候再试')));
  server.get('/api/goods/brand_list', async (_req, reply) => reply.status(502).type('text/html').send('<html><body>502 Bad Gateway</body></html>'));
  server.get('/api/goods/detail/1', () => new Promise(() => {}));
  server.get('/api/goods/search', async () => {
    await delay(150);
    return envelope(10000, 'success', { hits: 1 });
  });
  server.post('/api/cart', async () => {
    await delay(150);
    return envelope(10000, 'success', { added: 1 });
  });

  await server.listen({ host: '127.0.0.1', port: 0 });
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  configureHttp({ baseURL: `http://127.0.0.1:${address.port}` });
});

afterAll(async () => {
  resetHttp();
  await server.close();
});

beforeEach(() => {
  seen = [];
  ui = { toasts: [], alerts: [], navigations: [], reloads: 0 };
  setUiAdapter({
    toastError: (text) => ui.toasts.push(text),
    alert: (options) => ui.alerts.push(options),
    navigate: (path) => ui.navigations.push(path),
    reload: () => (ui.reloads += 1),
  });
});

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (e: unknown) => {
      expect(e).toBeInstanceOf(ApiError);
      return e as ApiError;
    },
  );

const nothingShown = () => expect(ui).toEqual({ toasts: [], alerts: [], navigations: [], reloads: 0 });

describe('http client error catalogue', () => {
  it('resolves with data for codes 10000, 200 and 201, sending form-encoded bodies and the XHR header', async () => {
    await expect(http.get('/api/goods/hot', { type: 1, kw: '阿莫西林' })).resolves.toEqual([{ name: '阿莫西林胶囊' }]);
    await expect(
      http.post('/api/cart/batch_select', {
        ids: [3, 5],
        is_selected: true,
        params: [
          { goods_id: 1, price: '12.50', number: 10, ck_id: 2 },
          { goods_id: 9, price: '8.00', number: 1, ck_id: 2, type: 3 },
        ],
        remark: null,
      }),
    ).resolves.toEqual({ updated: 2 });
    await expect(http.put('/api/address/7', { name: '张三', is_default: false })).resolves.toEqual({ id: 7 });

    const [get, post, put] = seen;
    expect(get.url).toBe(`/api/goods/hot?type=1&kw=${encodeURIComponent('阿莫西林')}`);
    expect(get.headers['x-requested-with']).toBe('XMLHttpRequest');
    expect(post.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(post.headers['x-requested-with']).toBe('XMLHttpRequest');
    expect(decodeURIComponent(post.raw)).toBe(
      'ids[]=3&ids[]=5&is_selected=1' +
        '&params[0][goods_id]=1&params[0][price]=12.50&params[0][number]=10&params[0][ck_id]=2' +
        '&params[1][goods_id]=9&params[1][price]=8.00&params[1][number]=1&params[1][ck_id]=2&params[1][type]=3',
    );
    expect(post.body).toEqual({
      ids: ['3', '5'],
      is_selected: '1',
      params: [
        { goods_id: '1', price: '12.50', number: '10', ck_id: '2' },
        { goods_id: '9', price: '8.00', number: '1', ck_id: '2', type: '3' },
      ],
    });
    expect(put.body).toEqual({ name: '张三', is_default: '0' });
    nothingShown();
  });

  it('goes to the login page without an alert on code 10001 / HTTP 401', async () => {
    const error = await failure(http.get('/api/order', { page: 2 }));
    expect(error).toMatchObject({ code: 10001, status: 401, message: '未登录' });
    expect(ui.navigations).toEqual(['/login']);
    expect(ui.alerts).toEqual([]);
    expect(ui.toasts).toEqual([]);
  });

  it('toasts the first message of the first field on 422 and exposes the field errors', async () => {
    const error = await failure(http.post('/api/user/register', { step: 1, phone: '123' }));
    expect(error.code).toBe(422);
    expect(error.fieldErrors).toEqual({
      phone: ['请输入正确的手机号', '该手机号已注册'],
      code: ['请输入6位短信验证码'],
    });
    expect(ui.toasts).toEqual(['请输入正确的手机号']);
    expect(ui.alerts).toEqual([]);
    expect(ui.navigations).toEqual([]);
    expect(seen[0].body).toEqual({ step: '1', phone: '123' });
  });

  it('shows the message and goes to /dzht on 459', async () => {
    const error = await failure(http.post('/api/order', { address_id: 4 }));
    expect(error.code).toBe(459);
    expect(ui.toasts).toEqual(['请先签署电子合同']);
    expect(ui.navigations).toEqual(['/dzht']);
    expect(ui.alerts).toEqual([]);
  });

  it('shows a 温馨提示 alert with the message of any other code below 500', async () => {
    const error = await failure(http.post('/api/cart/checkout', { ids: [1, 2] }));
    expect(error).toMatchObject({ code: 400, status: 200, message: '阿莫西林胶囊库存不足' });
    expect(ui.alerts).toHaveLength(1);
    expect(ui.alerts[0]).toMatchObject({ title: '温馨提示', content: '阿莫西林胶囊库存不足' });
    expect(ui.toasts).toEqual([]);
    expect(ui.navigations).toEqual([]);
    expect(seen[0].raw).toBe('ids%5B%5D=1&ids%5B%5D=2');
  });

  it('stays silent for the message 未登录 under another code', async () => {
    const error = await failure(http.get('/api/user/couponNum'));
    expect(error).toMatchObject({ code: 400, message: '未登录' });
    nothingShown();
  });

  it('toasts 系统繁忙，请稍候再试 on a 5xx answer', async () => {
    const error = await failure(http.get('/api/goods/hot_list'));
    expect(error).toMatchObject({ code: 500, status: 500 });
    expect(ui.toasts).toEqual(['系统繁忙，请稍候再试']);
    expect(ui.alerts).toEqual([]);
  });

  it('toasts 服务暂时不可用，请稍后再试 while the database is away (503) or no server answers behind the proxy (502)', async () => {
    expect(await failure(http.get('/api/goods/list', { page: 1 }))).toMatchObject({ code: 503, status: 503 });
    expect(await failure(http.get('/api/goods/brand_list'))).toMatchObject({ code: 500, status: 502 });
    expect(ui.toasts).toEqual(['服务暂时不可用，请稍后再试', '服务暂时不可用，请稍后再试']);
    expect(ui.alerts).toEqual([]);
  });

  it('lets a caller silence the standard UI for a call', async () => {
    await failure(http.post('/api/user/register', { step: 1 }, { silent: [422] }));
    await failure(http.post('/api/cart/checkout', { ids: [1] }, { silent: true }));
    nothingShown();
  });
});

describe('http client timeout', () => {
  it('gives up after the timeout and offers a 刷新 button that reloads the page', async () => {
    const started = Date.now();
    const error = await failure(http.get('/api/goods/detail/1', undefined, { timeout: 300 }));
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(error.kind).toBe('timeout');
    expect(ui.alerts).toHaveLength(1);
    const alert = ui.alerts[0];
    expect(alert).toMatchObject({ title: '温馨提示', content: '请求超时，请刷新页面', okText: '刷新' });
    expect(ui.reloads).toBe(0);
    alert.onOk?.();
    expect(ui.reloads).toBe(1);
    expect(ui.toasts).toEqual([]);
  });

  it('uses the configured default timeout', async () => {
    configureHttp({ timeout: 200 });
    try {
      const error = await failure(http.get('/api/goods/detail/1'));
      expect(error.kind).toBe('timeout');
    } finally {
      configureHttp({ timeout: 30_000 });
    }
  });
});

describe('http client cancellation', () => {
  it('cancels an identical in-flight request silently, leaving the later one to answer', async () => {
    const first = http.get('/api/goods/search', { keywords: '布洛芬', type: 1 });
    const second = http.get('/api/goods/search', { keywords: '布洛芬', type: 1 });
    const other = http.get('/api/goods/search', { keywords: '板蓝根', type: 1 });
    const error = await failure(first);
    expect(error.cancelled).toBe(true);
    await expect(second).resolves.toEqual({ hits: 1 });
    await expect(other).resolves.toEqual({ hits: 1 });
    nothingShown();
  });

  it('lets identical calls to an exempt path such as /api/cart run side by side', async () => {
    const body = { params: [{ goods_id: 1, price: '12.50', number: 10, ck_id: 2 }] };
    const results = await Promise.all([http.post('/api/cart', body), http.post('/api/cart', body)]);
    expect(results).toEqual([{ added: 1 }, { added: 1 }]);
    const posts = seen.filter((s) => s.method === 'POST' && s.url === '/api/cart');
    expect(posts).toHaveLength(2);
    expect(posts[0].body).toEqual({ params: [{ goods_id: '1', price: '12.50', number: '10', ck_id: '2' }] });
    nothingShown();
  });
});
