/**
 * The cart's place in the query cache, for every screen that changes the cart: adding from the catalogue,
 * quick purchase or buying an order again marks the cart stale (features/cart/api/get-cart-list.ts reads it).
 */
import type { QueryClient } from '@tanstack/react-query';

/** Every cart query starts with this key. */
export const CART_KEY = ['cart'] as const;

/** Marks every cart entry stale: shown ones are fetched again now, the others when next shown. */
export const invalidateCart = (client: QueryClient) => client.invalidateQueries({ queryKey: CART_KEY });
