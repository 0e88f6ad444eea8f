/**
 * The matcher's pure parts on real-looking purchase lists (fixtures/): an ERP export (.xlsx with title rows and its
 * own headers), an old ERP's .xls, a hand-typed list with typos and missing specs, and a CSV saved by Chinese Excel
 * in GBK; approval numbers, barcodes, specs and makers written every way a list writes them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fieldOfHeader, findHeaderRow, mapColumns } from './columns.js';
import { lineKey, makerScore, normApproval, normBarcode, normMaker, parseQuantity, specKey, specScore } from './normalise.js';
import { decodeCsv, readFile, readPasted, sheetOf } from './read.js';
import { linesOf, roundedQuantity, score, stateOf } from './scoring.js';

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, 'fixtures', name));
const none = new Map();

describe('normalising what a list writes', () => {
  it('writes approval numbers one way', () => {
    for (const s of ['国药准字H20010001', '国药准字 h2001 0001', 'H20010001', ' 国药准字Ｈ２００１０００１ ', '国药准字H2001-0001']) {
      expect(normApproval(s)).toBe('国药准字H20010001');
    }
    expect(normApproval('浙械注准 20232335166')).toBe('浙械注准20232335166');
  });

  it('reads barcodes as digits and refuses what cannot be one', () => {
    expect(normBarcode('6 901234 567892')).toBe('6901234567892');
    expect(normBarcode('69012')).toBe('');
  });

  it('takes 0.25g×24粒, 0.25g*24s, 250mg*12粒*2板 and 24粒:0.25g for one spec, and another pack or dose for another', () => {
    for (const s of ['0.25g×24粒', '0.25g*24s', '250mg*12粒*2板', '24粒:0.25g', '0.25克*24粒', '０.２５g＊２４粒']) expect(specKey(s)).toBe('250mg|24');
    expect(specScore('0.25g*24s', '0.25g*24粒')).toBe(1);
    expect(specScore('0.25g*36粒', '0.25g*24粒')).toBe(0.6);
    expect(specScore('0.5g*24粒', '0.25g*24粒')).toBe(0.3);
    expect(specScore('', '0.25g*24粒')).toBeNull();
    expect(specKey('100ml:0.6g')).toBe(specKey('0.6g:100ml'));
  });

  it('knows 修正 for 修正药业集团股份有限公司 and tells makers apart', () => {
    expect(normMaker('修正药业集团股份有限公司')).toBe('修正');
    expect(normMaker('欧姆龙健康医疗(中国)有限公司')).toBe('欧姆龙');
    expect(makerScore('修正', '修正药业集团股份有限公司')).toBe(1);
    expect(makerScore('华北制药', '华北制药股份有限公司')).toBe(1);
    expect(makerScore('中美史克', '中美天津史克制药有限公司')).toBeGreaterThan(0.3);
    expect(makerScore('石药集团', '华北制药股份有限公司')).toBeLessThan(0.3);
  });

  it('reads quantities a buyer writes and refuses others', () => {
    expect([parseQuantity('12'), parseQuantity('12盒'), parseQuantity('１２'), parseQuantity('12.0'), parseQuantity('1,200')]).toEqual([12, 12, 12, 12, 1200]);
    expect([parseQuantity('十二'), parseQuantity('1.5'), parseQuantity('0'), parseQuantity('-3'), parseQuantity('')]).toEqual([null, null, null, null, null]);
    expect(roundedQuantity(11, 10, '盒')).toEqual({ number: 20, note: '按中包装10盒取整' });
    expect(roundedQuantity(20, 10, '盒')).toEqual({ number: 20, note: '' });
  });

  it('gives a line the same key however it is spaced or cased', () => {
    const a = lineKey({ name: '阿莫西林胶囊', spec: '0.25g*24粒', maker: '华北制药股份有限公司', approval: '国药准字 h13023964', barcode: '', code: '' });
    const b = lineKey({ name: ' 阿莫西林 胶囊', spec: '0.25g×24s', maker: '华北制药', approval: 'H13023964', barcode: '', code: '' });
    expect(a).toBe(b);
  });
});

describe('recognising columns', () => {
  it('names fields by the words ERPs head them with', () => {
    const fields = ['通用名', '商品名称', '规格型号', '生产企业', '产地', '批文', '国际条码', '商品编号', '计划数量', '包装单位', '参考价(元)', '生产单位'].map(
      (h) => fieldOfHeader(h)?.field,
    );
    expect(fields).toEqual(['name', 'name', 'spec', 'maker', 'maker', 'approval', 'barcode', 'code', 'quantity', 'unit', 'price', 'maker']);
    expect(fieldOfHeader('国药准字H13023964')).toBeNull();
  });

  it('finds the header row below the title rows of an ERP export', () => {
    expect(findHeaderRow([['采购计划单'], ['日期：2026-03-01'], ['品名', '规格', '数量'], ['阿莫西林胶囊', '0.25g*24粒', '10']])).toBe(2);
    expect(findHeaderRow([['阿莫西林胶囊', '0.25g*24粒', '10']])).toBe(-1);
  });

  it("takes the buyer's remembered field before the header's words, and the cells' look for a column without words", () => {
    const { mapping, from } = mapColumns(
      ['货品', '厂家', ''],
      [['板蓝根颗粒', '广州白云山和记黄埔中药有限公司', '6901234567892']],
      new Map([['货品', 'name' as const]]),
    );
    expect(mapping).toEqual(['name', 'maker', 'barcode']);
    expect(from).toEqual(['remembered', 'header', 'content']);
  });
});

describe('reading the fixtures', () => {
  it('reads an ERP export (.xlsx) below its title rows, without its total row', async () => {
    const sheet = sheetOf(await readFile(fixture('erp-export.xlsx'), 'erp-export.xlsx'), 'erp-export.xlsx', none);
    expect(sheet.headers.slice(0, 5)).toEqual(['序号', '商品编号', '通用名称', '规格型号', '生产企业']);
    expect(sheet.mapping).toEqual([null, 'code', 'name', 'spec', 'maker', 'approval', 'barcode', 'unit', 'quantity', 'price']);
    expect(sheet.rows).toHaveLength(40);
    expect(sheet.rows[0].row).toBe(4);
    expect(sheet.rows[1].cells[6]).toMatch(/^69\d{11}$/);
    expect(sheet.skipped).toEqual([{ row: 44, message: '合计行' }]);
  });

  it('reads an old ERP .xls', async () => {
    const sheet = sheetOf(await readFile(fixture('old-erp.xls'), 'old-erp.xls'), 'old-erp.xls', none);
    expect(sheet.mapping).toEqual(['name', 'spec', 'maker', 'barcode', 'quantity']);
    expect(sheet.rows).toHaveLength(20);
  });

  it('reads a GBK CSV saved by Chinese Excel right', async () => {
    const bytes = fixture('gbk-export.csv');
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(bytes)).toThrow();
    expect(decodeCsv(bytes).startsWith('药品名称,规格,生产厂家')).toBe(true);
    const sheet = sheetOf(await readFile(bytes, 'gbk-export.csv'), 'gbk-export.csv', none);
    expect(sheet.mapping).toEqual(['name', 'spec', 'maker', 'approval', 'quantity', 'unit']);
    expect(sheet.rows).toHaveLength(30);
  });

  it('reads a hand-typed list, telling its bad row by number and keeping the others', () => {
    const sheet = sheetOf(readPasted(fixture('hand-typed.txt').toString('utf8')), '粘贴内容', none);
    expect(sheet.mapping).toEqual(['name', 'spec', 'maker', 'quantity']);
    const lines = linesOf(sheet);
    expect(lines).toHaveLength(32);
    expect(lines.filter((l) => l.problem).map((l) => l.problem)).toEqual(['第33行：采购数量须为正整数（两盒）']);
    expect(lines.filter((l) => !l.input.spec && !l.problem).length).toBeGreaterThan(3);
  });
});

describe('scoring candidates', () => {
  const g = {
    id: 7,
    name: '阿莫西林胶囊',
    tym: '阿莫西林胶囊',
    spm: '',
    ypgg: '0.25g*24粒',
    sccj: '华北制药股份有限公司',
    pzwh: '国药准字H13023964',
    tm: '6901234567892',
  };
  const line = (cells: Record<string, string>) =>
    linesOf({
      rows: [{ row: 2, cells: [cells.name ?? '', cells.spec ?? '', cells.maker ?? '', cells.approval ?? '', cells.barcode ?? '', '10'] }],
      mapping: ['name', 'spec', 'maker', 'approval', 'barcode', 'quantity'],
    })[0];

  it('puts approval number and spec first, then barcode, then names with typos, short makers and other spec writings', () => {
    expect(score(line({ approval: 'h13023964', spec: '0.25g×24s' }), g, { chosen: false })).toEqual({ reason: 'approval_spec', certainty: 98 });
    expect(score(line({ barcode: '6901234567892' }), g, { chosen: false })).toEqual({ reason: 'barcode', certainty: 96 });
    expect(score(line({ name: '阿莫西林' }), g, { chosen: true })).toEqual({ reason: 'chosen', certainty: 92 });
    expect(score(line({ name: '阿莫西林胶囊', spec: '24粒:0.25g', maker: '华北制药' }), g, { chosen: false })).toMatchObject({ reason: 'name_spec_maker' });
    const typo = score(line({ name: '阿莫西林交囊', spec: '0.25g*24粒', maker: '华北' }), g, { chosen: false });
    expect(typo.certainty).toBeGreaterThanOrEqual(85);
    expect(score(line({ name: '阿莫西林胶囊' }), g, { chosen: false }).certainty).toBeLessThan(85);
  });

  it('takes one candidate clearly ahead, offers a choice between close ones, and none below', () => {
    const other = { ...g, id: 8, sccj: '石药集团欧意药业有限公司' };
    expect(
      stateOf([
        { certainty: 94, g },
        { certainty: 80, g: other },
      ]),
    ).toBe('matched');
    expect(
      stateOf([
        { certainty: 90, g },
        { certainty: 88, g: other },
      ]),
    ).toBe('choose');
    // Two listings of one product (two warehouses) are no choice.
    expect(
      stateOf([
        { certainty: 94, g },
        { certainty: 94, g: { ...g, id: 9 } },
      ]),
    ).toBe('matched');
    expect(stateOf([{ certainty: 40, g }])).toBe('none');
    expect(stateOf([])).toBe('none');
  });
});
