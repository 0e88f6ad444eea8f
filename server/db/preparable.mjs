/**
 * Statements worth keeping prepared: a single select, insert, update, delete, with or values (a text that starts
 * otherwise may be a transaction's control or several statements). Shared by PostgreSQL's pooled connections
 * (client.ts) and PGlite's thread (pglite-worker.mjs), which is plain JavaScript.
 */
export const preparable = /^\s*\(?\s*(select|insert|update|delete|with|values)\b/i;
