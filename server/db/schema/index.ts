export * from './accounts.js';
export * from './catalogue.js';
