/**
 * The header search box (spec sections 2, 4, 5, 9): drug/manufacturer toggle, hot searches, clear button,
 * suggestions after 500 ms with a searching state and 暂无数据, closing on blur and Esc, the keyword kept in
 * session storage (spec section 3), Enter and the button trimming it (a blank keyword searches nothing, one the
 * server would refuse says why instead of asking). The box shows the keyword on the search
 * results only: on any other page it is empty, and back on the results it shows their keyword again.
 */
import { useEffect, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { Goods } from '@core/schemas/goods';
import { useFocusCommon } from '@/lib/content/get-focus-common';
import { TargetLink } from '@/ui/TargetLink';
import { searchGoods } from '../api/goods';
import { createSuggester, type SuggestState } from '../lib/suggest';

const SEARCH_KEYWORD_KEY = 'yct_search_keyword';

const readKeyword = () => {
  try {
    return sessionStorage.getItem(SEARCH_KEYWORD_KEY) ?? '';
  } catch {
    return '';
  }
};
const keepKeyword = (k: string) => {
  try {
    sessionStorage.setItem(SEARCH_KEYWORD_KEY, k);
  } catch {
    // private mode: the keyword is simply not kept
  }
};

/** `onResults`: the page is the search results (/search and /search/table). */
export function HeaderSearch({ onResults }: { onResults: boolean }) {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  // The results' keyword (the one kept in session storage when the address has none); nothing elsewhere.
  const keyword = onResults ? (params.get('keywords') ?? readKeyword()) : '';
  const type = onResults && params.get('type') === '2' ? 2 : 1;
  // The header stays mounted from page to page: each page starts a box of its own, not the last page's.
  return <SearchBox key={`${pathname}|${type}|${keyword}`} initialKeyword={keyword} initialType={type} />;
}

function SearchBox({ initialKeyword, initialType }: { initialKeyword: string; initialType: 1 | 2 }) {
  const navigate = useNavigate();
  const { data } = useFocusCommon();
  const [type, setType] = useState<1 | 2>(initialType);
  const [keyword, setKeyword] = useState(initialKeyword);
  const [state, setState] = useState<SuggestState<Goods>>({ status: 'closed' });
  const [active, setActive] = useState(-1);
  const input = useRef<HTMLInputElement>(null);
  const suggester = useMemo(() => createSuggester<Goods>({ fetch: (k, t) => searchGoods(k, t), onChange: setState }), []);
  useEffect(() => () => suggester.close(), [suggester]);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const k = keyword.trim();
    setKeyword(k);
    suggester.close();
    // An empty keyword is no search (spec section 5): nothing is asked and the page stays.
    if (!k) return;
    keepKeyword(k);
    input.current?.blur();
    void navigate(`/search?${new URLSearchParams({ keywords: k, type: String(type) })}`);
  };
  const pick = (g: Goods) => {
    keepKeyword(keyword.trim());
    suggester.close();
    input.current?.blur();
    void navigate(`/list/info/${g.id}`);
  };
  const items = state.status === 'results' ? state.items : [];
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Escape') {
      suggester.close();
      input.current?.blur();
    } else if (e.key === 'ArrowDown' && items.length) {
      e.preventDefault();
      setActive((i) => (i + 1) % items.length);
    } else if (e.key === 'ArrowUp' && items.length) {
      e.preventDefault();
      setActive((i) => (i <= 0 ? items.length - 1 : i - 1));
    } else if (e.key === 'Enter' && active >= 0 && items[active]) {
      e.preventDefault();
      pick(items[active]);
    }
  };
  const switchType = (t: 1 | 2) => {
    setType(t);
    if (keyword.trim()) suggester.input(keyword, t);
  };

  return (
    <div className="yct-search" data-testid="header-search">
      <div className="yct-search__tabs" role="tablist">
        {([1, 2] as const).map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            aria-selected={type === t}
            className={type === t ? 'is-active' : ''}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => switchType(t)}
            data-testid={`search-type-${t}`}
          >
            {t === 1 ? '药品' : '厂家'}
          </button>
        ))}
      </div>
      <form className="yct-search__form" onSubmit={submit} role="search">
        <input
          ref={input}
          value={keyword}
          onChange={(e) => {
            setKeyword(e.target.value);
            setActive(-1);
            suggester.input(e.target.value, type);
          }}
          onFocus={() => suggester.reopen()}
          onBlur={() => suggester.close()}
          onKeyDown={onKeyDown}
          placeholder={type === 1 ? '药品名称 / 拼音首字母 / 批准文号' : '生产厂家名称 / 拼音首字母'}
          maxLength={50}
          aria-label="搜索关键词"
          autoComplete="off"
          data-testid="search-input"
        />
        {keyword ? (
          <button
            type="button"
            className="yct-search__clear"
            aria-label="清除"
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => {
              setKeyword('');
              keepKeyword('');
              suggester.input('', type);
              input.current?.focus();
            }}
            data-testid="search-clear"
          >
            ×
          </button>
        ) : null}
        <button type="submit" className="yct-search__submit" data-testid="search-submit">
          搜 索
        </button>
        {state.status !== 'closed' ? (
          <div className="yct-suggest" data-testid="search-panel" onMouseDown={(e) => e.preventDefault()}>
            {state.status === 'searching' ? <div className="yct-suggest__state">搜索中…</div> : null}
            {state.status === 'empty' ? (
              <div className="yct-suggest__state" data-testid="search-empty">
                暂无数据
              </div>
            ) : null}
            {state.status === 'error' ? <div className="yct-suggest__state">搜索失败，请稍后重试</div> : null}
            {state.status === 'invalid' ? (
              <div className="yct-suggest__state" data-testid="search-invalid">
                {state.message}
              </div>
            ) : null}
            {items.map((g, i) => (
              <button
                key={g.id}
                type="button"
                className={`yct-suggest__item${i === active ? ' is-active' : ''}`}
                onClick={() => pick(g)}
                onMouseEnter={() => setActive(i)}
                data-testid="search-suggestion"
                data-id={g.id}
              >
                <span className="yct-suggest__name">{g.name}</span>
                <span className="yct-suggest__spec">{g.ypgg}</span>
                <span className="yct-suggest__maker">{g.sccj}</span>
              </button>
            ))}
          </div>
        ) : null}
      </form>
      <div className="yct-search__hot">
        {(data?.rnss ?? []).slice(0, 8).map((h) => (
          <TargetLink key={h.name} to={h.url}>
            {h.name}
          </TargetLink>
        ))}
      </div>
    </div>
  );
}
