/** The password of every demo account (README); a file of its own so that tests, e2e and bench share it. */
export const DEMO_PASSWORD = 'Demo@2026';
/** The payment password (支付密码) of the approved demo accounts and the load-test buyers (README). */
export const DEMO_PAY_PASSWORD = '135790';
