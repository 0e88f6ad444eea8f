/**
 * The header search box's suggestion rules (spec sections 2, 4, 5 and 9), free of React so that they can be
 * tested with fake timers:
 * - typing waits 500 ms of quiet before asking the server;
 * - an empty (or blank) keyword sends nothing and closes the panel;
 * - a keyword the server would refuse (`<`, `>`, over 50 characters) sends nothing and the panel says why;
 * - the answer for a keyword and type is reused while it is younger than 5000 ms, then asked again;
 * - while asking, the panel shows the searching state; an empty answer shows 暂无数据;
 * - an answer that arrives for a keyword no longer typed is ignored.
 */
import { SEARCH_CACHE_MAX_AGE_MS, SEARCH_DEBOUNCE_MS } from '@core/constants';
import { keywordProblem } from './keyword';

export const SUGGEST_DEBOUNCE_MS = SEARCH_DEBOUNCE_MS;
export const SUGGEST_CACHE_MS = SEARCH_CACHE_MAX_AGE_MS;

export type SuggestState<T> =
  | { status: 'closed' }
  | { status: 'searching'; keyword: string }
  | { status: 'results'; keyword: string; items: T[] }
  | { status: 'empty'; keyword: string }
  | { status: 'error'; keyword: string }
  | { status: 'invalid'; keyword: string; message: string };

export type SuggestDeps<T> = {
  fetch: (keyword: string, type: 1 | 2) => Promise<T[]>;
  onChange: (state: SuggestState<T>) => void;
  now?: () => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
};

export function createSuggester<T>(deps: SuggestDeps<T>) {
  const now = deps.now ?? (() => Date.now());
  const setTimer = deps.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = deps.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
  const cache = new Map<string, { at: number; items: T[] }>();
  let timer: unknown = null;
  let current = { keyword: '', type: 1 as 1 | 2 };
  let state: SuggestState<T> = { status: 'closed' };

  const set = (next: SuggestState<T>) => {
    state = next;
    deps.onChange(next);
  };
  const keyOf = (keyword: string, type: 1 | 2) => `${type}:${keyword}`;
  const show = (keyword: string, items: T[]) => set(items.length ? { status: 'results', keyword, items } : { status: 'empty', keyword });

  async function ask(keyword: string, type: 1 | 2) {
    const problem = keywordProblem(keyword);
    if (problem) {
      set({ status: 'invalid', keyword, message: problem });
      return;
    }
    const cached = cache.get(keyOf(keyword, type));
    if (cached && now() - cached.at < SUGGEST_CACHE_MS) {
      show(keyword, cached.items);
      return;
    }
    set({ status: 'searching', keyword });
    try {
      const items = await deps.fetch(keyword, type);
      cache.set(keyOf(keyword, type), { at: now(), items });
      if (current.keyword === keyword && current.type === type && state.status !== 'closed') show(keyword, items);
    } catch {
      if (current.keyword === keyword && current.type === type && state.status !== 'closed') set({ status: 'error', keyword });
    }
  }

  return {
    /** The buyer typed: ask after 500 ms of quiet, or close at once for an empty keyword. */
    input(raw: string, type: 1 | 2) {
      const keyword = raw.trim();
      current = { keyword, type };
      if (timer !== null) clearTimer(timer);
      timer = null;
      if (!keyword) {
        set({ status: 'closed' });
        return;
      }
      const problem = keywordProblem(keyword);
      if (problem) {
        set({ status: 'invalid', keyword, message: problem });
        return;
      }
      if (state.status === 'closed') set({ status: 'searching', keyword });
      timer = setTimer(() => {
        timer = null;
        void ask(keyword, type);
      }, SUGGEST_DEBOUNCE_MS);
    },
    /** Focus returns to the box: show what is known for the keyword again (asking if it is stale). */
    reopen() {
      if (current.keyword) void ask(current.keyword, current.type);
    },
    /** Blur, Esc, a pick or a submit. */
    close() {
      if (timer !== null) clearTimer(timer);
      timer = null;
      if (state.status !== 'closed') set({ status: 'closed' });
    },
    get state() {
      return state;
    },
  };
}
