import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import globals from 'globals';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import oxlint from 'eslint-plugin-oxlint';
import tseslint from 'typescript-eslint';
import oneBranchExpect from './scripts/lint/one-branch-expect.mjs';

/*
 * Two linters (docs/decisions/028-suite-budget.md): oxlint (.oxlintrc.json) runs the generic rules of ESLint's and
 * typescript-eslint's recommended sets, the hooks rules and import cycles, in a second; ESLint runs what oxlint
 * cannot: the import boundaries below, sizes, and the rule against assertions one branch reaches. The rules oxlint
 * runs are turned off here (eslint-plugin-oxlint, last in the list).
 */
const root = import.meta.dirname;

/* ----------------------------------------------------------------------------------------------------------
 * Web import boundaries (DESIGN.md section 3, docs/decisions/012-web-boundaries.md). Imports flow one way:
 *   web/src/app -> web/src/features/<x> -> web/src/ui -> web/src/lib -> web/src/api -> core
 * A feature imports its own folder and the shared layers, never another feature and never app/; the shared
 * layers never import a feature or app/; core imports nothing of the web or the server. Every folder under
 * web/src/features is read here, so a new feature is fenced in without editing this file.
 * ---------------------------------------------------------------------------------------------------------- */
const features = fs
  .readdirSync(path.join(root, 'web/src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const webBoundaryZones = [
  ...features.map((feature) => ({
    target: `./web/src/features/${feature}`,
    from: './web/src/features',
    except: [`./${feature}`],
    message: `A feature imports only its own folder and the shared layers (ui, lib, api, core): move what "${feature}" needs from another feature into one of them.`,
  })),
  {
    target: './web/src/features',
    from: './web/src/app',
    message: 'A feature never imports app/: pass what it needs as props, or move the shared piece to ui, lib or core.',
  },
  {
    target: ['./web/src/ui', './web/src/lib', './web/src/api'],
    from: ['./web/src/features', './web/src/app'],
    message: 'The shared layers (ui, lib, api) never import a feature or app/.',
  },
  {
    target: ['./web/src/lib', './web/src/api'],
    from: './web/src/ui',
    message: 'lib and api never import ui (ui -> lib -> api -> core).',
  },
  {
    target: './web/src/api',
    from: './web/src/lib',
    message: 'api imports only api and core.',
  },
];

/* ----------------------------------------------------------------------------------------------------------
 * Server import boundaries (README, "Who owns what"). The modules from the bottom up: a module imports only
 * modules before it in this list, so module folders never form a cycle; a new module folder must be placed
 * here. Each module owns the tables of its own schema file (server/db/schema/<module>.ts) and no other. The
 * data layer and the HTTP plumbing import no module; route files hold no SQL.
 * ---------------------------------------------------------------------------------------------------------- */
const SERVER_MODULES = [
  'settings',
  'guards',
  'operators',
  'jobs',
  'uploads',
  'pay',
  'addresses',
  'accounts',
  'catalogue',
  'content',
  'promotions',
  'wallet',
  'activity-pages',
  'cart',
  'orders',
  'points',
  'lottery',
  'self-service',
  'purchase-lists',
  'goods-lists',
  'invoices',
  'documents',
  'trace',
  'goods-notices',
  'quality',
  'chat',
  'member',
  'dashboard',
];
const moduleFolders = fs
  .readdirSync(path.join(root, 'server/modules'), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);
const unplaced = moduleFolders.filter((m) => !SERVER_MODULES.includes(m));
if (unplaced.length) throw new Error(`eslint.config.js: place the server modules ${unplaced.join(', ')} in SERVER_MODULES`);
const schemaFiles = fs.readdirSync(path.join(root, 'server/db/schema')).filter((f) => f.endsWith('.ts'));

const serverZones = [
  ...SERVER_MODULES.map((m, i) => ({
    target: `./server/modules/${m}`,
    from: SERVER_MODULES.slice(i + 1).map((above) => `./server/modules/${above}`),
    message: `${m} sits below these modules (eslint.config.js SERVER_MODULES): call downwards, or let the app pass what it needs in.`,
  })).filter((z) => z.from.length),
  { target: './server/db', from: ['./server/modules', './server/http', './server/seed'], message: 'The data layer imports no module.' },
  { target: './server/http', from: ['./server/modules', './server/seed'], message: 'HTTP plumbing imports no module.' },
  { target: './server/lib', from: ['./server/modules', './server/seed', './server/http'], message: 'Shared plumbing imports no module.' },
];

const ownershipZone = (m) => ({
  target: `./server/modules/${m}`,
  from: './server/db/schema',
  except: schemaFiles.includes(`${m}.ts`) ? [`./${m}.ts`] : [],
  message: `A module touches only its own tables (server/db/schema/${m}.ts): call the owning module's service for others.`,
});

/*
 * A module's face (STYLE.md, "A module's face"): another module, and the app that wires them, reaches a module only
 * through its index.ts, which names what others may call. Tests and the seed may reach further to set up and check.
 */
const faceOf = (m) => `./server/modules/${m}`;
const faceZone = (target, from) => ({
  target,
  from: from.map(faceOf),
  except: ['./index.ts'],
  message: 'Another module is reached only through its face (server/modules/<module>/index.ts): export what is needed there, or keep it inside the module.',
});
const moduleFaceZone = (m) =>
  faceZone(
    faceOf(m),
    SERVER_MODULES.filter((o) => o !== m),
  );
const rootFaceZone = faceZone(['./server/app.ts', './server/main.ts', './server/startup.ts'], SERVER_MODULES);

const coreZone = {
  target: './core',
  from: ['./web', './server', './e2e', './bench'],
  message: 'core is shared by the server and the browser and imports neither.',
};

/** Tests, and the fixtures several test files of a module share (`*.fixture.ts`): they set up and check across layers. */
const TESTS = ['**/*.test.{ts,tsx}', '**/*.fixture.ts'];

const importSettings = {
  // Resolves the tsconfig `paths` aliases (@/ for web/src, @core/ for core) like TypeScript and Vite do.
  'import-x/resolver-next': [createTypeScriptImportResolver({ project: path.join(root, 'tsconfig.json') })],
  // Without these the rules below cannot read a TypeScript module's own imports.
  'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
  'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
};

const boundaries = [
  {
    files: ['web/src/**/*.{ts,tsx}', 'core/**/*.ts', 'server/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: importSettings,
    rules: {
      // An import the rules below cannot resolve would pass them silently: refuse it instead.
      'import-x/no-unresolved': 'error',
    },
  },
  { files: ['web/src/**/*.{ts,tsx}'], rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones: webBoundaryZones }] } },
  { files: ['core/**/*.ts'], rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones: [coreZone] }] } },
  // Server tests may reach across layers to set up and to check what a buyer would see.
  { files: ['server/**/*.ts'], ignores: TESTS, rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones: serverZones }] } },
  {
    files: ['server/app.ts', 'server/main.ts', 'server/startup.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones: [...serverZones, rootFaceZone] }] },
  },
  ...SERVER_MODULES.map((m) => ({
    files: [`server/modules/${m}/**/*.ts`],
    ignores: TESTS,
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones: [...serverZones, ownershipZone(m), moduleFaceZone(m)] }] },
  })),
];

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
  ...boundaries,
  {
    // Every time the site shows and every date a picker sends is China time, written by web/src/lib/china-time.ts:
    // never the fields or the text of a date in the computer's own zone (decision 030).
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: TESTS,
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'dayjs', property: 'unix', message: 'Write times with chinaTime (web/src/lib/china-time.ts): dayjs.unix reads the computer’s zone.' },
        ...[
          'getFullYear',
          'getMonth',
          'getDate',
          'getDay',
          'getHours',
          'getMinutes',
          'getSeconds',
          'getTimezoneOffset',
          'toDateString',
          'toTimeString',
          'toLocaleDateString',
          'toLocaleTimeString',
          'toISOString',
        ].map((property) => ({ property, message: 'Write dates with web/src/lib/china-time.ts, which reads them on China’s clock.' })),
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.name='dayjs'][arguments.length=0]",
          message: 'Now on China’s clock is chinaPickerValue() (web/src/lib/china-time.ts); dayjs() is the computer’s zone.',
        },
      ],
    },
  },
  {
    // A size a person can read (STYLE.md): seed data aside, no file over 450 lines and no function over 150.
    files: ['**/*.{ts,tsx,mjs,js}'],
    ignores: ['server/seed/**'],
    rules: { 'max-lines': ['error', 450], 'max-lines-per-function': ['error', 150] },
  },
  {
    // describe() and test() bodies are lists of cases, not functions to read at once: files still have their size.
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.spec.ts'],
    rules: { 'max-lines-per-function': 'off' },
  },
  {
    // DESIGN.md section 11: an assertion only one branch reaches proves nothing when the branch is not taken.
    files: [...TESTS, 'e2e/**/*.ts'],
    plugins: { local: { rules: { 'one-branch-expect': oneBranchExpect } } },
    rules: { 'local/one-branch-expect': 'error' },
  },
  ...oxlint.buildFromOxlintConfigFile(path.join(root, '.oxlintrc.json')),
);
