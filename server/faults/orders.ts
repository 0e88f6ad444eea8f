/**
 * Orders and payments under a fault: buyers placing and paying them through a running server, as the browser calls
 * it, and every way the data could be left half-written by the fault, checked after (kill.fault.ts, postgres.fault.ts).
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { DEMO_PAY_PASSWORD } from '../seed/demo-password.js';
import { cookieOf } from '../test-processes.js';

type Rows = Record<string, unknown>[];
export const rowsOf = async (database: Database, query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: Rows }).rows;

/** What the checks compare: the orders, ledger rows and batches as they were before the load. */
export async function dataBefore(database: Database) {
  const [{ orders, ledger }] = await rowsOf(
    database,
    sql`select coalesce(max(id), 0)::int as orders, (select coalesce(max(id), 0)::int from ledger) as ledger from orders`,
  );
  const batches = await rowsOf(database, sql`select id, quantity from goods_batches`);
  return { orders: Number(orders), ledger: Number(ledger), quantity: new Map(batches.map((b) => [Number(b.id), Number(b.quantity)])) };
}

/** Every way the data could be left half-written, each as the rows that show it (none when whole). */
export async function halfWritten(database: Database, was: Awaited<ReturnType<typeof dataBefore>>) {
  const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
  return {
    ordersWithoutLines: await rowsOf(
      database,
      sql`select o.id from orders o where o.id > ${was.orders} and not exists (select 1 from order_items i where i.order_id = o.id)`,
    ),
    linesNotTaken: await rowsOf(
      database,
      sql`select i.id, i.number, (select coalesce(sum(p.units), 0)::int from order_item_batches p where p.order_item_id = i.id) as taken
          from order_items i join orders o on o.id = i.order_id
          where o.id > ${was.orders} and o.status <> 4
            and i.number <> (select coalesce(sum(p.units), 0) from order_item_batches p where p.order_item_id = i.id)`,
    ),
    partsOfNoLine: await rowsOf(
      database,
      sql`select p.id from order_item_batches p where not exists (select 1 from order_items i where i.id = p.order_item_id)`,
    ),
    // Nothing ships during the test: a batch holds what open orders' lines took of it, and keeps its quantity.
    batchesHeldWrong: await rowsOf(
      database,
      sql`select b.id, b.held, (select coalesce(sum(p.units - p.returned), 0)::int from order_item_batches p
            join order_items i on i.id = p.order_item_id join orders o on o.id = i.order_id
            where p.batch_id = b.id and o.status in (0, 1)) as open
          from goods_batches b
          where b.held <> (select coalesce(sum(p.units - p.returned), 0) from order_item_batches p
            join order_items i on i.id = p.order_item_id join orders o on o.id = i.order_id
            where p.batch_id = b.id and o.status in (0, 1))`,
    ),
    quantityMoved: (await rowsOf(database, sql`select id, quantity from goods_batches`)).filter((b) => was.quantity.get(Number(b.id)) !== Number(b.quantity)),
    // Stock that sells: what the released batches beyond the goods' shelf-life line hold free.
    stockWrong: await rowsOf(
      database,
      sql`select g.id, g.number, s.n from goods g
          join lateral (select coalesce(sum(b.quantity - b.held), 0)::int as n from goods_batches b
            where b.goods_id = g.id and b.status = 1 and b.xq > ${today}::date + g.min_shelf_days) s on true
          where g.id in (select i.goods_id from order_items i where i.order_id > ${was.orders}) and g.number <> s.n`,
    ),
    paidNotCharged: await rowsOf(
      database,
      sql`select o.id from orders o where o.id > ${was.orders} and o.pay_status = 1
            and (select count(*) from ledger l where l.instrument = 'balance' and l.kind = 'pay' and l.ref_type = 'order' and l.ref_id = o.id and l.amount = -o.pay_amount) <> 1`,
    ),
    chargedNotPaid: await rowsOf(
      database,
      sql`select l.id from ledger l join orders o on o.id = l.ref_id
          where l.id > ${was.ledger} and l.kind = 'pay' and l.ref_type = 'order' and o.pay_status <> 1`,
    ),
    balancesNotLedger: await rowsOf(
      database,
      sql`select w.user_id, w.balance, last.balance_after from wallets w
          join lateral (select l.balance_after from ledger l where l.user_id = w.user_id and l.instrument = 'balance' order by l.id desc limit 1) last on true
          where w.balance <> last.balance_after`,
    ),
    ledgerRunsWrong: await rowsOf(
      database,
      sql`select l.id from ledger l
          join lateral (select p.balance_after from ledger p where p.user_id = l.user_id and p.instrument = l.instrument and p.id < l.id order by p.id desc limit 1) prev on true
          where l.id > ${was.ledger} and l.instrument = 'balance' and l.balance_after <> prev.balance_after + l.amount`,
    ),
  };
}

