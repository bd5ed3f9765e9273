import js from '@eslint/js';
import drizzle from 'eslint-plugin-drizzle';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const dirs = (path) => readdirSync(new URL(path, import.meta.url), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);

/**
 * Feature boundaries (CONVENTIONS): a feature never reaches into another feature; features meet
 * at the app level (web: app/ router and layout; server: app.ts and runtime.ts). On the server a
 * few files are a feature's published seam and may be imported by others.
 */
const webFeatures = dirs('./web/src/features');
const webZones = webFeatures.map((feature) => ({
  target: `./web/src/features/${feature}`,
  from: './web/src/features',
  except: [`./${feature}`],
  message: 'Features do not import each other: meet at web/src/app or share through web/src/lib and web/src/components.',
}));

const serverFeatures = ['auth', 'objects', 'projects', 'staging', 'billing', 'analytics', 'admin', 'account', 'sharing', 'public-api', 'branding', 'economics'];
const serverSeams = {
  auth: ['./guards.ts', './session-store.ts'],
  objects: ['./storage.ts', './object-keys.ts', './disclosure-label.ts', './download-name.ts'],
  analytics: ['./record-event.ts'],
  projects: ['./repository.ts'],
  billing: ['./plan-changes.ts'],
  staging: ['./free-restages.ts'],
  economics: ['./call-records.ts', './engine-settings.ts', './model-registry.ts', './spend.ts'],
};
const serverZones = serverFeatures.flatMap((feature) =>
  serverFeatures
    .filter((other) => other !== feature)
    .map((other) => ({
      target: `./server/src/${feature}`,
      from: `./server/src/${other}`,
      except: serverSeams[other] ?? [],
      message: `server/src/${feature} may use only the published seams of server/src/${other} (${(serverSeams[other] ?? ['none']).join(', ')}); wire the rest in app.ts/runtime.ts.`,
    })),
);

export default tseslint.config(
  { ignores: ['dist', 'node_modules', '.data', '.tmp', 'test-results', 'playwright-report', 'web/public', 'server/src/db/migrations', '.stryker-tmp', 'reports'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX, drizzle },
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    // Resolves `.js` specifiers to their `.ts` sources and the `@/`, `@contract/` aliases, so the boundary rule sees every import.
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: ['tsconfig.json', 'tsconfig.web.json', 'tsconfig.e2e.json'], noWarnOnMultipleProjects: true })],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-explicit-any': 'off',
      // Input sanitisers match control characters on purpose.
      'no-control-regex': 'off',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'import-x/no-restricted-paths': ['error', { zones: [...webZones, ...serverZones] }],
      'drizzle/enforce-delete-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
      'drizzle/enforce-update-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
    },
  },
  {
    // What ships (server/src outside its tests) never depends on test support (fakes, harnesses) in server/test.
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: [...serverZones, { target: './server/src', from: './server/test', message: 'Product code must not import test support (server/test); inject it from the test instead.' }] },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, 'react-hooks/set-state-in-effect': 'off' },
  },
  {
    // What ships renders every text as text (issue 36: a display name inserted as HTML passed every check).
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/**/*.test.{ts,tsx}', 'web/src/**/testing/**', 'web/src/test/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: 'Render text as text; no HTML from data (issue 36).' },
        { selector: "AssignmentExpression[left.property.name=/^(innerHTML|outerHTML)$/]", message: 'Render text as text; no HTML from data (issue 36).' },
      ],
    },
  },
);
