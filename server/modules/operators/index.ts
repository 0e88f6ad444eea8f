/** What other modules and the app may use of operators. */
export { operatorRoutes } from './admin-routes.js';
export { audited, auditedMany } from './audit.js';
export type { AuditWhat, Change, Fields, TargetChange } from './audit.js';
export { OPERATOR_PASSWORD, listOperators, operatorNames, seedOperators } from './service.js';
export { operatorOf, registerOperatorSessions, sweepOperatorSessions } from './sessions.js';
