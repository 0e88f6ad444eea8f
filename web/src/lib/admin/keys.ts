/** Query keys of the console: all start with ADMIN_KEY, so that logging out or in drops them at once. */
export const ADMIN_KEY = ['admin'] as const;
export const ADMIN_ME_KEY = [...ADMIN_KEY, 'me'] as const;
export const OPERATORS_KEY = [...ADMIN_KEY, 'operators'] as const;
/** Every console write adds to the audit log: invalidate this after one. */
export const AUDIT_KEY = [...ADMIN_KEY, 'audit'] as const;
/** The dashboard's queues count what order, buyer and after-sales writes change. */
export const DASHBOARD_KEY = [...ADMIN_KEY, 'dashboard'] as const;
