/**
 * GET /api/article/category?category_id=3: the help article groups with their pages and news lists, which the
 * footer and the help centre's menu show. The list is kept in localStorage (spec section 3) so both render at
 * once on the next visit; it is refreshed in the background once it is stale, and at once on a help page.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HelpGroup } from '@core/schemas/content';
import { HELP_CENTRE_CATEGORY } from '@core/help';
import { http } from '@/api/client';

const HELP_CATEGORY_STORAGE_KEY = 'yct_help_category';
const STALE_MS = 30 * 60_000;

type Stored = { at: number; data: HelpGroup[] };

function readStoredHelpCategory(storage: Pick<Storage, 'getItem'> | undefined = safeLocalStorage()): Stored | undefined {
  try {
    const raw = storage?.getItem(HELP_CATEGORY_STORAGE_KEY);
    if (!raw) return undefined;
    const value = JSON.parse(raw) as Partial<Stored>;
    if (typeof value.at !== 'number' || !Array.isArray(value.data)) return undefined;
    return { at: value.at, data: value.data };
  } catch {
    return undefined;
  }
}

function writeStoredHelpCategory(data: HelpGroup[], storage: Pick<Storage, 'setItem'> | undefined = safeLocalStorage()) {
  try {
    storage?.setItem(HELP_CATEGORY_STORAGE_KEY, JSON.stringify({ at: Date.now(), data }));
  } catch {}
}

function safeLocalStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

async function fetchHelpCategory(signal?: AbortSignal): Promise<HelpGroup[]> {
  const data = await http.get<HelpGroup[]>('/api/article/category', { category_id: HELP_CENTRE_CATEGORY }, { signal, silent: true });
  const groups = Array.isArray(data) ? data : [];
  writeStoredHelpCategory(groups);
  return groups;
}

const helpCategoryQuery = () =>
  queryOptions({
    queryKey: ['help', 'category'],
    queryFn: ({ signal }) => fetchHelpCategory(signal),
    staleTime: STALE_MS,
    initialData: () => readStoredHelpCategory()?.data,
    initialDataUpdatedAt: () => readStoredHelpCategory()?.at,
  });

/** `fresh`: refetch when kept longer than a moment (the help centre's menu follows an operator's edit). */
export const useHelpCategory = ({ fresh = false }: { fresh?: boolean } = {}) => useQuery({ ...helpCategoryQuery(), ...(fresh ? { staleTime: 0 } : {}) });
