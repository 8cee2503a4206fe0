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

/** Resolves relative imports against the repository and checks them against the file's allow-list. */
const layersPlugin = {
  rules: {
    'allowed-imports': {
      meta: { type: 'problem', schema: [{ type: 'object' }] },
      create(context) {
        const { layer, allow } = context.options[0];
        const here = path.dirname(context.filename);
        function check(node) {
          const source = node.source?.value;
          if (typeof source !== 'string') return;
          const alias = Object.keys(ALIASES).find((prefix) => source.startsWith(prefix));
          if (!alias && !source.startsWith('.')) return;
          // An alias is resolved too, so climbing out of its folder (`@contract/../routes/x`) is caught.
          const resolved = alias ? path.resolve(root, ALIASES[alias], source.slice(alias.length)) : path.resolve(here, source);
          const target = path.relative(root, resolved).split(path.sep).join('/');
          const module = target.replace(/\.(js|ts|tsx)$/, '');
          const targetLayer = layerOf(target);
          if (!targetLayer || targetLayer === layer || allow.includes(targetLayer) || allow.includes(module)) return;
          context.report({ node: node.source, message: `${layer}/ may not import ${target}: this import crosses a layer boundary (docs/architecture.md).` });
        }
        return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
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
  { files: ['scripts/**', 'test/**', 'bench/**'], rules: { 'no-console': 'off' } },
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
