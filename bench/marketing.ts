/**
 * The marketing writes under load (issue: a claim and a draw at 50 concurrent buyers, p99 under 100 ms on
 * PostgreSQL): 50 connections, each logged in as its own buyer, claim coupons in the coupon centre and draw in
 * points lotteries. Each is a locked read and a transaction with ledger rows. An operator first composes the
 * coupons and lotteries through the console's API and gives the buyers points, so that every request is a
 * successful write: the claims rotate over enough coupons, and the draws over enough lotteries, that no buyer
 * reaches a per-account limit within the run.
 */
import { BUYERS, call, load, type TradeRow } from './trade.js';

export const MARKETING_CONNECTIONS = 50;
const COUPONS = 30;
const LOTTERIES = 12;
const OPERATOR = { username: 'admin', password: 'Admin@2026' };

const json = { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' };
const chinaNow = (offsetMs = 0) => new Date(Date.now() + offsetMs + 8 * 3_600_000).toISOString();

async function operatorCookie(base: string) {
  const res = await fetch(`${base}/api/admin/login`, { method: 'POST', headers: json, body: JSON.stringify(OPERATOR) });
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]);
  if (!res.ok || !cookies.length) throw new Error(`operator login failed: ${res.status}`);
  return cookies.join('; ');
}

async function operatorPost<T>(base: string, cookie: string, path: string, body: unknown): Promise<T> {
  const res = await fetch(base + path, { method: 'POST', headers: { ...json, cookie }, body: JSON.stringify(body) });
  const answer = (await res.json()) as { code: number; message: string; data: T };
  if (answer.code !== 10000) throw new Error(`POST ${path}: ${answer.code} ${answer.message} ${JSON.stringify(answer.data)}`);
  return answer.data;
}

/** The coupons claimed and the lotteries drawn, composed by an operator, and points for every buyer. */
async function setUp(base: string, buyers: string[]) {
  const ops = await operatorCookie(base);
  const day = chinaNow().slice(0, 10);
  const until = chinaNow(30 * 86_400_000).slice(0, 10);
  const coupons: number[] = [];
  for (let i = 0; i < COUPONS; i++) {
    const c = await operatorPost<{ id: number }>(base, ops, '/api/admin/coupons', {
      name: `压测领券${i + 1}`,
      type: 'manjian',
      threshold: '100',
      amount: '5',
      starts_at: day,
      ends_at: until,
      total: 0,
      per_user: 99,
      valid_days: 30,
      is_show: 1,
    });
    coupons.push(c.id);
  }
  const minute = (offsetMs: number) => chinaNow(offsetMs).slice(0, 16).replace('T', ' ');
  const prize = (kind: string, name: string, weight: number, extra: Record<string, unknown> = {}) => ({ kind, name, weight, stock: 1_000_000, ...extra });
  const lotteries: number[] = [];
  for (let i = 0; i < LOTTERIES; i++) {
    const l = await operatorPost<{ id: number }>(base, ops, '/api/admin/lotteries', {
      name: `压测抽奖${i + 1}`,
      starts_at: minute(-60_000),
      ends_at: minute(86_400_000),
      cost_kind: 'points',
      cost_points: 1,
      daily_limit: 100,
      prizes: [
        prize('none', '谢谢参与', 40),
        prize('points', '5积分', 20, { points: 5 }),
        prize('red_packet', '0.1元红包', 10, { amount: '0.10' }),
        prize('coupon', '满100减5券', 10, { coupon_id: coupons[i % COUPONS] }),
        prize('points', '10积分', 10, { points: 10 }),
        prize('none', '再接再厉', 30),
        prize('red_packet', '0.5元红包', 5, { amount: '0.50' }),
        prize('points', '50积分', 5, { points: 50 }),
      ],
    });
    lotteries.push(l.id);
  }
  for (const cookie of buyers) {
    const { id } = await call<{ id: number }>(base, cookie, 'GET', '/api/user/base');
    await operatorPost(base, ops, `/api/admin/users/${id}/wallet/adjust`, { instrument: 'points', amount: '100000', reason: '压测抽奖积分' });
  }
  return { coupons, lotteries };
}

export async function benchMarketing(
  db: string,
  base: string,
  buyers: string[],
  duration: number,
  log: (s: string) => void = console.log,
): Promise<TradeRow[]> {
  if (buyers.length < MARKETING_CONNECTIONS) throw new Error(`${buyers.length} buyers for ${MARKETING_CONNECTIONS} connections (seed --buyers ${BUYERS})`);
  const cookies = buyers.slice(0, MARKETING_CONNECTIONS);
  const { coupons, lotteries } = await setUp(base, cookies);
  const rows: TradeRow[] = [];
  const budget = db === 'PostgreSQL' ? 'p99 < 100 ms' : 'none (reference; the budget is PostgreSQL’s)';
  const measure = async (name: string, what: string, l: Parameters<typeof load>[2]) => {
    await load(base, 2, { ...l, path: (n) => l.path(n + 7), body: l.body && ((n) => l.body!(n + 7)) }, MARKETING_CONNECTIONS); // warm-up
    const r = await load(base, duration, l, MARKETING_CONNECTIONS);
    const ok = !r.clean ? false : db === 'PostgreSQL' ? r.p99 < 100 : null;
    rows.push({ db, name, what, rps: r.rps, p50: r.p50, p975: r.p975, p99: r.p99, budget, ok });
    log(`${db} ${name}: ${r.rps} req/s p50 ${r.p50} ms p99 ${r.p99} ms ${ok === null ? 'reference' : ok ? 'ok' : 'OVER BUDGET'}`);
  };
  await measure(`coupon claim, ${MARKETING_CONNECTIONS} buyers at once`, 'POST /api/coupon/receive', {
    method: 'POST',
    path: () => '/api/coupon/receive',
    body: (n) => `id=${coupons[n % coupons.length]}`,
    cookies,
  });
  await measure(`lottery draw, ${MARKETING_CONNECTIONS} buyers at once`, 'GET /api/draw?id', {
    method: 'GET',
    path: (n) => `/api/draw?id=${lotteries[n % lotteries.length]}`,
    cookies,
  });
  return rows;
}
