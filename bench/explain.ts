/**
 * `npm run bench:explain`: the plan of every statement a catalogue, cart or marketing request sends, by EXPLAIN ANALYZE on a
 * seeded PostgreSQL database (DATABASE_URL, by default the one `npm run bench` leaves: yct_bench), written to
 * docs/hot-queries.md. Lists, counts and suggestions' ranking are worked out in the list index (list-index.ts),
 * so what reaches the database per request is reading goods by primary key, the suggestions' best sellers per
 * name, the cart's lines and the order's stock. Writes run in a transaction that is rolled back. The console's and
 * self-service tables (conversations, orders, invoices, news) are first grown to a busy year's volume.
 */
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { Placeholder, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { expiriesOfGoodsJsonSql } from '../server/modules/catalogue/expiries.js';
import { stockTakeSql } from '../server/modules/catalogue/stock.js';

const root = path.resolve(import.meta.dirname, '..');
const url = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/yct_bench';
const client = new pg.Client({ connectionString: url });
await client.connect();

const one = async <T>(text: string, values: unknown[] = []) => (await client.query(text, values)).rows[0] as T;
const [{ goods }] = (await client.query('select count(*)::int as goods from goods')).rows as { goods: number }[];
if (goods < 10_000) throw new Error(`${url} holds ${goods} goods: seed a large catalogue first (npm run bench -- --goods 100000)`);

// The console's and self-service tables grown to a busy year's volume, once per database: 20,000 accounts each with
// a conversation of 10 messages, 100,000 orders of them (a fifth in each status), an invoice for each of the 20,000
// completed and 5,000 articles of industry news. The bench's own
// trade leaves only a few hundred of each, where any plan is fast.
const VOLUME = { accounts: 20_000, messages: 10, orders: 100_000, news: 5_000 };
const grown = await one<{ n: number }>("select count(*)::int as n from users where username like 'vol%'");
if (grown.n < VOLUME.accounts) {
  await client.query('begin');
  await client.query(
    `insert into users (username, phone, password_hash, company, is_passed, register_step)
      select 'vol' || i, '139' || lpad(i::text, 8, '0'), 'x', '药房' || i || '号店', 1, 3 from generate_series(1, $1::int) i`,
    [VOLUME.accounts],
  );
  // A third wait for an operator; the rest are with one of five; a tenth have unread messages.
  await client.query(
    `insert into chat_conversations (user_id, operator_id, operator_unread, updated_at, created_at)
      select id, case when id % 3 = 0 then null else 1 + id % 5 end, (id % 10 = 0)::int, t, t
      from (select id, now() - (random() * interval '365 days') as t from users where username like 'vol%') u`,
  );
  await client.query(
    `insert into chat_messages (conversation_id, sender, sender_id, body, created_at)
      select c.id, case when m % 2 = 0 then 'user' else 'operator' end, case when m % 2 = 0 then c.user_id else c.operator_id end,
        '请问这个药什么时候到货', c.updated_at - (m * interval '1 minute')
      from chat_conversations c cross join generate_series(1, $1::int) m order by c.id, m desc`,
    [VOLUME.messages],
  );
  await client.query('update chat_conversations c set last_message_id = (select max(id) from chat_messages m where m.conversation_id = c.id)');
  // Orders of every status (0 待付款 to 4 已取消), one every five minutes back from now.
  await client.query(
    `insert into orders (user_id, order_no, status, pay_status, goods_amount, pay_amount, address, expires_at, paid_at, created_at)
      select u.id, 'V' || lpad(i::text, 17, '0'), i % 5, (i % 5 between 1 and 3)::int, 100000 + i % 90000, 100000 + i % 90000,
        '{"name":"采购员","phone":"13900000000","province":"浙江省","city":"杭州市","district":"西湖区","address":"文三路 1 号"}',
        t + interval '30 minutes', case when i % 5 between 1 and 3 then t end, t
      from generate_series(1, $1::int) i
      join lateral (select now() - (i * interval '5 minutes') as t) d on true
      join (select id, row_number() over (order by id) as k from users where username like 'vol%') u on u.k = 1 + i % $2::int`,
    [VOLUME.orders, VOLUME.accounts],
  );
  // An issued invoice for every completed order.
  await client.query(
    `insert into invoices (user_id, order_id, order_no, kind, invoice_no, status, title, amount, issued_at, created_at)
      select o.user_id, o.id, o.order_no, 'blue', 'FP' || lpad(o.id::text, 12, '0'), 1,
        jsonb_build_object('company', '药房', 'taxNo', '91330100MA2B000000', 'addressPhone', '', 'bankAccount', ''), o.pay_amount, o.created_at, o.created_at
      from orders o where o.order_no like 'V%' and o.status = 3`,
  );
  const news = await one<{ id: number }>("select id from article_categories where code = 'hyxw'");
  await client.query(
    `insert into articles (category_id, title, content, created_at)
      select $1, '行业新闻第' || i || '期', '<p>内容</p>', now() - (i * interval '1 hour') from generate_series(1, $2::int) i`,
    [news.id, VOLUME.news],
  );
  await client.query('commit');
  await client.query('analyze');
}

// Sample values as requests carry them: a list page's ids, a goods, a popular name, a buyer with a cart.
const page = (await client.query('select id from goods where is_on_sale and not is_kx order by sales desc, id limit 20 offset 400')).rows.map(
  (r: { id: number }) => r.id,
);
const detail = page[7];
const names = (await client.query('select name from goods group by name order by count(*) desc limit 3')).rows.map((r: { name: string }) => r.name);
const buyer = await one<{ id: number }>("select id from users where username = 'buyer1'");
const cartGoods = (await client.query('select goods_id from cart_items where user_id = $1', [buyer.id])).rows.map((r: { goods_id: number }) => r.goods_id);
const cartLines = (await client.query('select id from cart_items where user_id = $1 order by created_at, id', [buyer.id])).rows.map(
  (r: { id: number }) => r.id,
);
const offers = (await client.query('select activity_id, goods_id from activity_goods where "limit_per_user" > 0 limit 60')).rows as {
  activity_id: number;
  goods_id: number;
}[];
const limited = { activities: [...new Set(offers.map((o) => o.activity_id))], goods: [...new Set(offers.map((o) => o.goods_id))] };
const stocked = (await client.query('select id from goods where is_on_sale and number > 1000 order by id limit 10')).rows.map((r: { id: number }) => r.id);

// The marketing writes' rows: the coupon centre's templates, a lottery with its prizes, a points goods.
const centre = (await client.query('select id from coupons where is_show order by id limit 30')).rows.map((r: { id: number }) => r.id);
const lottery = await one<{ id: number } | undefined>('select id from lotteries order by id desc limit 1');
const prize =
  lottery && (await one<{ id: number } | undefined>('select id from lottery_prizes where lottery_id = $1 and stock > 0 order by slot limit 1', [lottery.id]));
const pointsGoods = (await client.query('select id from points_goods order by id limit 12')).rows.map((r: { id: number }) => r.id);

// The console's and self-service rows: a buyer's conversation, the buyer with the most invoices, a page of paid orders.
const talker = await one<{ id: number }>("select c.id from chat_conversations c join users u on u.id = c.user_id where u.username = 'vol100'");
const invoiced = await one<{ user_id: number }>('select user_id from invoices group by user_id order by count(*) desc limit 1');
const newsCategory = await one<{ id: number }>("select id from article_categories where code = 'hyxw'");
const PAID_ORDERS = `select * from orders where status in (1, 2, 3) order by (status = 3) desc, id desc`;
const paidPage = (await client.query(`${PAID_ORDERS} limit 50 offset 200`)).rows.map((r: { id: number }) => r.id);

type Statement = { name: string; where: string; sql: string; values: unknown[]; write?: boolean };

/**
 * The order's stock statement as the catalogue module builds it, for ten lines of the stocked goods, its
 * placeholders given in the order the text numbers them.
 */
/** A statement as a module builds it (placeholders named), with the values of its placeholders. */
function built(statement: SQL, named: Record<string, unknown>) {
  const query = new PgDialect().sqlToQuery(statement);
  return { sql: query.sql, values: query.params.map((p) => (p instanceof Placeholder ? named[p.name] : p)) };
}

function stockTake() {
  return built(stockTakeSql(), {
    items: stocked.map((_, i) => 2_000_000_000 + i),
    goods: stocked,
    near: stocked.map(() => false),
    units: stocked.map(() => 1),
    today,
  });
}

// The list index's near-expiry part, as catalogue/near-offers.ts writes it (China's today inlined, the default rate 70%):
// which goods have near batches, one probe of goods_batches_fefo_idx each, and the near offer of those that have.
const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
const nearRange = `b.status = 1 and b.xq > '${today}'::date and b.xq <= '${today}'::date + g.min_shelf_days`;
const NEAR_OFFER = `(select json_build_array(g.id, (array_agg(coalesce(b.clearance_price, (g.base_price * 70::int + 50) / 100) order by b.xq, b.id)
    filter (where b.quantity > b.held))[1], sum(b.quantity - b.held) filter (where b.quantity > b.held))
    from goods_batches b where b.goods_id = g.id and ${nearRange})`;
const nearGoods = (
  await client.query(`select g.id from goods g where is_on_sale and exists (select 1 from goods_batches b where b.goods_id = g.id and ${nearRange})
  order by g.id limit 1000`)
).rows.map((r: { id: number }) => r.id);

/** The reads of goods answer their rows as one JSON text (server/db/json-rows.ts). */
const asJson = (select: string) => `select coalesce(json_agg(r), '[]')::text from (${select}) r`;

const GOODS_CORE =
  'id, ck_id, name, sccj, ypgg, bzdw, images, base_price, is_buy, number, is_youx, type, ladder_price, ladder_price_type, is_free_shipping, free_shipping_number, tags, zbz, jzl, pzwh, jx, cfl, xq, scrq, ccfs, category_id, scope_id, brand_id, is_ephedrine, is_kx, is_zy, is_qx, is_on_sale, sales, created_at';

const statements: Statement[] = [
  {
    name: 'A list page’s goods (goods_by_ids)',
    where: 'catalogue/goods.ts goodsByIds: every list page and suggestion, after the list index chose the ids',
    sql: asJson(`select ${GOODS_CORE} from goods where id = any($1::int[])`),
    values: [page],
  },
  {
    name: 'A goods’ detail with the expiries it ships with (goods_detail)',
    where: 'catalogue/detail.ts detailFor: GET /api/goods/detail/{id}, kept 5 s per goods and kind of viewer',
    ...built(
      sql`select (select coalesce(json_agg(r), '[]')::text from (select * from goods
          where id = ${sql.placeholder('id')} and is_on_sale = true and (not is_kx or ${sql.placeholder('special')}::boolean)) r) as rows,
        ${expiriesOfGoodsJsonSql(sql`array[${sql.placeholder('id')}::int]`, sql`${sql.placeholder('today')}`)} as expiries`,
      { id: detail, special: false, today },
    ),
  },
  {
    name: 'Suggestions: the best sellers of each matching name',
    where: 'catalogue/search.ts searchGoods: GET /api/goods/search, up to 10 names ranked by terms.ts',
    sql: `select g.id, t.ord from (values ($1::text, 0), ($2::text, 1), ($3::text, 2)) as t(term, ord)
      cross join lateral (select id, sales from goods where name = t.term and is_on_sale and not is_kx order by sales desc nulls last limit 10) g
      order by t.ord, g.sales desc limit 10`,
    values: names,
  },
  {
    name: 'The list index: which goods have near batches, and their near offers',
    where:
      'catalogue/list-index.ts readGoodsIndex: the near-expiry part of each statement of a whole reading (2,000 goods, the other columns left out; decision 037)',
    sql: `select coalesce(json_agg(${NEAR_OFFER} order by g.id) filter (where exists (select 1 from goods_batches b where b.goods_id = g.id and ${nearRange})), '[]')::text as zone
      from (select id, base_price, min_shelf_days from goods where is_on_sale and id > $1 order by id limit 2000) g`,
    values: [50_000],
  },
  {
    name: 'The list index renewed: the near offers of the goods with near batches',
    where: 'catalogue/list-index.ts renewFromVolatile: with the stock, once the index is 15 s old, 1,000 goods a statement',
    sql: `select coalesce(json_agg(${NEAR_OFFER} order by g.id), '[]')::text as offers from goods g where g.id = any($1::int[])`,
    values: [nearGoods],
  },
  {
    name: 'Add to cart',
    where: 'cart/service.ts addOneLine: POST /api/cart, one statement bounded by the line limit and the stock',
    sql: `with held as (select count(*)::int as n from cart_items where user_id = $1)
      insert into cart_items (user_id, goods_id, type, number, combination_id, is_selected)
      select $1, $2, 1, 1, null, true
      where (select n from held) < 500 or exists (select 1 from cart_items where user_id = $1 and goods_id = $2 and type = 1 and coalesce(combination_id, 0) = 0)
      on conflict (user_id, goods_id, type, (coalesce(combination_id, 0)))
      do update set number = cart_items.number + excluded.number, is_selected = true
      where cart_items.number + excluded.number <= 100000
      returning (xmax = 0) as inserted, (select n from held) as held`,
    values: [buyer.id, detail],
    write: true,
  },
  {
    name: 'A cart’s lines with the account’s side of pricing',
    where:
      'cart/pricing.ts linesWith: GET /api/cart/list, 去结算 and the order; the lines, the red packet, the unused coupons and what the account and everybody bought today at the limited prices running',
    sql: `select coalesce((
        select json_agg(json_build_object('id', id, 'user_id', user_id, 'goods_id', goods_id, 'type', type, 'combination_id', combination_id,
          'number', number, 'is_selected', is_selected, 'created_at', extract(epoch from created_at) * 1000) order by created_at, id)
        from cart_items where user_id = $1), '[]') as lines,
      (select red_packet from wallets where user_id = $1) as red_packet,
      coalesce((select json_agg(json_build_object('id', uc.id, 'name', c.name, 'type', c.type, 'threshold', c.threshold, 'amount', c.amount,
          'rate', c.rate, 'max_discount', c.max_discount, 'scope', c.scope) order by uc.id)
        from user_coupons uc join coupons c on c.id = uc.coupon_id where uc.user_id = $1 and uc.status = 0), '[]') as coupons,
      coalesce((select json_agg(json_build_object('activity_id', b.activity_id, 'goods_id', b.goods_id, 'mine', b.mine, 'all', b.all))
        from (select ps.activity_id, ps.goods_id, sum(case when ps.user_id = $1 then ps.number else 0 end)::int as mine, sum(ps.number)::int as all
          from promo_sales ps where ps.activity_id = any($2::int[]) and ps.goods_id = any($3::int[]) and ps.created_at >= $4::timestamptz
          group by ps.activity_id, ps.goods_id) b), '[]') as bought`,
    values: [buyer.id, limited.activities, limited.goods, new Date(Date.now() - 86_400_000).toISOString()],
  },
  {
    name: '去结算: the selection set to exactly the chosen lines',
    where:
      'cart/service.ts checkout: POST /api/cart/checkout, one statement that changes the selection only when every id is a line of the account, and writes only the lines whose choice changes',
    sql: `with mine as (select count(*)::int as n from cart_items where user_id = $1 and id = any($2::int[])),
      changed as (
        update cart_items set is_selected = (id = any($3::int[]))
        where user_id = $1 and (select n from mine) = $4 and is_selected <> (id = any($5::int[]))
        returning id
      )
      select (select n from mine) as n, (select count(*) from changed) as changed`,
    values: [buyer.id, cartLines.slice(0, 10), cartLines.slice(0, 10), Math.min(10, cartLines.length), cartLines.slice(0, 10)],
    write: true,
  },
  {
    name: 'An order takes its lines out of the cart',
    where: "cart/pricing.ts removeLinesSql: a part of the order's one write (orders/write.ts), the lines it bought",
    sql: 'delete from cart_items where user_id = $1 and id = any($2::int[])',
    values: [buyer.id, cartLines.slice(0, 10)],
    write: true,
  },
  {
    name: 'The goods a cart prices (goods_by_ids)',
    where: 'catalogue/goods.ts goodsForPricing: the lines’ goods with those of their bundles and the add-on offers, one read',
    sql: asJson(`select ${GOODS_CORE} from goods where id = any($1::int[])`),
    values: [cartGoods],
  },
  {
    name: 'The expiries of a cart’s goods',
    where:
      'catalogue/expiries.ts expiriesOfGoodsJsonSql: read with the cart’s lines in its pricing statement (GET /api/cart/list), and by sellingExpiries for the confirm page',
    ...built(sql`select ${expiriesOfGoodsJsonSql(sql`${sql.placeholder('ids')}::int[]`, sql`${sql.placeholder('today')}`)} as expiries`, {
      ids: [...new Set([...cartGoods, ...page])],
      today,
    }),
  },
  {
    name: 'The cart’s goods facts (goods_cart_facts)',
    where: 'catalogue/goods.ts cartFacts: adding to the cart checks the goods as they are now',
    sql: asJson('select id, name, bzdw, zbz, number, is_on_sale, is_kx, is_buy, scope_id, is_ephedrine from goods where id = any($1::int[])'),
    values: [[detail]],
  },
  {
    name: 'An order takes its stock',
    where:
      'catalogue/stock.ts takeStocks: the last statement of POST /api/order, goods rows locked in id order, then their batches that sell first-expiring first',
    ...stockTake(),
    write: true,
  },
  {
    name: 'The coupon centre: what the account holds',
    where: 'wallet/coupon-center.ts held: GET /api/coupon/center for a logged-in buyer (the offer itself is a shared answer)',
    sql: 'select coupon_id, count(*)::int from user_coupons where user_id = $1 and coupon_id = any($2::int[]) group by coupon_id',
    values: [buyer.id, centre],
  },
  {
    name: 'A coupon claim: the template locked',
    where: 'wallet/coupon-center.ts receiveCoupon: POST /api/coupon/receive, the first statement of its transaction; claims of one coupon take turns here',
    sql: 'select * from coupons where id = $1 for update',
    values: [centre[0]],
    write: true,
  },
  {
    name: 'A coupon claim: the account’s copies of it counted',
    where: 'wallet/coupon-center.ts receiveCoupon: the per-account limit, checked while the template is locked',
    sql: 'select count(*)::int from user_coupons where user_id = $1 and coupon_id = $2',
    values: [buyer.id, centre[0]],
  },
  ...(lottery && prize
    ? [
        {
          name: 'A draw: counted on the account’s entry, the prize’s stock taken while some is left, the record written',
          where: 'lottery/draw.ts enterAndRecord: GET /api/draw, the first statement of its transaction (then the points and their ledger rows)',
          sql: `with entered as (
              insert into lottery_entrants (lottery_id, user_id, drawn, day, day_drawn) values ($1, $2, 1, $3, 1)
              on conflict (lottery_id, user_id) do update set drawn = lottery_entrants.drawn + 1, day = excluded.day,
                day_drawn = case when lottery_entrants.day = excluded.day then lottery_entrants.day_drawn + 1 else 1 end
              returning drawn, day, day_drawn),
            taken as (update lottery_prizes set stock = stock - 1, won = won + 1 where id = $4 and stock > 0 and exists (select 1 from entered) returning id),
            record as (
              insert into lottery_draws (lottery_id, user_id, prize_id, prize_kind, prize_name, prize_image, value, cost, status)
              select $1, $2, p.id, p.kind, p.name, p.image, p.value, 1, 0 from lottery_prizes p
              where p.id = coalesce((select id from taken), $4) returning id, prize_id)
            select e.drawn, e.day, e.day_drawn, r.id, r.prize_id from entered e, record r`,
          values: [lottery.id, buyer.id, new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10), prize.id],
          write: true,
        },
      ]
    : []),
  {
    name: 'A payment from the balance: the conditional change and its ledger row',
    where: 'wallet/ledger.ts moveWallet: every movement of money, credit or a red packet (a draw’s red packet, an order paid from the balance)',
    sql: `with changed as (
        update wallets set balance = balance::bigint + $2::bigint, updated_at = now()
        where user_id = $1 and balance::bigint + $2::bigint between 0 and 2147483647
        returning balance as after, $2::bigint as amount)
      insert into ledger (user_id, instrument, amount, balance_after, kind, ref_type, ref_id, memo)
      select $1::int, 'balance', amount, after, 'pay', 'order', 0, '' from changed
      returning balance_after`,
    values: [buyer.id, -1],
    write: true,
  },
  {
    name: 'The points mall: what the account redeemed of each goods',
    where: 'points/service.ts redeemedBy: GET /api/points/goods for a logged-in buyer and every redemption’s limit check',
    sql: 'select goods_id, sum(quantity)::int from points_orders where user_id = $1 and goods_id = any($2::int[]) and status <> 3 group by goods_id',
    values: [buyer.id, pointsGoods],
  },
  {
    name: 'The console’s chat inbox: a page of every conversation',
    where: 'chat/console.ts inbox: GET /api/admin/chat/conversations?scope=all, newest activity first',
    sql: 'select * from chat_conversations order by updated_at desc, id desc limit 20 offset 20',
    values: [],
  },
  {
    name: 'The chat inbox: an operator’s own conversations',
    where: 'chat/console.ts inbox: GET /api/admin/chat/conversations?scope=mine, the default view of a service operator',
    sql: 'select * from chat_conversations where operator_id = $1 order by updated_at desc, id desc limit 20 offset 0',
    values: [2],
  },
  {
    name: 'The chat inbox: how many in each scope',
    where: 'chat/console.ts inbox: the counts on the scope tabs (mine, waiting, all and their unread), one pass',
    sql: `select count(*) filter (where operator_id = $1)::int, count(*) filter (where operator_id is null)::int, count(*)::int,
      count(*) filter (where operator_id = $1 and operator_unread > 0)::int, count(*) filter (where operator_id is null and operator_unread > 0)::int
      from chat_conversations`,
    values: [2],
  },
  {
    name: 'A conversation’s latest messages',
    where: 'chat/service.ts messagesOf: GET /api/chat/messages and the console’s conversation, 20 and one to know if there are more',
    sql: 'select * from chat_messages where conversation_id = $1 order by id desc limit 21',
    values: [talker.id],
  },
  {
    name: 'A buyer’s invoices',
    where: 'invoices/service.ts listInvoices: GET /api/invoice, a page and the count',
    sql: `select *, (select count(*)::int from invoices where user_id = $1) as n from invoices where user_id = $1 order by id desc limit 20 offset 0`,
    values: [invoiced.user_id],
  },
  {
    name: 'The console’s invoices of one status',
    where: 'invoices/admin.ts adminListInvoices: GET /api/admin/invoices?status=1, a page and the count',
    sql: `select *, (select count(*)::int from invoices where status = $1) as n from invoices where status = $1 order by id desc limit 20 offset 40`,
    values: [1],
  },
  {
    name: 'Paid orders to invoice, completed ones first',
    where: 'orders/events.ts paidOrdersPage: GET /api/admin/invoices/uninvoiced reads up to ten pages of 50 of these',
    sql: `${PAID_ORDERS} limit 50 offset 200`,
    values: [],
  },
  {
    name: 'Which of those orders have an invoice in force',
    where: 'invoices/admin.ts adminUninvoiced: one read per page of paid orders',
    sql: "select order_id from invoices where order_id = any($1::int[]) and kind = 'blue' and status <> 2",
    values: [paidPage],
  },
  {
    name: 'A page of news and its count',
    where: 'content/help.ts loadList: GET /api/help/list?type=hyxw, newest first, 10 a page',
    sql: `select *, (select count(*)::int from articles where category_id = $1 and is_show) as n
      from articles where category_id = $1 and is_show order by created_at desc, id desc limit 10 offset 100`,
    values: [newsCategory.id],
  },
];

