import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const ours = (folders) => folders.flatMap((folder) => [`**/${folder}/*`, `../${folder}/*`, `../../${folder}/*`]);

/** Imports run one way (ARCHITECTURE.md): each folder names what it may not reach. */
const boundaries = [
  { files: ['sql/**'], forbidden: ['api/routes', 'api/plugins', 'api/auth', 'bot', 'scripts', 'console'] },
  { files: ['api/contract/**'], forbidden: ['api/routes', 'api/plugins', 'api/auth', 'sql', 'bot', 'scripts', 'console'] },
  { files: ['api/**'], forbidden: ['scripts', 'console'] },
  { files: ['bot/**'], forbidden: ['api/routes', 'api/plugins', 'api/auth', 'scripts', 'console'] },
  { files: ['console/src/**'], forbidden: ['api/routes', 'api/plugins', 'api/auth', 'sql', 'bot', 'scripts'], alias: '@contract' },
];

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
  ...boundaries.map(({ files, forbidden, alias }) => ({
    files,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ours(forbidden), message: 'This import crosses a layer boundary (ARCHITECTURE.md).' },
            // An alias reaches one folder; climbing out of it would skip the rule above.
            ...(alias ? [{ regex: `^${alias}/(.*/)?\\.\\./`, message: `${alias}/ stays inside its folder (ARCHITECTURE.md).` }] : []),
          ],
        },
      ],
    },
  })),
  { files: ['scripts/**', 'test/**', 'bench/**'], rules: { 'no-console': 'off' } },
);
