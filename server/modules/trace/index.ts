/** What other modules and the app may use of trace: routes, and the check that shipping waits for. */
export { traceRoutes } from './routes.js';
export { checkBeforeShipping, releaseCodes } from './service.js';