/** A value written as the literal PostgreSQL reads for a parameter of EXECUTE (which takes no bound values); arrays as array literals. */
const element = (v: unknown) => (v === null ? 'NULL' : `"${String(v).replace(/["\\]/g, '\\$&')}"`);
const literal = (value: unknown) =>
  value === null ? 'null' : client.escapeLiteral(Array.isArray(value) ? `{${value.map(element).join(',')}}` : String(value));
const planOf = (rows: Record<string, string>[]) => rows.map((r) => r['QUERY PLAN']).join('\n');
const executionOf = (plan: string) => /Execution Time: ([\d.]+) ms/.exec(plan)?.[1];

const sections: string[] = [];
for (const s of statements) {
  // Once to warm the cache as a running server has it, then the plan that is kept.
  await client.query('begin');
  await client.query(`explain (analyze) ${s.sql}`, s.values);
  await client.query('rollback');
  await client.query('begin');
  const plan = planOf((await client.query(`explain (analyze, buffers) ${s.sql}`, s.values)).rows);
  await client.query('rollback');
  // The server keeps each statement it runs again prepared (server/db/client.ts), and after five runs PostgreSQL may
  // keep one plan for every value: that generic plan, forced, must read through the same indexes.
  await client.query('begin');
  await client.query(`prepare hot as ${s.sql}`);
  await client.query('set local plan_cache_mode = force_generic_plan');
  const args = s.values.length ? `(${s.values.map(literal).join(', ')})` : '';
  const generic = planOf((await client.query(`explain (analyze, buffers) execute hot${args}`)).rows);
  await client.query('rollback');
  await client.query('deallocate hot');
  sections.push(
    `## ${s.name}\n\n${s.where}. Execution ${executionOf(plan)} ms; with the generic plan ${executionOf(generic)} ms.\n\n` +
      `\`\`\`sql\n${s.sql.replace(/\n\s+/g, '\n  ')}\n\`\`\`\n\n\`\`\`\n${plan}\n\`\`\`\n\nThe generic plan (plan_cache_mode = force_generic_plan):\n\n\`\`\`\n${generic}\n\`\`\``,
  );
}
await client.end();

