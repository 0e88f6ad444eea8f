import { describe, expect, it } from 'vitest';
import { keepReached, readAddonPicks, togglePick, writeAddonPicks } from './addon-picks';

const memory = () => {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
};

describe('add-on picks', () => {
  it('picks an offer once and drops it on the second click', () => {
    const one = togglePick([], { activity_id: 8, goods_id: 94, number: 10 });
    expect(one).toEqual([{ activity_id: 8, goods_id: 94, number: 10 }]);
    expect(togglePick(one, { activity_id: 8, goods_id: 94, number: 10 })).toEqual([]);
  });

  it('keeps the picks for the visit and reads back only well-formed ones', () => {
    const store = memory();
    writeAddonPicks([{ activity_id: 8, goods_id: 94, number: 10 }], store);
    expect(readAddonPicks(store)).toEqual([{ activity_id: 8, goods_id: 94, number: 10 }]);
    store.setItem('yct-cart-addons', '[{"activity_id":8,"goods_id":"x","number":1},{"activity_id":8,"goods_id":140,"number":2}]');
    expect(readAddonPicks(store)).toEqual([{ activity_id: 8, goods_id: 140, number: 2 }]);
    store.setItem('yct-cart-addons', 'not json');
    expect(readAddonPicks(store)).toEqual([]);
  });

  it('forgets picks of an activity the cart no longer reaches', () => {
    const picks = [
      { activity_id: 8, goods_id: 94, number: 10 },
      { activity_id: 9, goods_id: 95, number: 1 },
    ];
    expect(keepReached(picks, [9])).toEqual([{ activity_id: 9, goods_id: 95, number: 1 }]);
  });
});
