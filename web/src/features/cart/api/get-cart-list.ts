/**
 * GET /api/cart/list: the priced cart. The cart page and the mini cart share the entry of the whole cart
 * (filter 99999); adding to the cart elsewhere invalidates it (lib/cart/cart-cache.ts), which is the mini
 * cart's stale flag: an invalidated entry is fetched again when the mini cart opens, and at once when a
 * screen shows it.
 */
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { CART_LIST_DEFAULT_FILTER } from '@core/constants';
import { Code } from '@core/codes';
import type { CartList } from '@core/schemas/cart';
import { http } from '@/api/client';
import { CART_KEY } from '@/lib/cart/cart-cache';

export const CART_ALL = CART_LIST_DEFAULT_FILTER;

const CART_LIST_KEY = [...CART_KEY, 'list'] as const;
const cartListKey = (filters: number = CART_ALL) => [...CART_LIST_KEY, filters] as const;

const cartListQuery = (filters: number = CART_ALL) =>
  queryOptions({
    queryKey: cartListKey(filters),
    // A member waiting for review is refused (400): the page shows the server's message instead of an alert.
    queryFn: ({ signal }) => http.get<CartList>('/api/cart/list', { filters }, { signal, silent: [Code.refused] }),
  });

export const useCartList = (filters: number = CART_ALL, options: { enabled?: boolean } = {}) =>
  useQuery({ ...cartListQuery(filters), enabled: options.enabled ?? true });

/**
 * Puts the list a change answered with (always the whole cart) into the cache; the entries of other
 * filters are fetched again when shown.
 */
export function putCartList(client: QueryClient, list: CartList) {
  client.setQueryData(cartListKey(CART_ALL), list);
  return client.invalidateQueries({ queryKey: CART_LIST_KEY, predicate: (q) => q.queryKey[2] !== CART_ALL });
}

/** Cart changes run one after another, so that the last answer holds every change before it. */
export const CART_MUTATION_SCOPE = { id: 'cart' };
