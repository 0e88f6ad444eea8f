import { describe, expect, it } from 'vitest';
import type { CartLine, GiftGroup, ManjianGroup } from '@core/schemas/cart';
import {
  allChosen,
  chosenIds,
  groupLines,
  isInvalid,
  lineDiscounts,
  lineGift,
  linePrice,
  manjianProgress,
  manjianShare,
  money,
  plainYuan,
  topUpLink,
} from './cart-view';

let nextId = 1;
function line(over: Partial<CartLine> = {}): CartLine {
  const id = over.id === undefined ? nextId++ : over.id;
  return {
    id,
    source: 'cart',
    goods_id: 100 + (id ?? 0),
    type: 0,
    goods_type: 0,
    number: 10,
    price: '13.70',
    amount: '137.00',
    pay_amount: '137.00',
    segments: [{ source: 'base', activity_id: null, price: '13.70', number: 10, amount: '137.00' }],
    is_selected: 1,
    chosen: 1,
    excluded: null,
    promo: null,
    welfare_amount: '0.00',
    manjian_activity_id: null,
    goods_manjian_amount: '0.00',
    gift_data: null,
    huangou_activity_id: null,
    expiry: null,
    with_coupon: 0,
    coupon_amount: '0.00',
    red_packet_amount: '0.00',
    free_shipping: 0,
    goods: null,
    combination: null,
    created_at: 1,
    ...over,
  };
}

const manjian = (over: Partial<ManjianGroup> = {}): ManjianGroup => ({
  activity_id: 5,
  name: '年终采购节 满减',
  amount: '880.00',
  reduce: '0.00',
  tiers: [
    { amount: '1000.00', reduce: '50.00', status: 0 },
    { amount: '3000.00', reduce: '150.00', status: 0 },
  ],
  next: { amount: '1000.00', reduce: '50.00', need: '120.00' },
  line_ids: [],
  ...over,
});

