/** The query keys of orders and after-sales requests, and what a write on either makes stale. */
import type { QueryClient } from '@tanstack/react-query';
import { ADMIN_KEY, AUDIT_KEY, DASHBOARD_KEY } from '@/lib/admin/keys';

export const ORDERS_KEY = [...ADMIN_KEY, 'orders'] as const;
export const AFTER_SALES_KEY = [...ADMIN_KEY, 'after-sales'] as const;

/** After a write: orders (an after-sales refund changes its order), requests, the dashboard's queues and the audit log. */
export const invalidateAfterWrite = (queryClient: QueryClient) =>
  Promise.all([ORDERS_KEY, AFTER_SALES_KEY, DASHBOARD_KEY, AUDIT_KEY].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
