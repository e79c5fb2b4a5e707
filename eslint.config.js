// Flat config: typescript-eslint for TS, eslint-plugin-svelte for components, plus the layering
// rules: only the thin Electron adapters import `electron`, and inside main each folder imports only
// the folders below it (test/unit/import-cycles.test.ts adds that no files import each other round).
import js from '@eslint/js';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import ts from 'typescript-eslint';

const electronOnlyInAdapters = {
  name: 'electron',
  message: 'Only electron/main/index.ts and the thin adapters import electron.',
};

// The layers of the main process, each with the folders (or root files) it may import; anything else
// of main is above it. Bottom up: the standalone simulator and the foundations (files, logs, the
// window's events and the domain facts services publish), the keychain, the audit log and the shop's
// database on top of files, the window policies, the API client, the services, the workspace (the
// active profile's backend: solo, or the shop over its database), the jobs, the runs, the reactions
// (everything that follows a fact), the IPC handlers, the composition root (core.ts), and Electron
// itself (index.ts, adapters).
const FOUNDATIONS = ['i18n', 'storage', 'logging', 'events'];
const BELOW_API = [...FOUNDATIONS, 'vault', 'audit', 'shop'];
const BELOW_SERVICES = [...BELOW_API, 'api', 'simulator'];
const BELOW_IPC = [...BELOW_SERVICES, 'services', 'updates', 'workspace', 'jobs', 'runs', 'reactions', 'app'];
/** Also read by test/unit/main-layers.test.ts, which checks the resolved imports against it. */
export const MAY_IMPORT = {
  simulator: [],
  // The language main speaks (menus, dialogs, notices, the PDF, error messages): under everything
  // that words a message, the simulator excepted (it is the service, which speaks English).
  i18n: [],
  storage: ['i18n'],
  logging: ['i18n'],
  events: ['i18n'],
  vault: ['i18n', 'storage', 'logging'],
  // Publishes each entry appended as a fact (events/domain-events.ts).
  audit: ['i18n', 'storage', 'logging', 'events'],
  shop: ['i18n', 'storage', 'logging'],
  app: ['i18n', 'simulator', 'logging'],
  api: BELOW_API,
  services: BELOW_SERVICES,
  updates: BELOW_SERVICES,
  // Solo or shop: the files, the audit log and the shop's database; no service, client or IPC.
  workspace: BELOW_API,
  // Repair-order jobs: read the car and the audit log through the services, below IPC.
  jobs: [...BELOW_SERVICES, 'services'],
  runs: [...BELOW_SERVICES, 'services', 'updates'],
  // "After X, Y": subscribes the feeds, the workspace, the jobs and the runs to the facts.
  reactions: [...BELOW_SERVICES, 'services', 'workspace', 'jobs', 'runs'],
  ipc: BELOW_IPC,
  core: [...BELOW_IPC, 'ipc'],
  adapters: [...BELOW_IPC, 'ipc', 'core'],
};
const MAIN_PARTS = [...Object.keys(MAY_IMPORT), 'index'];

/** The one file of the shop's database layer the rest of main may import: its public surface. */
export const SHOP_FACADE = 'electron/main/shop/index.ts';

/** `no-restricted-imports` for one layer: a relative import that reaches a folder above it. */
function layerRule(layer) {
  const above = MAIN_PARTS.filter((part) => part !== layer && !MAY_IMPORT[layer].includes(part));
  // Every part is a folder of main: an import of another part climbs out of its own ('../api').
  const climb = '(\\.\\./)+';
  const patterns = [
    {
      regex: `^${climb}(${above.join('|')})(/|$)`,
      message: `Layers inside main: ${layer} imports only itself, electron/shared${MAY_IMPORT[layer].map((part) => `, ${part}`).join('')}.`,
    },
  ];
  // Past the shop's own folder, its database layer is entered through its index only.
  if (layer !== 'shop' && MAY_IMPORT[layer].includes('shop'))
    patterns.push({
      regex: `^${climb}shop/(?!index(\\.ts)?$)`,
      message: `The shop database layer is entered only through its index (${SHOP_FACADE}).`,
    });
  return ['error', { paths: layer === 'adapters' ? [] : [electronOnlyInAdapters], patterns }];
}

const layerConfigs = Object.keys(MAY_IMPORT).map((layer) => ({
  files: [`electron/main/${layer}/**/*.ts`],
  rules: { 'no-restricted-imports': layerRule(layer) },
}));

// The renderer reaches main only through IPC (window.garage), and its components only through the
// stores in renderer/src/lib: a component calls a store, a store calls main.
const rendererToMain = {
  regex: '(^|/)electron/(main|preload)(/|$)',
  message: 'The renderer reaches main only through window.garage (IPC).',
};
const COMPONENTS_CALL_STORES =
  'Components call stores; the stores in renderer/src/lib call main (lib/main-api.ts, window.garage).';

// Shared is pure TypeScript for every runtime, and the renderer reaches main only through IPC.
const outsideMain = [
  {
    files: ['electron/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [electronOnlyInAdapters],
          patterns: [
            {
              regex: '^(\\.\\./)+(main|preload)(/|$)|(^|/)renderer/',
              message: 'electron/shared is imported by main, preload and renderer; it imports none of them.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['renderer/**/*.ts', 'renderer/**/*.svelte'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [electronOnlyInAdapters],
          patterns: [rendererToMain],
        },
      ],
    },
  },
  {
    files: ['renderer/**/*.svelte'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [electronOnlyInAdapters],
          patterns: [
            rendererToMain,
            { regex: '(^|/)lib/main-api(\\.ts)?$', message: COMPONENTS_CALL_STORES },
          ],
        },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'window', property: 'garage', message: COMPONENTS_CALL_STORES },
        { object: 'globalThis', property: 'garage', message: COMPONENTS_CALL_STORES },
        { object: 'self', property: 'garage', message: COMPONENTS_CALL_STORES },
      ],
    },
  },
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
      'no-restricted-imports': ['error', { paths: [electronOnlyInAdapters] }],
    },
  },
  ...layerConfigs,
  ...outsideMain,
  // The top of main and the preload: they import electron, and nothing of main is above them.
  {
    files: ['electron/main/index.ts', 'electron/preload/**/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: { parserOptions: { parser: ts.parser, extraFileExtensions: ['.svelte'] } },
  },
);
