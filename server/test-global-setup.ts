/**
 * Vitest's global setup: a folder and a name prefix for the run's seeded databases (test-databases.ts), and
 * their removal at the end, PostgreSQL's templates included.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dropTemplates, TEMPLATE_DIR_ENV, TEMPLATE_PREFIX_ENV } from './test-databases.js';

export default function setup() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yct-test-templates-'));
  const prefix = `yct_tpl_${crypto.randomBytes(4).toString('hex')}`;
  process.env[TEMPLATE_DIR_ENV] = dir;
  process.env[TEMPLATE_PREFIX_ENV] = prefix;
  return async () => {
    const base = process.env.TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL || process.env.DATABASE_URL : undefined;
    if (base) await dropTemplates(base, prefix);
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
