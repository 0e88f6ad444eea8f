import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import globals from 'globals';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

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
  {
    target: './core',
    from: ['./web', './server'],
    message: 'core is shared by the server and the browser and imports neither.',
  },
];

const webBoundaries = [
  {
    files: ['web/src/**/*.{ts,tsx}', 'core/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // Resolves the tsconfig `paths` aliases (@/ for web/src, @core/ for core) like TypeScript and Vite do.
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: path.join(root, 'tsconfig.json') })],
      // Without these no-cycle cannot read a TypeScript module's own imports and would find no cycle at all.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      // An import the rules below cannot resolve would pass them silently: refuse it instead.
      'import-x/no-unresolved': 'error',
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: webBoundaryZones }],
      'import-x/no-cycle': 'error',
    },
  },
];
/* ------------------------------------------- end of the web block ------------------------------------------- */

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
  ...webBoundaries,
);
