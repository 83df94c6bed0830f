// `npm run lint`: ESLint (JS, typescript-eslint, eslint-plugin-lit) and then lit-analyzer, which
// type-checks the bindings inside Lit templates against the elements they land on.
import js from '@eslint/js';
import vitest from '@vitest/eslint-plugin';
import lit from 'eslint-plugin-lit';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['dist/', 'reports/', '.stryker-tmp*/', 'node_modules/', 'test/consumers/apps/', 'bench/results*.json'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  lit.configs['flat/recommended'],
  {
    rules: {
      // tsc already reports unused locals and parameters (tsconfig noUnusedLocals/noUnusedParameters),
      // with the same `_name` convention; one report is enough.
      '@typescript-eslint/no-unused-vars': 'off',
      // Undefined names are tsc's job too (and it knows the DOM and Node globals).
      'no-undef': 'off',
      // A short-circuit or comma statement (`a && b()`, `if (x) (a(), b())`) is the house style
      // where it saves bytes in the bundle or lines in tests; a bare value is still reported.
      '@typescript-eslint/no-unused-expressions': ['error', { allowShortCircuit: true, allowTernary: true }],
      // `interface GlobalEventHandlersEventMap extends CastletEventMap {}` merges castlet's events
      // into the DOM's map: an empty interface with one `extends` is how that is written.
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
    },
  },
  {
    // The widgets' code: no `!` (a value that may be missing is handled, not asserted), no `as unknown as`
    // or `as never` (a part gets a typed port of its player, never the player cast to what it wants).
    // The WebVTT parser reads regular-expression groups its pattern guarantees: `!` stays there.
    files: ['src/**'],
    ignores: ['src/api/vtt.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'error',
      'no-restricted-syntax': [
        'error',
        { selector: 'TSAsExpression > TSUnknownKeyword', message: 'No `as unknown`: give the part a typed port instead.' },
        { selector: 'TSAsExpression > TSNeverKeyword', message: 'No `as never`: give the part a typed port instead.' },
      ],
    },
  },
  {
    // One contract (src/api/): the service imports the shapes and checks it shares with the widgets
    // from there, and nothing else of src/.
    files: ['demo/server/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)src/(?!api(/|$))',
              message: 'The service imports only the contract (src/api/) of the widgets: move what both need there.',
            },
          ],
        },
      ],
    },
  },
  {
    // ... and the widgets (and the contract) import nothing of the service, nor the owner's validators.
    files: ['src/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '(^|/)demo(/|$)', message: 'The widgets import nothing of the service (demo/): shared shapes live in src/api/.' },
            {
              regex: '(^|/)api/(index|private)(\\.[jt]s)?$',
              message:
                'The widgets import the contract module they need (../api/types.js, ../api/validate.js …): the index and ./private.ts would bring the owner validators into the bundle.',
            },
          ],
        },
      ],
    },
  },
  {
    // Tests read JSON the service under test answers: its shape is what they assert.
    files: ['test/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // A test asserts something: a test with no `expect` (or helper that asserts) passes whatever the code does.
    files: ['test/**/*.test.ts'],
    plugins: { vitest },
    rules: { 'vitest/expect-expect': ['error', { assertFunctionNames: ['expect', 'expect*', 'assert'] }] },
  },
);
