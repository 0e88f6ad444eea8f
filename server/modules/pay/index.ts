/** What other modules and the app may use of pay. */
export { payRoutes } from './routes.js';
export { closeWaiting, openPayment, paymentsOf, registerPaymentKind } from './service.js';
export type { PaymentKind } from './service.js';
