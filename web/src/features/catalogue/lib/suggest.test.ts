import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSuggester, SUGGEST_CACHE_MS, SUGGEST_DEBOUNCE_MS, type SuggestState } from './suggest';

type Item = { name: string };

function setup(answer: (keyword: string) => Item[] = (k) => [{ name: `${k}胶囊` }]) {
  const calls: string[] = [];
  const states: SuggestState<Item>[] = [];
  const s = createSuggester<Item>({
    fetch: async (keyword, type) => {
      calls.push(`${type}:${keyword}`);
      return answer(keyword);
    },
    onChange: (st) => states.push(st),
  });
  return { s, calls, states, last: () => states.at(-1) };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('header search suggestions', () => {
  it('asks once after 500 ms of quiet, with the trimmed keyword', async () => {
    const { s, calls, last } = setup();
    s.input('a', 1);
    await vi.advanceTimersByTimeAsync(200);
    s.input('am', 1);
    await vi.advanceTimersByTimeAsync(200);
    s.input(' amx ', 1);
    await vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS - 1);
    expect(calls).toEqual([]);
    expect(last()).toEqual({ status: 'searching', keyword: 'a' });
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual(['1:amx']);
    expect(last()).toEqual({ status: 'results', keyword: 'amx', items: [{ name: 'amx胶囊' }] });
  });

  it('sends nothing for an empty keyword and closes the panel', async () => {
    const { s, calls, last } = setup();
    s.input('amx', 1);
    s.input('   ', 1);
    await vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS * 2);
    expect(calls).toEqual([]);
    expect(last()).toEqual({ status: 'closed' });
  });

  it('sends nothing for a keyword the server would refuse and says why at once, on typing and on focus', async () => {
    const { s, calls, last } = setup();
    s.input('阿莫<西林', 1);
    expect(last()).toEqual({ status: 'invalid', keyword: '阿莫<西林', message: '关键词不能包含<或>，请修改后重新搜索' });
    const long = '阿'.repeat(51);
    s.input(` ${long} `, 2);
    expect(last()).toEqual({ status: 'invalid', keyword: long, message: '关键词最多50个字，请修改后重新搜索' });
    s.close();
    s.reopen();
    await vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS * 2);
    expect(calls).toEqual([]);
    expect(last()).toMatchObject({ status: 'invalid', keyword: long });
    // Fifty characters are a search.
    s.input('阿'.repeat(50), 1);
    await vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS);
    expect(calls).toEqual([`1:${'阿'.repeat(50)}`]);
  });

  it('reuses an answer younger than 5000 ms and asks again once it is older', async () => {
    const { s, calls } = setup();
    s.input('bllk', 1);
    await vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS);
    s.close();
    s.input('bllk', 1);
    await vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS);
    expect(calls).toEqual(['1:bllk']);
    await vi.advanceTimersByTimeAsync(SUGGEST_CACHE_MS);
    s.input('bllk', 1);
    await vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS);
    expect(calls).toEqual(['1:bllk', '1:bllk']);
  });

  it('keeps drug and manufacturer answers apart', async () => {
    const { s, calls } = setup();
    s.input('hbzy', 1);
    await vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS);
    s.input('hbzy', 2);
    await vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS);
    expect(calls).toEqual(['1:hbzy', '2:hbzy']);
  });

  it('shows the empty state for no results and ignores an answer after the panel closed', async () => {
    let release: (items: Item[]) => void = () => {};
    const states: SuggestState<Item>[] = [];
    const s = createSuggester<Item>({
      fetch: (k) => (k === 'zzz' ? Promise.resolve([]) : new Promise<Item[]>((r) => (release = r))),
      onChange: (st) => states.push(st),
    });
    s.input('zzz', 1);
    await vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS);
    expect(states.at(-1)).toEqual({ status: 'empty', keyword: 'zzz' });
    s.input('slow', 1);
    await vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS);
    expect(states.at(-1)).toEqual({ status: 'searching', keyword: 'slow' });
    s.close();
    release([{ name: '迟到' }]);
    await vi.advanceTimersByTimeAsync(0);
    expect(states.at(-1)).toEqual({ status: 'closed' });
  });
});
