/** The goods an order carries, as the 首营 rule counts them: its lines' goods, its bundles' parts, each once. */
import { describe, expect, it } from 'vitest';
import { LineType } from '../../../core/status.js';
import { goodsOfLines } from './first-buys.js';

describe('the goods of an order', () => {
  it('counts a bundle by its parts, a gift and an add-on by their goods, and each goods once', () => {
    const lines = [
      { goodsId: 7, type: LineType.normal, parts: null },
      { goodsId: 900, type: LineType.bundle, parts: [{ goods_id: 3 }, { goods_id: 7 }] },
      { goodsId: 12, type: LineType.gift, parts: null },
      { goodsId: 15, type: LineType.addon, parts: null },
      { goodsId: 3, type: LineType.spike, parts: null },
    ];
    expect(goodsOfLines(lines)).toEqual([7, 3, 12, 15]);
  });
});
