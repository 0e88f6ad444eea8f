/**
 * The console's paged lists: the page answer's type (derived from core's `pageOf`), and the page number and
 * filters kept in the URL query, so that a list can be reloaded, shared and returned to as it was.
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import type { pageOf } from '@core/schemas/envelope';

type AnyPage = z.infer<ReturnType<typeof pageOf<z.ZodUnknown>>>;
/** `{current_page, data, last_page, per_page, total}` of a list call. */
export type ListPage<T> = Omit<AnyPage, 'data'> & { data: T[] };

/** A whole list wrapped as one page, for calls that answer every row at once. */
export const onePage = <T>(rows: T[]): ListPage<T> => ({ current_page: 1, data: rows, last_page: 1, per_page: Math.max(rows.length, 1), total: rows.length });

export type ListQuery = { page: number; filters: Record<string, string> };

/** The page and the named filters of the URL query; changing a filter goes back to page 1. */
export function useListQuery(filterKeys: readonly string[] = []) {
  const [params, setParams] = useSearchParams();
  const keys = filterKeys.join(',');
  const query: ListQuery = useMemo(() => {
    const page = Number(params.get('page'));
    const filters: Record<string, string> = {};
    for (const key of keys ? keys.split(',') : []) {
      const value = params.get(key)?.trim();
      if (value) filters[key] = value;
    }
    return { page: Number.isSafeInteger(page) && page > 0 ? page : 1, filters };
  }, [params, keys]);

  const setPage = useCallback(
    (page: number) =>
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        if (page > 1) next.set('page', String(page));
        else next.delete('page');
        return next;
      }),
    [setParams],
  );

  const setFilters = useCallback(
    (values: Record<string, string | number | null | undefined>) =>
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        for (const [key, value] of Object.entries(values)) {
          const text = value === null || value === undefined ? '' : String(value).trim();
          if (text) next.set(key, text);
          else next.delete(key);
        }
        next.delete('page');
        return next;
      }),
    [setParams],
  );

  return { ...query, setPage, setFilters };
}
