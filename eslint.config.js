// ESLint (issue 27): TypeScript's recommended rules that need no type information, and React's
// rules of hooks, over the TypeScript and TSX sources, and the house's own rules (eslint-rules/).
// Formatting is not ESLint's job.
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import maxUseState from './eslint-rules/max-use-state.js';

export default tseslint.config(
  { ignores: ['dist/**', '.e2e-dist/**', '.astro/**', 'node_modules/**', 'test-results/**', 'drizzle/**', '**/*.astro'] },
  {
    files: ['**/*.{ts,tsx,mjs,js}'],
    extends: [tseslint.configs.recommended],
    rules: {
      // A leading underscore says "unused on purpose" (a rest sibling dropped, a required parameter).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    // Drivers (tests, benches) read the wire's JSON answers loosely.
    files: ['scripts/**', 'tests/**', 'src/**/tests/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // The browser's React code (islands, client stores, the shell, the UI kit). Elsewhere `use...`
    // names are not hooks (Playwright fixtures, the tests' database switches).
    files: ['src/**/*.tsx', 'src/features/*/islands/**/*.ts', 'src/features/*/client/**/*.ts', 'src/shell/**/*.ts', 'src/ui/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // State in stores, logic in pure modules (issue 27): a component or hook keeps at most 6
    // useState; a form's or a page's data and steps go into a nanostores store in its client/.
    files: ['src/**/*.tsx'],
    plugins: { local: { rules: { 'max-use-state': maxUseState } } },
    rules: { 'local/max-use-state': ['error', { max: 6 }] },
  },
);
