export * from './accounts.js';
export * from './catalogue.js';
export * from './promotions.js';
export * from './trade.js';
export * from './wallet.js';
