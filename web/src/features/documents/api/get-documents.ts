/**
 * GET /api/documents/site (the site's first-business documents) and GET /api/documents/orders (the account's
 * orders with what each document pack holds); the files and zips download from their addresses with the
 * session's cookie (the server names them).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BuyerSiteDocuments, OrderPackPage } from '@core/schemas/documents';
import { http } from '@/api/client';

const KEY = ['documents'] as const;

export const useSiteDocuments = () =>
  useQuery({
    queryKey: [...KEY, 'site'],
    queryFn: ({ signal }) => http.get<BuyerSiteDocuments>('/api/documents/site', undefined, { signal }),
  });

export const useOrderPacks = (page: number) =>
  useQuery({
    queryKey: [...KEY, 'orders', page],
    queryFn: ({ signal }) => http.get<OrderPackPage>('/api/documents/orders', { page }, { signal }),
    placeholderData: keepPreviousData,
  });

export const siteFileUrl = (kind: string, index: number) => `/api/documents/site/${kind}/${index}`;
export const SITE_ZIP_URL = '/api/documents/site/zip';
export const packUrl = (orderId: number) => `/api/documents/order/${orderId}/pack`;
