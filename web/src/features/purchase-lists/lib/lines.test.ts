import { describe, expect, it } from 'vitest';
import type { PurchaseListCandidate, PurchaseListLine } from '@core/schemas/purchase-lists';
import { mappingProblem, setColumn } from './columns';
import { cartLines, choose, chooseBest, firstDecisions, keepAll, requestUnit } from './lines';

const goods = (id: number, over: Partial<PurchaseListCandidate['goods']> = {}): PurchaseListCandidate['goods'] => ({
  id,
  ck_id: 1,
  name: '阿莫西林胶囊',
  sccj: '石药集团欧意药业有限公司',
  ypgg: '0.25g*24粒',
  bzdw: '盒',
  goods_image: [],
  base_price: '12.50',
  price_tip: null,
  is_buy: 1,
  number: 500,
  is_youx: 0,
  type: 0,
  ladder_price: [],
  ladder_price_type: 0,
  is_free_shipping: 0,
  free_shipping_number: 0,
  tags: [],
  zbz: 10,
  cartNum: 10,
  pzwh: '国药准字H13023964',
  xq: '2027-08-31',
  is_ephedrine: 0,
  scope_id: null,
  ...over,
});

const cand = (id: number, over: Partial<PurchaseListCandidate> = {}): PurchaseListCandidate => ({
  goods: goods(id),
  reason: 'name_spec_maker',
  reason_text: '名称、规格、厂家一致',
  certainty: 90,
  number: 20,
  number_note: '按中包装10取整',
  price: '12.50',
  first_business: 0,
  sellable: 1,
  problem: '',
  ...over,
});

const line = (row: number, state: PurchaseListLine['state'], candidates: PurchaseListCandidate[], chosen: number | null = null): PurchaseListLine => ({
  row,
  key: `k${row}`,
  input: { name: '阿莫西林胶囊', spec: '', maker: '', approval: '', barcode: '', code: '', quantity: 15, unit: '盒' },
  state,
  problem: state === 'invalid' ? `第${row}行：采购数量须为正整数` : '',
  candidates,
  chosen,
});

const lines = [
  line(2, 'matched', [cand(1), cand(2)], 1),
  line(3, 'choose', [cand(3, { sellable: 0, problem: '暂无库存' }), cand(4)]),
  line(4, 'none', [cand(5)]),
  line(5, 'invalid', []),
  line(6, 'matched', [cand(6, { sellable: 0, problem: '超出经营范围' })], 6),
];

describe('a matched purchase list', () => {
  it('keeps the sure matches that can be bought and nothing else until the buyer chooses', () => {
    const d = firstDecisions(lines);
    expect(cartLines(lines, d)).toEqual([{ row: 2, key: 'k2', goods_id: 1, number: 20 }]);
    expect(d[6]).toEqual({ goodsId: 6, number: null, keep: false });
  });

  it('puts a chosen candidate in at its own quantity, or the one the buyer set', () => {
    let d = firstDecisions(lines);
    d = { ...d, 3: choose(lines[1], 4), 2: { ...d[2], number: 40 } };
    expect(cartLines(lines, d)).toEqual([
      { row: 2, key: 'k2', goods_id: 1, number: 40 },
      { row: 3, key: 'k3', goods_id: 4, number: 20 },
    ]);
  });

  it('chooses the best candidate that can be bought for the lines still to choose', () => {
    const d = chooseBest(lines, firstDecisions(lines));
    expect(d[3].goodsId).toBe(4);
    expect(d[4].goodsId).toBeNull();
  });

  it('never keeps a goods that cannot be bought, even when everything is selected', () => {
    const d = keepAll(lines, firstDecisions(lines), true);
    expect(cartLines(lines, d).map((l) => l.row)).toEqual([2]);
    expect(cartLines(lines, keepAll(lines, d, false))).toEqual([]);
  });
});

describe('the columns of a list', () => {
  it('asks for a column naming the goods and refuses a field taken twice', () => {
    expect(mappingProblem(['spec', 'quantity'])).toMatch(/药品名称/);
    expect(mappingProblem(['name', 'spec', 'spec'])).toBe('“规格”对应了多列，每项只能选择一列');
    expect(mappingProblem(['name', null, 'ignore', 'ignore'])).toBeNull();
  });

  it('frees the column that held a field when another takes it', () => {
    expect(setColumn(['name', 'spec', null], 2, 'spec')).toEqual(['name', null, 'spec']);
    expect(setColumn(['ignore', 'spec'], 1, 'ignore')).toEqual(['ignore', 'ignore']);
  });
});

it('files 品种求购 in the list’s unit when it is a word, else in 盒', () => {
  expect(requestUnit('瓶')).toBe('瓶');
  expect(requestUnit('')).toBe('盒');
  expect(requestUnit('10盒/件')).toBe('盒');
});
