/** What other modules and the app may use of addresses. */
export { addressRoutes } from './routes.js';
export { listAddresses, ownAddress, ownAddressIn, ownAddressSql } from './service.js';
