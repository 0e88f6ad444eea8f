/** Every table, one file per module that owns it (README: who owns what). drizzle-kit reads this file. */
export * from './settings.js';
export * from './guards.js';
export * from './operators.js';
export * from './accounts.js';
export * from './uploads.js';
export * from './catalogue.js';
export * from './content.js';
export * from './promotions.js';
export * from './activity-pages.js';
export * from './pay.js';
export * from './wallet.js';
export * from './addresses.js';
export * from './cart.js';
export * from './orders.js';
export * from './points.js';
export * from './lottery.js';
