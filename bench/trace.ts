/**
 * Trace codes at the outbound check (docs/decisions/035-trace-codes-and-delivery-note.md), against a running
 * server: demo orders 1,000 boxes of a drug and 200 of another, paid by bank transfer that an operator confirms; the warehouse scans the
 * 1,000 into the first in posts of 200, as the console's page sends a scanner's queue, and the 200 into the second
 * one code a post, one after another, as a page would whose every code left alone. Each post locks the order and
 * checks its codes against the order's lines and batches; the figures are per post and codes per second.
 */
import { percentile } from './longtail.js';
import { call, login, type TradeRow } from './trade.js';

const json = { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' };
type Goods = { id: number; zbz: number; number: number; is_buy: number; is_ephedrine: number; cfl: string; tags: string[] };
type TraceOrder = { lines: { prefix: string; needs_codes: number; units: number }[]; scanned: number };

async function operator(base: string) {
  const res = await fetch(`${base}/api/admin/login`, { method: 'POST', headers: json, body: JSON.stringify({ username: 'admin', password: 'Admin@2026' }) });
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]);
  if (!res.ok || !cookies.length) throw new Error(`operator login failed: ${res.status}`);
  return cookies.join('; ');
}

async function admin<T>(base: string, cookie: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const res = await fetch(base + path, { method, headers: { ...json, cookie }, body: body === undefined ? undefined : JSON.stringify(body) });
  const answer = (await res.json()) as { code: number; message: string; data: T };
  if (answer.code !== 10000) throw new Error(`${method} ${path}: ${answer.code} ${answer.message}`);
  return answer.data;
}

/** A paid order of `boxes` boxes of a drug with codes that none of the earlier orders took; its id and prefix. */
async function paidOrder(base: string, buyer: string, ops: string, boxes: number, skip: Set<number>) {
  for (let page = 1; page <= 20; page++) {
    const list = await call<{ data: Goods[] }>(base, buyer, 'GET', `/api/goods/list?per_page=40&page=${page}`);
    for (const g of list.data) {
      if (skip.has(g.id) || !g.is_buy || g.is_ephedrine || ['器械', '中药饮片', '保健食品'].includes(g.cfl) || boxes % g.zbz || g.number < boxes) continue;
      if (g.tags.some((t) => t === '特' || t === '秒')) continue;
      skip.add(g.id);
      const cart = await call<{ list: { id: number }[] }>(base, buyer, 'GET', '/api/cart/list');
      if (cart.list.length) await call(base, buyer, 'POST', '/api/cart/batch_delete', cart.list.map((l, i) => `ids[${i}]=${l.id}`).join('&'));
      await call(base, buyer, 'POST', '/api/cart', `params[0][goods_id]=${g.id}&params[0][number]=${boxes}`);
      const lines = await call<{ list: { id: number }[] }>(base, buyer, 'GET', '/api/cart/list');
      await call(base, buyer, 'POST', '/api/cart/checkout', lines.list.map((l) => `ids[]=${l.id}`).join('&'));
      const confirm = await call<{ address_id: number }>(base, buyer, 'GET', '/api/cart/confirm?coupon_id=0');
      const made = await call<{ orders: { id: number }[] }>(base, buyer, 'POST', '/api/order', `address_id=${confirm.address_id}&coupon_id=0`);
      const id = made.orders[0].id;
      await call(base, buyer, 'POST', '/api/pay/order', `order_id=${id}&method=transfer`);
      await admin(base, ops, 'POST', `/api/admin/orders/${id}/confirm_transfer`, { bank_ref: `BENCH${id}` });
      const view = await admin<TraceOrder>(base, ops, 'GET', `/api/admin/trace/orders/${id}`);
      // The drug's own line (a promotion may have added a gift line before it).
      const own = view.lines.find((l) => l.needs_codes && l.units === boxes);
      if (!own) continue;
      return { id, prefix: own.prefix };
    }
  }
  throw new Error(`no drug with codes holds ${boxes} boxes`);
}

const codesOf = (prefix: string, run: string, n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => `${prefix}${run}${String(from + i).padStart(13 - run.length, '0')}`);

async function timed(base: string, ops: string, id: number, batches: string[][]) {
  const times: number[] = [];
  for (const codes of batches) {
    const started = performance.now();
    await admin(base, ops, 'POST', `/api/admin/trace/orders/${id}/codes`, { codes });
    times.push(performance.now() - started);
  }
  const view = await admin<TraceOrder>(base, ops, 'GET', `/api/admin/trace/orders/${id}`);
  return { times, total: times.reduce((a, b) => a + b, 0), scanned: view.scanned };
}

export async function benchTrace(db: string, base: string, log: (s: string) => void = console.log): Promise<TradeRow[]> {
  const buyer = await login(base, 'demo');
  const ops = await operator(base);
  const skip = new Set<number>();
  const big = await paidOrder(base, buyer, ops, 1000, skip);
  const small = await paidOrder(base, buyer, ops, 200, skip);
  const run = String(Date.now()).slice(-6);
  const all = codesOf(big.prefix, run, 1000);
  const batched = await timed(
    base,
    ops,
    big.id,
    Array.from({ length: 5 }, (_, i) => all.slice(i * 200, i * 200 + 200)),
  );
  const single = await timed(
    base,
    ops,
    small.id,
    codesOf(small.prefix, run, 200).map((c) => [c]),
  );
  const rows: TradeRow[] = [
    {
      db,
      name: 'trace codes: 1,000 into one order, 5 posts of 200 (the console page)',
      what: 'POST /api/admin/trace/orders/{id}/codes',
      rps: Math.round((1000 / batched.total) * 1000),
      p50: Math.round(
        percentile(
          [...batched.times].sort((a, b) => a - b),
          50,
        ),
      ),
      p975: Math.round(
        percentile(
          [...batched.times].sort((a, b) => a - b),
          97.5,
        ),
      ),
      p99: Math.round(Math.max(...batched.times)),
      budget: `all 1,000 taken (${batched.scanned}); none (reference)`,
      ok: batched.scanned === 1000 ? null : false,
    },
    {
      db,
      name: 'trace codes: 200 into one order, one code a post, one at a time',
      what: 'POST /api/admin/trace/orders/{id}/codes',
      rps: Math.round((200 / single.total) * 1000),
      p50: Math.round(
        percentile(
          [...single.times].sort((a, b) => a - b),
          50,
        ),
      ),
      p975: Math.round(
        percentile(
          [...single.times].sort((a, b) => a - b),
          97.5,
        ),
      ),
      p99: Math.round(Math.max(...single.times)),
      budget: `all 200 taken (${single.scanned}); none (reference)`,
      ok: single.scanned === 200 ? null : false,
    },
  ];
  for (const r of rows) log(`${db} ${r.name}: ${r.rps} codes/s, per post p50 ${r.p50} ms, max ${r.p99} ms`);
  return rows;
}