const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
fs.writeFileSync(
  path.join(root, 'docs', 'hot-queries.md'),
  `# The statements of hot requests and their plans

Written by \`npm run bench:explain\` on ${when} UTC (${os.cpus().length} cores) against ${goods} goods on PostgreSQL, each
statement run once before its plan is kept (EXPLAIN ANALYZE, BUFFERS; writes rolled back). The server's
connections keep a statement they run again prepared, and PostgreSQL may then plan it once for all values, so each
statement's generic plan follows its plan, forced with plan_cache_mode = force_generic_plan. Goods lists, their
counts, filters and sorts, and the approval-number search are worked out in the list index held in memory
(server/modules/catalogue/list-index.ts, docs/decisions/015-catalogue-at-scale.md); the index and the search terms
are read whole, by design, when they are built (at start and every 15 s in the background); their near-expiry part,
which reads batches, is shown below. Every statement below
reads the goods, the cart lines and the sales of the day through an index; only tables of a few dozen rows in a
bench database (wallets, coupons) are read whole, the planner's choice while they are that small (each has its
index by account: wallets by primary key, user_coupons_user_idx). The console's and self-service statements at the
end run on tables grown first to ${VOLUME.accounts} accounts with a conversation of ${VOLUME.messages} messages each,
${VOLUME.orders} orders with an invoice for each completed one, and ${VOLUME.news} news articles. A list's page and its
count are two statements; they are shown here as one.

${sections.join('\n\n')}
`,
);
console.log(`docs/hot-queries.md: ${statements.length} statements against ${goods} goods`);
