/** The password of every demo account (README); a file of its own so that tests, e2e and bench share it. */
export const DEMO_PASSWORD = 'Demo@2026';
