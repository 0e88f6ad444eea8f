/**
 * 采购计划导入 as a pharmacy's buyer uses it, against the real database: a list pasted or uploaded is read by its
 * headers, its lines are matched to the seeded goods (by approval number, barcode, code, name with typos and trade
 * names), bad rows and bad files are told in Chinese, the mapping and the choices are remembered for the buyer
 * alone, and the chosen lines go in the cart once, a refused line never stopping the others.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gt } from 'drizzle-orm';
import { cartItems, goods, purchaseListChoices, users } from '../../db/schema/index.js';
import { agent, buildTestApp, dbLabel, loginAs, type TestApp } from '../../testing.js';
import { PurchaseListMatch, PurchaseListSheet } from '../../../core/schemas/purchase-lists.js';

type Agent = ReturnType<typeof agent>;
type G = typeof goods.$inferSelect;

let t: TestApp;
let demo: Agent;
let chain: Agent;
let pending: Agent;

beforeAll(async () => {
  t = await buildTestApp({ goods: 400, config: { RATE_LIMIT_FACTOR: 100 } });
  [demo, chain, pending] = await Promise.all([loginAs(t.app, 'demo'), loginAs(t.app, 'chain'), loginAs(t.app, 'pending')]);
});
afterAll(async () => t?.close());

const userId = async (username: string) => (await t.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0].id;

/** Uploads bytes as the list file; answers the envelope. */
async function upload(a: Agent, bytes: Buffer, name: string, type = 'application/octet-stream') {
  const boundary = `----yct${Date.now()}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/purchase_list/read',
    headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': `multipart/form-data; boundary=${boundary}`, cookie: a.cookie },
    payload,
  });
  return { status: res.statusCode, body: res.json() as { code: number; message: string; data: any } };
}

const paste = (a: Agent, text: string) => a.postJson('/api/purchase_list/read', { text });

async function readAndMatch(a: Agent, text: string) {
  const read = await paste(a, text);
  expect(read.body.code).toBe(10000);
  const sheet = PurchaseListSheet.parse(read.body.data);
  const matched = await a.postJson('/api/purchase_list/match', { headers: sheet.headers, rows: sheet.rows, mapping: sheet.mapping });
  expect(matched.body.code).toBe(10000);
  return { sheet, match: PurchaseListMatch.parse(matched.body.data) };
}

/** Goods the demo pharmacy may buy now, several of one product left out so that each picked goods is one listing. */
async function buyable(): Promise<G[]> {
  return t.db
    .select()
    .from(goods)
    .where(and(eq(goods.isOnSale, true), eq(goods.isBuy, true), gt(goods.number, 500), eq(goods.isEphedrine, false)))
    .orderBy(goods.id);
}

/** Goods whose product (name, spec, maker) no other listing shares, and whose name other goods share (so that the name alone is not enough). */
function distinctProducts(rows: G[], all: G[]): G[] {
  const product = (g: G) => `${g.name}|${g.ypgg}|${g.sccj}`;
  const counts = new Map<string, number>();
  for (const g of all) counts.set(product(g), (counts.get(product(g)) ?? 0) + 1);
  return rows.filter((g) => counts.get(product(g)) === 1);
}

const HEADER = ['通用名称', '规格', '生产厂家', '批准文号', '条形码', '商品编码', '采购数量', '单位'].join('\t');
const row = (cells: (string | number)[]) => cells.join('\t');
const candidateIds = (line: PurchaseListMatch['lines'][number]) => line.candidates.map((c) => c.goods.id);

describe(`采购计划导入 on ${dbLabel}`, () => {
  it('sends guests to log in and refuses an account waiting for review, whatever they post', async () => {
    const guest = agent(t.app);
    for (const [url, body] of [
      ['/api/purchase_list/read', { text: HEADER }],
      ['/api/purchase_list/match', { headers: [], rows: [], mapping: [] }],
      ['/api/purchase_list/cart', { lines: [] }],
    ] as const) {
      const res = await guest.postJson(url, body);
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: 10001, message: '未登录' });
    }
    const refused = await paste(pending, `${HEADER}\n${row(['阿莫西林胶囊', '', '', '', '', '', 10, '盒'])}`);
    expect(refused.body.code).toBe(400);
    expect(refused.body.message).toContain('资质审核通过后');
  });

  it('finds the header row below an ERP title and takes each column by its header words or its cells', async () => {
    const text = [
      '杭州仁和大药房 采购计划单',
      '制单日期：2026-03-01',
      ['序号', '药品名称', '规格型号', '生产企业', '批文', '国际条码', '计划数量', '单位', '参考进价(元)', '备注'].join('\t'),
      ['1', '阿莫西林胶囊', '0.25g*24粒', '华北制药股份有限公司', '国药准字H13023964', '6901234567892', '20', '盒', '8.50', ''].join('\t'),
      ['合计', '', '', '', '', '', '20', '', '', ''].join('\t'),
    ].join('\n');
    const { body } = await paste(demo, text);
    expect(body.code).toBe(10000);
    const sheet = PurchaseListSheet.parse(body.data);
    expect(sheet.headers[1]).toBe('药品名称');
    expect(sheet.mapping).toEqual([null, 'name', 'spec', 'maker', 'approval', 'barcode', 'quantity', 'unit', 'price', null]);
    expect(sheet.mapping_from.slice(1, 9)).toEqual(Array(8).fill('header'));
    expect(sheet.rows).toEqual([
      { row: 4, cells: ['1', '阿莫西林胶囊', '0.25g*24粒', '华北制药股份有限公司', '国药准字H13023964', '6901234567892', '20', '盒', '8.50', ''] },
    ]);
    expect(sheet.skipped).toEqual([{ row: 5, message: '合计行' }]);

    // Without headers, the cells tell: approval numbers, barcodes, specs, makers, quantities and names.
    const bare = (await paste(demo, [row(['阿莫西林胶囊', '0.25g*24粒', '华北制药股份有限公司', '国药准字H13023964', '6901234567892', 10])].join('\n'))).body;
    expect(bare.code).toBe(10000);
    expect(bare.data.mapping).toEqual(['name', 'spec', 'maker', 'approval', 'barcode', 'quantity']);
    expect(bare.data.mapping_from).toEqual(Array(6).fill('content'));
  });

  it('says in Chinese what is wrong with a list that cannot be read, and writes nothing', async () => {
    const cases: [Promise<{ status: number; body: { message: string; data: any } }>, string, string][] = [
      [paste(demo, ''), 'text', '请粘贴采购计划'],
      [paste(demo, HEADER), 'text', '采购计划没有数据行'],
      [paste(demo, '今天天气\t很好\n明天\t下雨'), 'text', '没有找到可识别的列'],
      [
        paste(demo, `${HEADER}\n${Array.from({ length: 2001 }, (_, i) => row(['阿莫西林胶囊', '', '', '', '', '', i + 1, '盒'])).join('\n')}`),
        'text',
        '不能超过2000行',
      ],
      [upload(demo, Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(64)]), '采购计划.png', 'image/png'), 'file', '文件不是表格'],
      [upload(demo, Buffer.from('%PDF-1.4\n\u0000\u0001'), '采购计划.xlsx'), 'file', '文件不是表格'],
      [upload(demo, Buffer.alloc(5 * 1024 * 1024 + 10, 0x41), '采购计划.csv', 'text/csv'), 'file', '文件不能超过5MB'],
      [upload(demo, Buffer.alloc(0), '采购计划.csv', 'text/csv'), 'file', '文件内容为空'],
      [demo.postJson('/api/purchase_list/match', { headers: ['a'], rows: [{ row: 2, cells: ['x'] }], mapping: ['quantity'] }), 'mapping', '没有找到可识别的列'],
      [
        demo.postJson('/api/purchase_list/match', { headers: ['a', 'b'], rows: [{ row: 2, cells: ['x', 'y'] }], mapping: ['name', 'name'] }),
        'mapping',
        '“药品名称”只能对应一列',
      ],
      [demo.postJson('/api/purchase_list/match', { headers: ['a'], rows: [], mapping: ['name'] }), 'rows', '采购计划没有数据行'],
    ];
    for (const [res, field, message] of cases) {
      const { status, body } = await res;
      expect(status, message).toBe(422);
      expect(body.message).toContain(message);
      expect(Object.keys(body.data.errors)[0]).toBe(field);
    }
  });

  it('matches lines made of real goods as a buyer would: codes, changed specs, typos, trade names, nothing, bad rows', async () => {
    const all = await t.db.select().from(goods);
    const pool = distinctProducts(await buyable(), all);
    const [byApproval, byBarcode, byCode, bySpec, byTypo, byRounding] = pool.filter((g) => !g.isKx && g.pzwh.startsWith('国药准字') && g.zbz > 1);
    const shared = pool.find((g) => all.filter((o) => o.name === g.name && o.sccj === g.sccj).length >= 3 && g.id !== byTypo.id)!;
    const brand = all.find((g) => g.spm && g.isOnSale && !g.isKx)!;
    expect(brand).toBeDefined();
    const spec = (s: string) => s.replace('*', '×').replace(/g\b/, '克');
    const typo = (name: string) => name.slice(0, -2) + (name.endsWith('胶囊') ? '交囊' : name.endsWith('片') ? `${name.at(-2)}偏` : '冲剂');
    const lines = [
      row([byApproval.name, byApproval.ypgg, '', ` ${byApproval.pzwh.replace('国药准字', '国药准字 ').toLowerCase()}`, '', '', byApproval.zbz, '盒']),
      row(['', '', '', '', byBarcode.tm, '', byBarcode.zbz * 2, '盒']),
      row(['', '', '', '', '', byCode.id, byCode.zbz, '盒']),
      row([bySpec.name, spec(bySpec.ypgg), bySpec.sccj.replace(/股份有限公司|有限公司/, ''), '', '', '', bySpec.zbz, '盒']),
      row([typo(byTypo.name), byTypo.ypgg, byTypo.sccj, '', '', '', byTypo.zbz, '盒']),
      row([shared.name, '', shared.sccj, '', '', '', shared.zbz, '盒']),
      row(['不存在的神奇药丸', '5g*99丸', '火星制药厂', '', '', '', 3, '盒']),
      row([byRounding.name, byRounding.ypgg, byRounding.sccj, '', '', '', byRounding.zbz + 1, '盒']),
      row(['阿莫西林胶囊', '', '', '', '', '', '十盒', '盒']),
      row(['', '0.25g*24粒', '', '', '', '', 10, '盒']),
      row([brand.spm, brand.ypgg, brand.sccj, '', '', '', brand.zbz, brand.bzdw]),
    ];
    const { match } = await readAndMatch(demo, [HEADER, ...lines].join('\n'));
    const [approval, barcode, code, specLine, typoLine, nameOnly, nothing, rounding, badQuantity, noName, brandLine] = match.lines;

    expect(approval).toMatchObject({ row: 2, state: 'matched', chosen: byApproval.id });
    expect(approval.candidates[0]).toMatchObject({ reason: 'approval_spec', reason_text: '批准文号+规格一致', certainty: 98 });
    expect(barcode).toMatchObject({ state: 'matched', chosen: expect.any(Number) });
    expect(all.find((g) => g.id === barcode.chosen)!.tm).toBe(byBarcode.tm);
    expect(barcode.candidates[0]).toMatchObject({ reason: 'barcode', number: byBarcode.zbz * 2, number_note: '' });
    expect(code).toMatchObject({ state: 'matched', chosen: byCode.id });
    expect(code.candidates[0].reason).toBe('code');
    expect(specLine).toMatchObject({ state: 'matched', chosen: bySpec.id });
    expect(specLine.candidates[0].reason).toBe('name_spec_maker');
    expect(['matched', 'choose']).toContain(typoLine.state);
    expect(candidateIds(typoLine)).toContain(byTypo.id);
    expect(nameOnly.state).toBe('choose');
    expect(nameOnly.candidates.length).toBeGreaterThan(1);
    expect(nameOnly.candidates.slice(0, 2).map((c) => [c.goods.name, c.goods.sccj])).toEqual([
      [shared.name, shared.sccj],
      [shared.name, shared.sccj],
    ]);
    expect(nothing.state).toBe('none');
    expect(rounding).toMatchObject({ state: 'matched', chosen: byRounding.id });
    expect(rounding.candidates[0]).toMatchObject({ number: byRounding.zbz * 2, number_note: `按中包装${byRounding.zbz}${byRounding.bzdw}取整` });
    expect(badQuantity).toMatchObject({ row: 10, state: 'invalid', problem: '第10行：采购数量须为正整数（十盒）', candidates: [] });
    expect(noName).toMatchObject({ row: 11, state: 'invalid', problem: '第11行：没有药品名称，也没有批准文号、条形码或商品编码' });
    expect(candidateIds(brandLine)).toContain(brand.id);
    expect(match.counts).toEqual({
      matched: match.lines.filter((l) => l.state === 'matched').length,
      choose: match.lines.filter((l) => l.state === 'choose').length,
      none: 1,
      invalid: 2,
    });

    // Each candidate is offered as the cart would take it: priced, with stock, expiry, 首营 and whether it can go in now.
    const offered = approval.candidates[0];
    expect(offered.price).toMatch(/^\d+\.\d{2}$/);
    expect(offered).toMatchObject({ sellable: 1, problem: '', goods: { id: byApproval.id, xq: byApproval.xq, number: byApproval.number } });
    expect([0, 1]).toContain(offered.first_business);
  });

  it('offers only goods the buyer may see: controlled-sale goods to special accounts alone', async () => {
    const kx = (
      await t.db
        .select()
        .from(goods)
        .where(and(eq(goods.isKx, true), eq(goods.isOnSale, true)))
        .limit(1)
    )[0];
    expect(kx).toBeDefined();
    const list = [HEADER, row([kx.name, kx.ypgg, kx.sccj, kx.pzwh, kx.tm, kx.id, kx.zbz, kx.bzdw])].join('\n');
    const special = (await readAndMatch(demo, list)).match.lines[0];
    expect(candidateIds(special)).toContain(kx.id);
    // chain may not buy controlled-sale goods (is_special 0).
    const other = (await readAndMatch(chain, list)).match.lines[0];
    expect(candidateIds(other)).not.toContain(kx.id);
  });

  it("remembers the buyer's mapping per header and their choices per line, for them alone", async () => {
    const [g] = distinctProducts(await buyable(), await t.db.select().from(goods)).filter((x) => !x.isKx);
    const text = [['货品', '货品规格说明', '要多少'].join('\t'), row([g.name, g.ypgg, g.zbz])].join('\n');
    const first = PurchaseListSheet.parse((await paste(demo, text)).body.data);
    expect(first.mapping).toEqual(['name', 'spec', 'quantity']);
    // The buyer corrects the mapping: that second column is left out.
    const corrected = await demo.postJson('/api/purchase_list/match', { headers: first.headers, rows: first.rows, mapping: ['name', 'ignore', 'quantity'] });
    expect(corrected.body.code).toBe(10000);
    const again = PurchaseListSheet.parse((await paste(demo, text)).body.data);
    expect(again.mapping).toEqual(['name', 'ignore', 'quantity']);
    expect(again.mapping_from).toEqual(['remembered', 'remembered', 'remembered']);
    // Another buyer's list with the same headers is read afresh.
    expect(PurchaseListSheet.parse((await paste(chain, text)).body.data).mapping_from[1]).not.toBe('remembered');

    // A name alone leaves a choice; the buyer's pick is remembered for the same line next time, for them only.
    const list = [HEADER, row([g.name, '', '', '', '', '', g.zbz, '盒'])].join('\n');
    const { match } = await readAndMatch(demo, list);
    const line = match.lines[0];
    expect(line.state).toBe('choose');
    const pick = line.candidates.find((c) => c.sellable === 1 && c.goods.id !== line.candidates[0].goods.id) ?? line.candidates[0];
    const carted = await demo.postJson('/api/purchase_list/cart', { lines: [{ row: line.row, key: line.key, goods_id: pick.goods.id, number: pick.number }] });
    expect(carted.body.data).toMatchObject({ added: [2], refused: [] });
    const next = (await readAndMatch(demo, list)).match.lines[0];
    expect(next).toMatchObject({ state: 'matched', chosen: pick.goods.id });
    expect(next.candidates[0]).toMatchObject({ reason: 'chosen', reason_text: '上次选择' });
    const theirs = (await readAndMatch(chain, list)).match.lines[0];
    expect(theirs.state).toBe('choose');
    expect(theirs.candidates.every((c) => c.reason !== 'chosen')).toBe(true);
  });

  it('puts the passing lines in the cart, refuses an out-of-stock one with its row, and adds a double post once', async () => {
    const id = await userId('chain-a');
    const buyer = await loginAs(t.app, 'chain-a');
    await t.db.delete(cartItems).where(eq(cartItems.userId, id));
    const [a, b, c] = (await buyable()).filter((g) => !g.isKx);
    await t.db.update(goods).set({ number: 0 }).where(eq(goods.id, c.id));
    const lines = [
      { row: 2, key: 'k-a', goods_id: a.id, number: a.zbz * 2 },
      { row: 3, key: 'k-b', goods_id: b.id, number: b.zbz },
      { row: 4, key: 'k-c', goods_id: c.id, number: c.zbz },
      { row: 5, key: 'k-d', goods_id: a.id, number: a.zbz + (a.zbz > 1 ? 1 : 0) },
    ];
    const [first, second] = await Promise.all([buyer.postJson('/api/purchase_list/cart', { lines }), buyer.postJson('/api/purchase_list/cart', { lines })]);
    for (const res of [first, second]) {
      expect(res.body.code).toBe(10000);
      expect(res.body.data.refused.map((r: { row: number }) => r.row)).toEqual(a.zbz > 1 ? [4, 5] : [4]);
      expect(res.body.data.refused[0].message).toBe(`第4行：${c.name}已售罄`);
    }
    expect(first.body.data.added).toEqual(a.zbz > 1 ? [2, 3] : [2, 3, 5]);
    const held = await t.db.select({ goodsId: cartItems.goodsId, number: cartItems.number }).from(cartItems).where(eq(cartItems.userId, id));
    expect(new Map(held.map((h) => [h.goodsId, h.number]))).toEqual(
      new Map([
        [a.id, a.zbz * 2 + (a.zbz > 1 ? 0 : a.zbz)],
        [b.id, b.zbz],
      ]),
    );
    expect(first.body.data.cart).toBe(2);
    // The choices are remembered, the refused line's too (the buyer did choose it).
    const kept = await t.db.select().from(purchaseListChoices).where(eq(purchaseListChoices.userId, id));
    expect(new Map(kept.map((k) => [k.lineKey, k.goodsId]))).toEqual(
      new Map([
        ['k-a', a.id],
        ['k-b', b.id],
        ['k-c', c.id],
        ['k-d', a.id],
      ]),
    );
  });

  it('matches most lines of the fixture lists to the right goods (matched, or the right goods among the choices)', async () => {
    const expected = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'fixtures', 'expected.json'), 'utf8')) as Record<
      string,
      ({ name: string; ypgg: string; sccj: string } | null | 'invalid')[]
    >;
    const shares: string[] = [];
    let right = 0;
    let total = 0;
    for (const [file, wanted] of Object.entries(expected)) {
      const bytes = fs.readFileSync(path.join(import.meta.dirname, 'fixtures', file));
      const read = file.endsWith('.txt') ? await paste(demo, bytes.toString('utf8')) : await upload(demo, bytes, file);
      expect(read.body.code, file).toBe(10000);
      const sheet = PurchaseListSheet.parse(read.body.data);
      const { lines } = PurchaseListMatch.parse(
        (await demo.postJson('/api/purchase_list/match', { headers: sheet.headers, rows: sheet.rows, mapping: sheet.mapping })).body.data,
      );
      expect(lines).toHaveLength(wanted.length);
      let ok = 0;
      let sure = 0;
      lines.forEach((line, i) => {
        const w = wanted[i];
        const found =
          w === 'invalid'
            ? line.state === 'invalid'
            : w === null
              ? line.state === 'none'
              : (line.state === 'matched' &&
                  line.candidates[0].goods.name === w.name &&
                  line.candidates[0].goods.ypgg === w.ypgg &&
                  line.candidates[0].goods.sccj === w.sccj) ||
                (line.state === 'choose' && line.candidates.some((c) => c.goods.name === w.name && c.goods.ypgg === w.ypgg && c.goods.sccj === w.sccj));
        if (found) ok++;
        if (found && line.state === 'matched') sure++;
      });
      shares.push(`${file} ${ok}/${lines.length} (${sure} matched alone)`);
      right += ok;
      total += lines.length;
    }
    console.info(`purchase-list fixtures matched on ${dbLabel}: ${shares.join(', ')}; ${right}/${total} = ${((100 * right) / total).toFixed(1)}%`);
    expect(right / total).toBeGreaterThanOrEqual(0.9);
  });
});
