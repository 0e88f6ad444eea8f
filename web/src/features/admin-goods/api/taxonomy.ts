/**
 * Categories and brands: read by the console's pickers (lib/admin/taxonomy.ts); POST to add one or change the
 * fields sent (category:write). The 经营范围 classes a goods may take come from GET /api/user/jyfw.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { Code } from '@core/codes';
import type { AdminBrand, AdminCategory, brandCreateBody, brandUpdateBody, categoryCreateBody, categoryUpdateBody } from '@core/schemas/admin-goods';
import type { BusinessScope } from '@core/schemas/user';
import { http } from '@/api/client';
import { adminHttp } from '@/lib/admin/http';
import { ADMIN_KEY, AUDIT_KEY } from '@/lib/admin/keys';
import { BRANDS_KEY, CATEGORIES_KEY } from '@/lib/admin/taxonomy';
import { GOODS_KEY } from './get-goods';

export const scopesQuery = () =>
  queryOptions({
    queryKey: [...ADMIN_KEY, 'scopes'],
    queryFn: ({ signal }) => http.get<BusinessScope[]>('/api/user/jyfw', undefined, { signal, silent: true }),
    staleTime: Infinity,
  });

type Save<C, U> = { id: null; body: C } | { id: number; body: U };

function useTaxonomyWrite<C, U, R>(key: readonly unknown[], path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: Save<C, U>) => adminHttp.post<R>(id ? `${path}/${id}` : path, body as never, { quiet: [Code.invalid] }),
    // Goods show their category's and brand's names.
    onSuccess: () => Promise.all([key, GOODS_KEY, AUDIT_KEY].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

export const useSaveCategory = () =>
  useTaxonomyWrite<z.input<typeof categoryCreateBody>, z.input<typeof categoryUpdateBody>, AdminCategory>(CATEGORIES_KEY, '/api/admin/categories');
export const useSaveBrand = () =>
  useTaxonomyWrite<z.input<typeof brandCreateBody>, z.input<typeof brandUpdateBody>, AdminBrand>(BRANDS_KEY, '/api/admin/brands');
