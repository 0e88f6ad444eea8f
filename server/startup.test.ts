import { describe, expect, it } from 'vitest';
import { databaseLabel, siteUrl, startupNotice } from './startup.js';

describe('what npm start says', () => {
  it('gives the address to open', () => {
    expect(siteUrl('0.0.0.0', 3000)).toBe('http://localhost:3000');
    expect(siteUrl('::', 8080)).toBe('http://localhost:8080');
    expect(siteUrl('127.0.0.1', 3001)).toBe('http://127.0.0.1:3001');
    expect(siteUrl('::1', 3000)).toBe('http://[::1]:3000');
  });

  it('names the database without its password', () => {
    expect(databaseLabel({ DATA_DIR: './data', DATABASE_URL: undefined }, 'pglite')).toBe('PGlite in data/pglite');
    const label = databaseLabel({ DATA_DIR: './data', DATABASE_URL: 'postgres://yct:secret@db.internal:5432/yct' }, 'postgres');
    expect(label).toBe('PostgreSQL at db.internal:5432/yct');
    expect(label).not.toContain('secret');
  });

  it('says where the site is, that it seeded and how many goods, and how to log in', () => {
    const text = startupNotice({ url: 'http://localhost:3000', database: 'PGlite in data/pglite', seededGoods: 3000, production: false });
    expect(text).toContain('药采通 is running at http://localhost:3000');
    expect(text).toContain('new: seeded with 3,000 goods');
    expect(text).toMatch(/password Demo@2026\): demo .*pending .*chain/);
    expect(text).toContain('Console http://localhost:3000/admin (password Admin@2026): admin, ops');
  });

  it('says it found the database with its data, and keeps the passwords to itself in production', () => {
    const text = startupNotice({ url: 'http://localhost:3000', database: 'PostgreSQL at db:5432/yct', seededGoods: null, production: true });
    expect(text).toContain('PostgreSQL at db:5432/yct, found with its data (nothing seeded)');
    expect(text).not.toContain('Demo@2026');
    expect(text).not.toContain('Admin@2026');
  });
});
