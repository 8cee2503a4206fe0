import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(fileURLToPath(import.meta.url));

/** The console's name for the contract folder (console/tsconfig.json, console/vite.config.ts). */
const ALIASES = { '@contract/': 'api/contract/' };

/** The parts of the house, most specific first; a file belongs to the first that holds it. */
const LAYERS = ['api/contract', 'api', 'bot', 'sql', 'scripts', 'console', 'test', 'bench'];

/**
 * Imports run one way (docs/architecture.md). Each layer lists what it may import besides itself: an
 * allow-list, so a new folder or a new wrong import fails. An entry is a layer or one module
 * (`bot/index`, the bot's single entry for the API).
 */
const boundaries = [
  { files: ['sql/**'], layer: 'sql', allow: ['api/contract'] },
  { files: ['api/contract/**'], layer: 'api/contract', allow: [] },
  { files: ['api/**'], ignores: ['api/contract/**'], layer: 'api', allow: ['api/contract', 'sql', 'bot/index'] },
  { files: ['bot/**'], layer: 'bot', allow: ['api/contract', 'sql'] },
  { files: ['console/src/**'], layer: 'console', allow: ['api/contract'] },
];

const layerOf = (file) => LAYERS.find((layer) => file === layer || file.startsWith(`${layer}/`));

/** The file a relative or aliased import names, relative to the repository; undefined for a package. */
function importTarget(context, source) {
  const alias = Object.keys(ALIASES).find((prefix) => source.startsWith(prefix));
  if (!alias && !source.startsWith('.')) return undefined;
  // An alias is resolved too, so climbing out of its folder (`@contract/../routes/x`) is caught.
  const resolved = alias ? path.resolve(root, ALIASES[alias], source.slice(alias.length)) : path.resolve(path.dirname(context.filename), source);
  return path.relative(root, resolved).split(path.sep).join('/');
}

/** Runs `check` on every import, re-export and dynamic import that names a file of the repository. */
function onImports(context, check) {
  function visit(node) {
    const source = node.source?.value;
    if (typeof source !== 'string') return;
    const target = importTarget(context, source);
    if (target !== undefined) check(node, target);
  }
  return { ImportDeclaration: visit, ExportNamedDeclaration: visit, ExportAllDeclaration: visit, ImportExpression: visit };
}

const layersPlugin = {
  rules: {
    /** Checks each import against the file's allow-list of layers. */
    'allowed-imports': {
      meta: { type: 'problem', schema: [{ type: 'object' }] },
      create(context) {
        const { layer, allow } = context.options[0];
        return onImports(context, (node, target) => {
          const module = target.replace(/\.(js|ts|tsx)$/, '');
          const targetLayer = layerOf(target);
          if (!targetLayer || targetLayer === layer || allow.includes(targetLayer) || allow.includes(module)) return;
          context.report({ node: node.source, message: `${layer}/ may not import ${target}: this import crosses a layer boundary (docs/architecture.md).` });
        });
      },
    },
    /**
     * The modules of one folder stand side by side and import none of each other: what two of them share
     * lives in a part they both import.
     */
    apart: {
      meta: { type: 'problem', schema: [{ type: 'object' }] },
      create(context) {
        const { folder, share } = context.options[0];
        return onImports(context, (node, target) => {
          if (!target.startsWith(`${folder}/`)) return;
          context.report({ node: node.source, message: `${folder}/ modules may not import each other (${target}): move what they share to ${share} (docs/architecture.md).` });
        });
      },
    },
  },
};

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'console/dist', 'coverage', '.tap', 'data'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
      // TypeScript already checks names; the rule knows no Node or browser globals.
      'no-undef': 'off',
    },
  },
  ...boundaries.map(({ files, ignores, layer, allow }) => ({
    files,
    ...(ignores && { ignores }),
    plugins: { layers: layersPlugin },
    rules: { 'layers/allowed-imports': ['error', { layer, allow }] },
  })),
  {
    files: ['bot/features/**'],
    plugins: { layers: layersPlugin },
    rules: { 'layers/apart': ['error', { folder: 'bot/features', share: 'a part of bot/ such as answering/' }] },
  },
  { files: ['scripts/**', 'test/**', 'bench/**'], rules: { 'no-console': 'off' } },
  {
    // A route changes and records through one helper (docs/style.md "The API"), never by hand.
    files: ['api/routes/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/sql/transaction.js'],
              message: 'Change through audited (api/audited.ts): it runs the change and its audit rows in one transaction.',
            },
            {
              group: ['**/sql/audit-log.js'],
              importNames: ['recordAudit'],
              message: 'Record through audited (api/audited.ts): its rows carry who, from where, and the action\'s target type.',
            },
            {
              group: ['**/plugins/idempotency.js'],
              importNames: ['sendCreatedOnce'],
              message: 'Create through audited (api/audited.ts) with `created`: the answer is stored with the change and its audit row.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['console/src/**'],
    ignores: ['console/src/lib/use-search-params-in-order.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-router',
              importNames: ['useSearchParams'],
              message: 'Use useSearchParamsInOrder (lib/use-search-params-in-order.ts): a change made before the screen renders again builds on the last one.',
            },
          ],
        },
      ],
    },
  },
);
