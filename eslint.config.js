import fs from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * The server's modules from the bottom up: a module imports only modules before it in this list, so module
 * folders never form a cycle (README, "Who owns what"). A new module folder must be placed here.
 */
const SERVER_MODULES = ['settings', 'uploads', 'pay', 'addresses', 'accounts', 'catalogue', 'content', 'promotions', 'wallet', 'cart', 'orders', 'member'];
const moduleFolders = fs.readdirSync('server/modules', { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
const unplaced = moduleFolders.filter((m) => !SERVER_MODULES.includes(m));
if (unplaced.length) throw new Error(`eslint.config.js: place the server modules ${unplaced.join(', ')} in SERVER_MODULES`);

/** Each module owns the tables of its own schema file (server/db/schema/<module>.ts) and no other. */
const schemaFiles = fs.readdirSync('server/db/schema').filter((f) => f.endsWith('.ts'));

const serverBoundaries = [
  // A module imports only the modules below it.
  ...SERVER_MODULES.map((m, i) => ({
    target: `./server/modules/${m}`,
    from: SERVER_MODULES.slice(i + 1).map((above) => `./server/modules/${above}`),
    message: `${m} sits below these modules (eslint.config.js SERVER_MODULES): call downwards, or pass what it needs in from the app.`,
  })).filter((z) => z.from.length),
  // The data layer and the HTTP plumbing know no module; core knows neither server nor browser.
  { target: './server/db', from: ['./server/modules', './server/http', './server/seed'], message: 'The data layer imports no module.' },
  { target: './server/http', from: ['./server/modules', './server/seed'], message: 'HTTP plumbing imports no module.' },
  { target: './core', from: ['./server', './web', './e2e', './bench'], message: 'core is shared by server and browser and imports neither.' },
];

const tableOwnership = SERVER_MODULES.map((m) => ({
  files: [`server/modules/${m}/**/*.ts`],
  ignores: ['**/*.test.ts'],
  rules: {
    'import-x/no-restricted-paths': [
      'error',
      {
        zones: [
          ...serverBoundaries,
          {
            target: `./server/modules/${m}`,
            from: './server/db/schema',
            except: schemaFiles.includes(`${m}.ts`) ? [`./${m}.ts`] : [],
            message: `A module touches only its own tables (server/db/schema/${m}.ts); call the owning module's service for others.`,
          },
        ],
      },
    ],
  },
}));

export default tseslint.config(
  { ignores: ['node_modules', 'web/dist', 'data', 'e2e/.results', 'server/db/migrations', 'bench/results'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },

  // ---- import boundaries: server and core ----------------------------------------------------------------
  {
    files: ['server/**/*.ts', 'core/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })] },
    rules: { 'import-x/no-cycle': 'error' },
  },
  {
    // Tests may reach across layers to set up and to check what a buyer would see.
    files: ['server/**/*.ts', 'core/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: serverBoundaries }] },
  },
  ...tableOwnership,
  {
    // Route files are HTTP only: schemas in, service calls, envelopes out. SQL lives in services.
    files: ['server/modules/**/*routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['drizzle-orm', 'drizzle-orm/*'], message: 'Route files hold no SQL: put the query in the module service.' },
            { group: ['**/db/schema/*'], message: 'Route files hold no SQL: put the query in the module service.' },
          ],
        },
      ],
    },
  },
);
