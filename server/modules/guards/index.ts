/** What other modules and the app may use of guards. */
export { OPERATOR_LOCKED_MESSAGE, assertNotLocked, clearFailures, countFailure, loginKeys } from './login-guard.js';
