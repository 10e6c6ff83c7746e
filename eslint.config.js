import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import fs from 'node:fs';
import noModuleCycles from './src/core/testing/lint/no-module-cycles.js';
import noRelativeEscape from './src/core/testing/lint/no-relative-escape.js';

// Import directions of DESIGN §2: app → modules → core/shared; client code never imports a
// server folder; shared imports nothing of the project.
const noServerFromClient = {
  patterns: [
    {
      group: ['**/server', '**/server/*', '**/server/**'],
      message: 'client code must not import server code (DESIGN §2)',
    },
  ],
};

// Module boundaries (DESIGN §2, STYLE "Boundaries in practice"): one zone per folder of
// src/modules. Another module is reached only through its public faces: contract.ts, api.ts,
// module.ts, ui.ts (kit-free components and helpers) and ui-web/ui-cms/ui-mobile.ts (components of
// one kit, so a phone never downloads antd through a shared barrel), testing.ts (sample data for
// tests); from a server folder also its server/index.ts, server/commands/* (the operations other
// servers may call) and server/testing.ts (test sign-in and the like).
const MODULES = fs
  .readdirSync(new URL('./src/modules', import.meta.url), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);
const CLIENT_FACES = 'contract|api|module|ui|ui-web|ui-cms|ui-mobile|testing';
const SERVER_FACES = 'contract|module|testing|server|server/commands/[a-z0-9-]+|server/testing';
const crossModule = (own, faces) => ({
  regex: `^@/modules/(?!${own}/)[^/]+(?!/(${faces})$)(/.*)?$`,
  message: `another module is imported only through its public faces (${faces.replaceAll('|', ', ')}) — DESIGN §2`,
});
const noModulesFromCore = {
  patterns: [
    { group: ['@/modules', '@/modules/**'], message: 'core, server and shared never import modules (DESIGN §2)' },
  ],
};
// The benchmark is a composition root like src/app: it drives modules (a renderer, bulk task
// rows) to measure them and is never loaded by the server. Nothing else in the core may.
const COMPOSITION_ROOTS = ['src/server/bench/**'];

const moduleZones = MODULES.flatMap((m) => [
  {
    files: [`src/modules/${m}/**`],
    ignores: [`src/modules/${m}/server/**`],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...noServerFromClient.patterns, crossModule(m, CLIENT_FACES)] }],
    },
  },
  {
    files: [`src/modules/${m}/server/**`],
    rules: { 'no-restricted-imports': ['error', { patterns: [crossModule(m, SERVER_FACES)] }] },
  },
]);

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', 'coverage', 'test-results'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['src/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: [
      'src/app/**',
      'src/core/**',
      'src/modules/*/web/**',
      'src/modules/*/cms/**',
      'src/modules/*/mobile/**',
      'src/modules/*/api.ts',
      'src/modules/*/contract.ts',
      'src/modules/*/module.ts',
    ],
    rules: { 'no-restricted-imports': ['error', noServerFromClient] },
  },
  {
    files: ['src/shared/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*'], message: 'shared code runs in the browser too' },
            { group: ['../*', '@/*'], message: 'shared/ imports nothing of the project (DESIGN §2)' },
          ],
        },
      ],
    },
  },
  {
    // one folder down (shared/forms): '../x' is still shared, '../../x' is the rest of the project
    files: ['src/shared/*/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*'], message: 'shared code runs in the browser too' },
            { group: ['../../*', '@/*'], message: 'shared/ imports nothing of the project (DESIGN §2)' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { boundaries: { rules: { 'no-module-cycles': noModuleCycles, 'no-relative-escape': noRelativeEscape } } },
    rules: { 'boundaries/no-relative-escape': 'error' },
  },
  { files: ['src/modules/*/**/*.{ts,tsx}'], rules: { 'boundaries/no-module-cycles': 'error' } },
  ...moduleZones,
  {
    files: ['src/core/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...noServerFromClient.patterns, ...noModulesFromCore.patterns] }],
    },
  },
  {
    files: ['src/server/**', 'pwa/**'],
    ignores: COMPOSITION_ROOTS,
    rules: { 'no-restricted-imports': ['error', noModulesFromCore] },
  },
);
