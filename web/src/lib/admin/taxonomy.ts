/**
 * Categories and brands as the console's pickers read them: GET /api/admin/categories and /brands (goods:read),
 * every one, hidden ones too, in menu order. Writes that change them drop these keys.
 */
import { queryOptions } from '@tanstack/react-query';
import type { AdminBrand, AdminCategory } from '@core/schemas/admin-goods';
import { adminHttp } from './http';
import { ADMIN_KEY } from './keys';

export const CATEGORIES_KEY = [...ADMIN_KEY, 'categories'] as const;
export const BRANDS_KEY = [...ADMIN_KEY, 'brands'] as const;

export const categoriesQuery = () =>
  queryOptions({ queryKey: CATEGORIES_KEY, queryFn: ({ signal }) => adminHttp.get<AdminCategory[]>('/api/admin/categories', undefined, { signal }) });

export const brandsQuery = () =>
  queryOptions({ queryKey: BRANDS_KEY, queryFn: ({ signal }) => adminHttp.get<AdminBrand[]>('/api/admin/brands', undefined, { signal }) });
