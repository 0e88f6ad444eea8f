/** What other modules and the app may use of invoices. */
export { invoiceAdminRoutes } from './admin-routes.js';
export { invoiceRoutes } from './routes.js';
export { issueOnCompletion, settleOnRefund } from './service.js';