/** `halfWritten` with nothing found: what a test expects it to answer. */
export const nothingHalfWritten = (found: Awaited<ReturnType<typeof halfWritten>>) => Object.fromEntries(Object.keys(found).map((k) => [k, []]));

const JSON_XHR = { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' };

export type Envelope = { code: number; message: string; data: any };
/** One answer of the server as a buyer's call saw it. */
export type Answer = { method: string; path: string; status: number; body: Envelope; retryAfter: string | null; sent: number; answered: number };

/** A buyer's calls to the server at `base` with its session `cookie`; each answer is also handed to `onAnswer`. */
export function buyer(base: string, cookie: string, onAnswer: (answer: Answer) => void = () => {}) {
  const call = async (method: string, path: string, body?: unknown): Promise<Envelope> => {
    const sent = Date.now();
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { ...JSON_XHR, cookie },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    const text = await res.text();
    let answer: Envelope;
    try {
      answer = JSON.parse(text) as Envelope;
    } catch {
      answer = { code: -1, message: `not the envelope: ${text.slice(0, 200)}`, data: null };
    }
    onAnswer({ method, path, status: res.status, body: answer, retryAfter: res.headers.get('retry-after'), sent, answered: Date.now() });
    return answer;
  };
  return { get: (path: string) => call('GET', path), post: (path: string, body: unknown) => call('POST', path, body) };
}
export type Buyer = ReturnType<typeof buyer>;

/** The session cookie of `username` (a seeded buyer) logged in at `base`. */
export async function logIn(base: string, username: string): Promise<string> {
  const res = await fetch(`${base}/api/user/login`, { method: 'POST', headers: JSON_XHR, body: JSON.stringify({ username, password: 'Demo@2026' }) });
  return cookieOf(res, 'yct_session');
}

export type Stocked = { id: number; zbz: number };

/** Goods a buyer may put in the cart and buy many of: the best sellers with stock for 50 of their packs. */
export async function stockedGoods(b: Buyer): Promise<Stocked[]> {
  const list = (await b.get('/api/goods/list?in_stock=1&per_page=100&page=1&sort=sales')).data.data as (Stocked & {
    is_buy: number;
    is_ephedrine: number;
    number: number;
  })[];
  return list.filter((g) => g.is_buy && !g.is_ephedrine && g.number >= g.zbz * 50);
}

/**
 * One to three of `stocked` put in the cart, the cart's lines checked out and an order placed to `address`;
 * answers the orders placed (none where a step was refused).
 */
export async function placeOrder(b: Buyer, address: number, stocked: Stocked[]): Promise<{ id: number }[]> {
  const lines = Array.from({ length: 1 + crypto.randomInt(3) }, () => stocked[crypto.randomInt(stocked.length)]);
  if ((await b.post('/api/cart', { params: lines.map((g) => ({ goods_id: g.id, number: g.zbz })) })).code !== 10000) return [];
  const cart = await b.get('/api/cart/list');
  if (cart.code !== 10000) return [];
  if ((await b.post('/api/cart/checkout', { ids: (cart.data.list as { id: number }[]).map((l) => l.id) })).code !== 10000) return [];
  const order = await b.post('/api/order', { address_id: address, coupon_id: 0 });
  return order.code === 10000 ? (order.data.orders as { id: number }[]) : [];
}

/** Pays `orders` from the balance; answers how many were paid. */
export async function payOrders(b: Buyer, orders: { id: number }[]): Promise<number> {
  let paid = 0;
  for (const o of orders) {
    if ((await b.post('/api/pay/order', { order_id: o.id, method: 'balance', pay_password: DEMO_PAY_PASSWORD })).code === 10000) paid++;
  }
  return paid;
}
