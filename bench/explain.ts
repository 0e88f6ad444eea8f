/**
 * `npm run bench:explain`: the plan of every statement a catalogue or cart request sends, by EXPLAIN ANALYZE on a
 * seeded PostgreSQL database (DATABASE_URL, by default the one `npm run bench` leaves: yct_bench), written to
 * docs/hot-queries.md. Lists, counts and suggestions' ranking are worked out in the list index (list-index.ts),
 * so what reaches the database per request is reading goods by primary key, the suggestions' best sellers per
 * name, the cart's lines and the order's stock. Writes run in a transaction that is rolled back.
 */
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '..');
const url = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/yct_bench';
const client = new pg.Client({ connectionString: url });
await client.connect();

const one = async <T>(text: string, values: unknown[] = []) => (await client.query(text, values)).rows[0] as T;
const [{ goods }] = (await client.query('select count(*)::int as goods from goods')).rows as { goods: number }[];
if (goods < 10_000) throw new Error(`${url} holds ${goods} goods: seed a large catalogue first (npm run bench -- --goods 100000)`);

// Sample values as requests carry them: a list page's ids, a goods, a popular name, a buyer with a cart.
const page = (await client.query('select id from goods where is_on_sale and not is_kx order by sales desc, id limit 20 offset 400')).rows.map(
  (r: { id: number }) => r.id,
);
const detail = page[7];
const names = (await client.query('select name from goods group by name order by count(*) desc limit 3')).rows.map((r: { name: string }) => r.name);
const buyer = await one<{ id: number }>("select id from users where username = 'buyer1'");
const stocked = (await client.query('select id from goods where is_on_sale and number > 1000 order by id limit 10')).rows.map((r: { id: number }) => r.id);

type Statement = { name: string; where: string; sql: string; values: unknown[]; write?: boolean };

const GOODS_CORE =
  'id, ck_id, name, sccj, ypgg, bzdw, images, base_price, is_buy, number, is_youx, type, ladder_price, ladder_price_type, is_free_shipping, free_shipping_number, tags, zbz, jzl, pzwh, jx, cfl, xq, scrq, ccfs, category_id, scope_id, brand_id, is_ephedrine, is_kx, is_zy, is_qx, is_on_sale, sales, created_at';

const statements: Statement[] = [
  {
    name: 'A list page’s goods (goods_by_ids)',
    where: 'catalogue/service.ts goodsByIds: every list page and suggestion, after the list index chose the ids',
    sql: `select ${GOODS_CORE} from goods where id = any($1::int[])`,
    values: [page],
  },
  {
    name: 'A goods’ detail (goods_detail)',
    where: 'catalogue/service.ts detailFor: GET /api/goods/detail/{id}, kept 5 s per goods and kind of viewer',
    sql: 'select * from goods where id = $1 and is_on_sale = true and (not is_kx or $2::boolean)',
    values: [detail, false],
  },
  {
    name: 'Suggestions: the best sellers of each matching name',
    where: 'catalogue/service.ts searchGoods: GET /api/goods/search, up to 10 names ranked by terms.ts',
    sql: `select g.id, t.ord from (values ($1::text, 0), ($2::text, 1), ($3::text, 2)) as t(term, ord)
      cross join lateral (select id, sales from goods where name = t.term and is_on_sale and not is_kx order by sales desc nulls last limit 10) g
      order by t.ord, g.sales desc limit 10`,
    values: names,
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
    name: 'A cart’s lines',
    where: 'cart/service.ts cartEntries: GET /api/cart/list, 去结算 and the order',
    sql: 'select id, user_id, goods_id, type, combination_id, number, is_selected, created_at from cart_items where user_id = $1 order by created_at, id',
    values: [buyer.id],
  },
  {
    name: 'The cart’s goods facts',
    where: 'catalogue/service.ts cartFacts: adding to the cart checks the goods as they are now',
    sql: 'select id, name, bzdw, zbz, number, is_on_sale, is_kx, is_buy, scope_id, is_ephedrine from goods where id in ($1)',
    values: [detail],
  },
  {
    name: 'An order takes its stock',
    where: 'catalogue/service.ts takeStocks: the last statement of POST /api/order, rows locked in id order',
    sql: `with wanted(id, n) as (values ${stocked.map((_, i) => `($${2 * i + 1}::int, $${2 * i + 2}::int)`).join(', ')}),
      locked as materialized (select g.id, g.number from goods g join wanted w on g.id = w.id order by g.id for update of g),
      short as (select w.id from wanted w left join locked l on l.id = w.id where coalesce(l.number, 0) < w.n order by w.id limit 1),
      taken as (update goods set number = goods.number - w.n from wanted w where goods.id = w.id and not exists (select 1 from short) returning goods.id as id, w.n as n),
      tally as (insert into sales_tally (goods_id, number) select id, n from taken)
      select (select id from short) as short, (select count(*) from taken)::int as taken`,
    values: stocked.flatMap((id) => [id, 1]),
    write: true,
  },
];

const sections: string[] = [];
for (const s of statements) {
  // Once to warm the cache as a running server has it, then the plan that is kept.
  await client.query('begin');
  await client.query(`explain (analyze) ${s.sql}`, s.values);
  await client.query('rollback');
  await client.query('begin');
  const plan = (await client.query(`explain (analyze, buffers) ${s.sql}`, s.values)).rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n');
  await client.query('rollback');
  const total = /Execution Time: ([\d.]+) ms/.exec(plan)?.[1];
  sections.push(`## ${s.name}\n\n${s.where}. Execution ${total} ms.\n\n\`\`\`sql\n${s.sql.replace(/\n\s+/g, '\n  ')}\n\`\`\`\n\n\`\`\`\n${plan}\n\`\`\``);
}
await client.end();

const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
fs.writeFileSync(
  path.join(root, 'docs', 'hot-queries.md'),
  `# The statements of hot requests and their plans

Written by \`npm run bench:explain\` on ${when} UTC (${os.cpus().length} cores) against ${goods} goods on PostgreSQL, each
statement run once before its plan is kept (EXPLAIN ANALYZE, BUFFERS; writes rolled back). Goods lists, their
counts, filters and sorts, and the approval-number search are worked out in the list index held in memory
(server/modules/catalogue/list-index.ts, docs/decisions/015-catalogue-at-scale.md); the index and the search terms
are read whole, by design, when they are built (at start and every 15 s in the background). Every statement below
reads through an index: none reads the goods table through.

${sections.join('\n\n')}
`,
);
console.log(`docs/hot-queries.md: ${statements.length} statements against ${goods} goods`);
