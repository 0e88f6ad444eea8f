/** One page of a list, in the shape every paged answer takes. */
import type { Paged } from '../../core/schemas/common.js';

export const PER_PAGE = 20;

export function paged<T>(rows: T[], total: number, page: number, perPage = PER_PAGE): Paged<T> {
  return { current_page: page, data: rows, last_page: Math.max(1, Math.ceil(total / perPage)), per_page: perPage, total };
}
