// Flat config: typescript-eslint for TS, eslint-plugin-svelte for components, plus the layering rule
// that only the thin Electron adapters may import `electron`.
import js from '@eslint/js';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import ts from 'typescript-eslint';

const electronAdapters = [
  'electron/main/index.ts',
  'electron/main/adapters/**/*.ts',
  'electron/preload/index.ts',
];

export default ts.config(
  { ignores: ['out/', 'dist/', 'node_modules/', 'test/artifacts/', 'resources/'] },
  js.configs.recommended,
  ...ts.configs.recommended,
  ...svelte.configs['flat/recommended'],
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'electron', message: 'Only the thin Electron adapters import electron.' }] },
      ],
    },
  },
  { files: electronAdapters, rules: { 'no-restricted-imports': 'off' } },
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: { parserOptions: { parser: ts.parser, extraFileExtensions: ['.svelte'] } },
  },
);
