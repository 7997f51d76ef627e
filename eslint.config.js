// ESLint (flat config): typescript-eslint's recommended rules and React's rules of hooks,
// run by `npm test` (npm run lint). Layer rules live in .dependency-cruiser.cjs.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'dist-server/', 'data/', 'test-results/', 'web/routeTree.gen.ts', 'dev-dist/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'no-restricted-syntax': [
        'error',
        {
          // Every form checks its fields itself and shows the spec's own messages ('Please input Name!');
          // the browser's bubbles ('Please fill out this field.') for `required`/`max` would stand in their way.
          selector: "JSXOpeningElement[name.name='form']:not(:has(JSXAttribute[name.name='noValidate']))",
          message: 'A <form> needs noValidate: its own validation shows the spec messages (docs/CONVENTIONS.md)',
        },
      ],
    },
  },
  {
    // Migrations are frozen in time and typed against Kysely<any> (docs/CONVENTIONS.md);
    // tests poke at raw rows and bodies.
    files: ['db/migrations/**', 'tests/**', '**/*.test.{ts,tsx}'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Use cases in edge-api/ call functions of db/<area>/; they build and run no query themselves.
    files: ['edge-api/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|prepare)$/]',
          message: 'Queries live in db/<area>/ (docs/CONVENTIONS.md)',
        },
        { selector: "TaggedTemplateExpression[tag.name='sql']", message: 'Queries live in db/<area>/ (docs/CONVENTIONS.md)' },
      ],
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      'no-undef': 'off',
    },
  },
);
