import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
);
