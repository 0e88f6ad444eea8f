/** Configuration from the environment, validated at start with a readable message. */
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  REDIS_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SESSION_SECRET: z.string().min(16).optional(),
  PRODUCT_TITLE: z.string().default('药采通'),
  /** Codes go to the outbox table and can be read back (GET /api/dev/sms_outbox); off in production. */
  SMS_SANDBOX: z
    .enum(['0', '1'])
    .optional()
    .transform((v) => v),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_GOODS: z.coerce.number().int().min(0).default(3000),
  /** The key payment notifies are signed with (the sandbox gateway signs with it too); derived from SESSION_SECRET when unset. */
  PAY_NOTIFY_SECRET: z.string().min(16).optional(),
  /**
   * The proxies whose X-Forwarded-For is believed: addresses or CIDR ranges separated by commas (`127.0.0.1`,
   * `10.0.0.0/8`, `loopback`). Empty (the default): the address of the connection is the buyer's.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .default('')
    .refine((v) => v !== 'true', { error: 'name the proxies (addresses or CIDR ranges), never true' }),
  /** Rate limits can be raised for load tests; never in production. */
  RATE_LIMIT_FACTOR: z.coerce.number().min(1).default(1),
  /**
   * Shipping waits for the outbound check (every box of a goods with trace codes scanned); `off` ships without it,
   * as the API tests and journeys of other areas do (docs/decisions/035-trace-codes-and-delivery-note.md).
   */
  TRACE_CHECK: z.enum(['on', 'off']).default('on'),
  /**
   * PostgreSQL: connections the process keeps. Unset, twice the machine's cores and one more: a database on the
   * same cores serves a few connections at a time best, and a statement waits its turn in the pool instead of
   * sharing the cores with twenty others (docs/decisions/038-connection-pool.md). Set it for a database on a machine of its own.
   */
  DB_POOL: z.coerce.number().int().min(1).max(500).optional(),
  /**
   * What `GET /metrics` asks for as `Authorization: Bearer <token>` (16 characters or more). Unset, it answers only a
   * client on this machine connected straight to the server; anyone else gets 404 either way.
   */
  METRICS_TOKEN: z
    .string()
    .min(16)
    .optional()
    .or(z.literal('').transform(() => undefined)),
});

export type Config = Omit<z.infer<typeof schema>, 'SMS_SANDBOX' | 'SESSION_SECRET' | 'DB_POOL'> & {
  DB_POOL: number;
  SMS_SANDBOX: boolean;
  SESSION_SECRET: string;
  uploadDir: string;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  if (c.NODE_ENV === 'production' && !c.SESSION_SECRET) {
    throw new Error('Invalid configuration:\n  SESSION_SECRET: required in production (16 characters or more)');
  }
  const config: Config = {
    ...c,
    SMS_SANDBOX: c.SMS_SANDBOX ? c.SMS_SANDBOX === '1' : c.NODE_ENV !== 'production',
    SESSION_SECRET: c.SESSION_SECRET ?? 'local-development-secret-not-for-production',
    DB_POOL: c.DB_POOL ?? os.availableParallelism() * 2 + 1,
    uploadDir: path.resolve(c.DATA_DIR, 'uploads'),
    ...overrides,
  };
  if (overrides.DATA_DIR && !overrides.uploadDir) config.uploadDir = path.resolve(overrides.DATA_DIR, 'uploads');
  return config;
}

/** Fastify's `trustProxy`: false, or the trusted proxy addresses. */
export const trustProxyOption = (value: string): false | string[] =>
  value
    ? value
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean)
    : false;

/**
 * Said plainly at start while the sandboxes are on: anyone who can reach the site can read SMS codes and play
 * the WeChat and payment sandboxes for their own account.
 */
export function sandboxNotice(config: Pick<Config, 'NODE_ENV'>) {
  return [
    '',
    '  !! SANDBOXES ARE ON (沙箱已开启): not for real buyers.',
    '  !! SMS codes are not sent: they wait in the sms_codes table and at GET /api/dev/sms_outbox?phone=...',
    '  !! WeChat scans and online payments are played by pages of this site (/wechat/sandbox, /pay/sandbox/...).',
    config.NODE_ENV === 'production'
      ? '  !! NODE_ENV=production with SMS_SANDBOX=1: remove SMS_SANDBOX before real buyers arrive.'
      : '  !! Turn them off with NODE_ENV=production (they stay off there unless SMS_SANDBOX=1 is set).',
    '',
  ].join('\n');
}

/**
 * What keeps the sites sharing one Redis apart: the processes of one site share its database, and the namespace
 * is made from it. Rate-limit counters, cache drops and the chat's channels and presence are kept under it.
 */
export const siteNamespace = (config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'>) =>
  crypto
    .createHash('sha256')
    .update(config.DATABASE_URL ?? path.resolve(config.DATA_DIR))
    .digest('hex')
    .slice(0, 12);