describe('the cart view', () => {
  it('groups lines under their 满减 activity, then lines of no activity, then 失效商品', () => {
    const a = line({ manjian_activity_id: 5 });
    const b = line();
    const c = line({ manjian_activity_id: 5, chosen: 0, is_selected: 0, excluded: { reason: 'unselected', message: '未勾选' } });
    const d = line({ manjian_activity_id: 5, is_selected: 0, excluded: { reason: 'sold_out', message: '商品已售罄' } });
    const { groups, plain, invalid } = groupLines([a, b, c, d], [manjian(), manjian({ activity_id: 6 })]);
    expect(groups).toHaveLength(1);
    expect(groups[0].lines).toEqual([a, c]);
    expect(plain).toEqual([b]);
    expect(invalid).toEqual([d]);
  });

  it('ticks only lines that can be bought, and counts an unticked line as not chosen', () => {
    const a = line();
    const b = line({ chosen: 0, is_selected: 0, excluded: { reason: 'unselected', message: '' } });
    const gone = line({ chosen: 1, is_selected: 0, excluded: { reason: 'not_buyable', message: '商品暂不销售' } });
    expect(isInvalid(b)).toBe(false);
    expect(isInvalid(gone)).toBe(true);
    expect(chosenIds([a, b, gone])).toEqual([a.id]);
    expect(allChosen([a, b, gone])).toBe(false);
    expect(allChosen([a, gone])).toBe(true);
    expect(allChosen([gone])).toBe(false);
  });

  it('says how much is missing for 满1000减50, and what was taken once reached', () => {
    expect(manjianProgress(manjian())).toEqual({ reached: false, text: '还差¥120.00可享满1000减50' });
    const reached = manjian({
      amount: '1096.00',
      reduce: '50.00',
      tiers: [
        { amount: '1000.00', reduce: '50.00', status: 1 },
        { amount: '3000.00', reduce: '150.00', status: 0 },
      ],
      next: { amount: '3000.00', reduce: '150.00', need: '1904.00' },
    });
    expect(manjianProgress(reached)).toEqual({ reached: true, text: '已满足满1000减50，已减¥50.00；再购¥1,904.00可享满3000减150' });
    expect(manjianProgress({ ...reached, tiers: reached.tiers.map((t) => ({ ...t, status: 1 as const })), reduce: '150.00', next: null }).text).toBe(
      '已满足满3000减150，已减¥150.00，已享最高优惠',
    );
  });

  it('marks daily-special and flash-sale units as not counting towards 满减, and the shortfall says so', () => {
    const special = line({
      number: 10,
      segments: [{ source: 'everyday', activity_id: 4, price: '41.50', number: 10, amount: '415.00' }],
    });
    const part = line({
      type: 1,
      number: 8,
      segments: [
        { source: 'spike', activity_id: 3, price: '19.60', number: 5, amount: '98.00' },
        { source: 'base', activity_id: null, price: '24.50', number: 3, amount: '73.50' },
      ],
    });
    const plainLine = line();
    expect(manjianShare(special)).toEqual({ counts: 'none', note: '每日特价商品不参与满减' });
    expect(manjianShare(part)).toMatchObject({ counts: 'part' });
    expect(manjianShare(part).note).toContain('5');
    expect(manjianShare(plainLine)).toEqual({ counts: 'all', note: null });
    const m = manjian({ amount: '0.00', next: { amount: '1000.00', reduce: '50.00', need: '1000.00' } });
    expect(manjianProgress(m, [special, plainLine]).text).toBe('参与满减的商品还差¥1,000.00可享满1000减50（1种秒杀、特价商品不计入）');
    // An unticked line counts for nothing anyway: the header does not mention it.
    expect(manjianProgress(m, [{ ...special, chosen: 0 }, plainLine]).text).toBe('还差¥1,000.00可享满1000减50');
  });

  it('explains a flash-sale price cut off by its limit', () => {
    const spike = line({
      type: 1,
      number: 8,
      price: '245.50',
      segments: [
        { source: 'spike', activity_id: 3, price: '196.40', number: 5, amount: '982.00' },
        { source: 'base', activity_id: null, price: '245.50', number: 3, amount: '736.50' },
      ],
      promo: { kind: 'spike', activity_id: 3, price: '196.40', status: 'on', remaining: 5, applied: 5, message: '超出秒杀限购的3件按原价计算' },
    });
    expect(linePrice(spike)).toEqual({ price: '245.50', original: null, notes: ['秒杀价 ¥196.40 × 5', '超出部分 ¥245.50'] });
  });

  it('shows a daily special bought within its limit at the special price, the usual one struck out', () => {
    const special = line({
      price: '37.50',
      segments: [{ source: 'everyday', activity_id: 4, price: '31.80', number: 20, amount: '636.00' }],
      promo: { kind: 'everyday', activity_id: 4, price: '31.80', status: 'on', remaining: 50, applied: 20, message: '' },
    });
    expect(linePrice(special)).toEqual({ price: '31.80', original: '37.50', notes: ['每日特价'] });
  });

  it('shows a near-expiry line at its batch price, and each batch’s price when they differ', () => {
    const one = line({ type: 4, price: '14.77', segments: [{ source: 'near', activity_id: null, price: '14.77', number: 10, amount: '147.70' }] });
    expect(linePrice(one)).toEqual({ price: '14.77', original: null, notes: ['近效期价'] });
    const two = line({
      type: 4,
      price: '1.00',
      segments: [
        { source: 'near', activity_id: null, price: '1.00', number: 5, amount: '5.00' },
        { source: 'near', activity_id: null, price: '1.50', number: 3, amount: '4.50' },
      ],
    });
    expect(linePrice(two).notes).toEqual(['近效期价 ¥1.00 × 5', '近效期价 ¥1.50 × 3']);
  });

  it('says why an offer did not apply, and names a ladder tier', () => {
    const ended = line({
      promo: { kind: 'spike', activity_id: 3, price: '9.90', status: 'ended', remaining: null, applied: 0, message: '本场秒杀已结束，按原价计算' },
    });
    expect(linePrice(ended).notes).toEqual(['本场秒杀已结束，按原价计算']);
    const ladder = line({ price: '15.32', segments: [{ source: 'ladder', activity_id: null, price: '15.32', number: 100, amount: '1532.00' }] });
    expect(linePrice(ladder).notes).toEqual(['已享阶梯价']);
    expect(linePrice(line({ type: 3, price: '224.10' })).price).toBe('224.10');
  });

  it('lists only the discounts a line got', () => {
    expect(lineDiscounts(line({ goods_manjian_amount: '50.00', welfare_amount: '3.60' })).map((d) => `${d.label} -${money(d.amount)}`)).toEqual([
      '94折 -¥3.60',
      '满减 -¥50.00',
    ]);
    expect(lineDiscounts(line())).toEqual([]);
  });

  it('names the gift a line earned: 赠 医用外科口罩×1', () => {
    const gifts: GiftGroup[] = [
      {
        activity_id: 7,
        name: '白云山 买20赠1',
        gift_goods_id: 140,
        gift_name: '医用外科口罩',
        per: 'line',
        by: 'number',
        type: 1,
        threshold: 20,
        measure: 30,
        total: 1,
        need: null,
        lines: [
          { id: 900, total: 1 },
          { id: 901, total: 0 },
        ],
      },
    ];
    expect(lineGift(line({ id: 900, gift_data: { total: 1, type: 1 } }), gifts)).toEqual({ given: true, text: '赠 医用外科口罩×1' });
    expect(lineGift(line({ id: 901, gift_data: { total: 0, type: 1 } }), gifts)).toEqual({ given: false, text: '白云山 买20赠1（未满足）' });
    expect(lineGift(line({ id: 902 }), gifts)).toBeNull();
  });

  it('sends 去凑单 to the brand the group holds most of', () => {
    const g = (brand_id: number | null) => ({ brand_id }) as CartLine['goods'];
    expect(topUpLink([line({ goods: g(1) }), line({ goods: g(2) }), line({ goods: g(2) })])).toBe('/list?brand=2');
    expect(topUpLink([line({ goods: g(null) })])).toBe('/list');
  });

  it('reads tier amounts without empty decimals', () => {
    expect(plainYuan('1000.00')).toBe('1000');
    expect(plainYuan('12.50')).toBe('12.50');
    expect(money('2469.50')).toBe('¥2,469.50');
  });
});
