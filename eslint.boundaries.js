// Feature boundaries (DESIGN section 1, docs/decisions/0017-feature-boundaries.md), checked by
// eslint-plugin-boundaries on every production file under src/ (and, for the database functions, by
// src/server/db/sql-boundaries.unit.test.ts, which reads serverFeatureDependencies: decision 0030):
//  - a feature imports another feature only through that feature's index.ts, and only a feature it
//    declares below; the declared dependencies must form no cycle (checked when this file loads, so
//    `npm run lint` fails on one);
//  - shared code (src/contract; on the server db/, jobs/, plugins/, time/, errors.ts, live-events.ts, config.ts;
//    in the web lib/ and components/) imports no feature, and src/contract imports neither side;
//  - the composition (server: app.ts, main.ts, seed/; web: main.tsx, router.tsx, app/, routes/) may
//    use any feature, through its index.ts; nothing imports the composition back.
// Test files (and the helpers only tests and benchmarks use) are not checked: they may reach inside
// any feature. Production code may not import them.
import boundaries from 'eslint-plugin-boundaries';

/** Which features each server feature may import, and whose SQL functions its own SQL may call (decision 0030). */
export const serverFeatureDependencies = {
  appointments: ['availability', 'businesses', 'changes', 'deposits', 'ledger', 'staff'],
  auth: [],
  // changes: capacity the business opens (an unblocked day, wider hours) is a change the waitlist follows.
  availability: ['businesses', 'changes'],
  businesses: [],
  changes: [],
  credits: ['ledger'],
  // Deposits and fees (DESIGN section 11): the booking's payment taken and settled, on the ledger and the processor;
  // changes: a fee the card declined is a change the owner's notice follows.
  deposits: ['changes', 'ledger', 'payments'],
  // deposits: what a no-show cost, in the no-show e-mail.
  email: ['appointments', 'deposits'],
  ledger: [],
  live: ['notifications', 'queue'],
  // deposits: what a no-show cost, in its notice.
  notifications: ['deposits'],
  offers: ['appointments', 'availability', 'businesses', 'changes', 'credits', 'ledger', 'notifications', 'payments'],
  payments: ['businesses'],
  queue: ['businesses', 'notifications'],
  reminders: ['appointments', 'businesses', 'changes', 'email'],
  reviews: ['businesses'],
  services: ['businesses'],
  'share-pages': ['businesses'],
  staff: ['availability', 'businesses', 'changes', 'notifications'],
  wallet: ['credits', 'deposits', 'ledger', 'offers'],
  waitlist: ['appointments', 'availability', 'businesses', 'changes', 'deposits', 'notifications'],
};

/** Which features each web feature may import; screens compose the rest in src/web/routes. */
export const webFeatureDependencies = {
  appointments: ['auth', 'availability', 'businesses', 'reviews', 'staff', 'waitlist'],
  auth: [],
  availability: [],
  booking: ['appointments', 'auth', 'availability', 'businesses', 'offers', 'payments', 'queue', 'reviews', 'services', 'staff', 'waitlist'],
  businesses: ['auth', 'availability', 'reviews'],
  credits: [],
  dashboard: ['appointments', 'availability', 'businesses', 'live', 'offers', 'queue', 'reminders', 'reviews', 'services', 'staff', 'waitlist'],
  home: [],
  live: [],
  notifications: ['auth', 'live'],
  offers: ['appointments', 'auth', 'availability', 'credits', 'payments', 'staff'],
  payments: ['credits'],
  profile: [],
  queue: ['live'],
  reminders: [],
  reviews: [],
  services: [],
  staff: [],
  wallet: [],
  waitlist: ['auth', 'live', 'payments'],
};

/** Throws when the declared dependencies contain a cycle, naming it. */
export function assertNoCycle(side, graph) {
  const state = new Map();
  const visit = (feature, path) => {
    if (state.get(feature) === 'done') return;
    if (state.get(feature) === 'open') {
      const cycle = [...path.slice(path.indexOf(feature)), feature].join(' -> ');
      throw new Error(`eslint.boundaries.js: ${side} features depend on each other in a cycle: ${cycle}. Break it (decision 0017).`);
    }
    state.set(feature, 'open');
    for (const next of graph[feature] ?? []) visit(next, [...path, feature]);
    state.set(feature, 'done');
  };
  for (const feature of Object.keys(graph)) visit(feature, []);
}
assertNoCycle('server', serverFeatureDependencies);
assertNoCycle('web', webFeatureDependencies);

// Tests and what only tests and benchmarks use. (payments/test-processor.ts is not one: it is the
// built-in card processor PAYMENTS=test runs in production.)
export const testFiles = [
  '**/*.test.ts',
  '**/*.test.tsx',
  '**/test-{fixtures,invariants,model,ledger,smtp-server}.ts',
  '**/*-test-support.ts',
  'src/server/test/**',
  'src/server/features/live/ws-client.ts',
  'src/server/features/payments/recorded-stripe-server.ts',
  'src/server/features/payments/stripe-double.ts',
  'src/server/features/payments/stripe-double-cards.ts',
];

const element = (type, rest = {}) => ({ element: { type, ...rest } });
/** What others may import of a feature: its public entry. */
const publicEntryOf = (type, feature = '*') => element(type, { captured: { feature }, fileInternalPath: 'index.ts' });

const featurePolicies = (type, graph) =>
  Object.entries(graph)
    .filter(([, deps]) => deps.length > 0)
    .map(([feature, deps]) => ({
      from: element(type, { captured: { feature } }),
      allow: { to: deps.map((dep) => publicEntryOf(type, dep)) },
    }));

const serverComposition = ['src/server/app.ts', 'src/server/main.ts'];

export default [
  {
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    ignores: testFiles,
    plugins: { boundaries },
    settings: {
      'import/resolver': { typescript: { project: 'tsconfig.json' } },
      // Elements are folders; the most specific pattern comes first.
      'boundaries/elements': [
        { type: 'contract', pattern: 'src/contract', partialMatch: false },
        { type: 'server-feature', pattern: 'src/server/features/*', partialMatch: false, capture: ['feature'] },
        { type: 'server-shared', pattern: 'src/server/{db,jobs,plugins,time}', partialMatch: false },
        { type: 'server-app', pattern: 'src/server/seed', partialMatch: false },
        // app.ts and main.ts compose; errors.ts, config.ts and live-events.ts are shared (file categories below).
        { type: 'server-root', pattern: 'src/server', partialMatch: false },
        { type: 'web-feature', pattern: 'src/web/features/*', partialMatch: false, capture: ['feature'] },
        { type: 'web-shared', pattern: 'src/web/{lib,components}', partialMatch: false },
        { type: 'web-app', pattern: 'src/web/{app,routes}', partialMatch: false },
        { type: 'web-app', pattern: 'src/web', partialMatch: false },
      ],
      'boundaries/files': [
        { category: 'test', pattern: testFiles },
        { category: 'composition', pattern: serverComposition },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          // Every src file must be one of the elements above, and so must what it imports.
          checkUnknownLocals: true,
          // Imports inside one element are checked too, so the last policy below sees them.
          checkInternals: true,
          policies: [
            { allow: { dependency: { relationship: { to: 'internal' } } } },
            { from: element('contract'), allow: { to: element('contract') } },
            { from: element(['server-shared', 'server-root']), allow: { to: element(['contract', 'server-shared', 'server-root']) } },
            { from: element('server-feature'), allow: { to: element(['contract', 'server-shared', 'server-root']) } },
            ...featurePolicies('server-feature', serverFeatureDependencies),
            { from: [element('server-app'), { file: { categories: 'composition' } }], allow: { to: [element(['contract', 'server-shared', 'server-root', 'server-app']), publicEntryOf('server-feature')] } },
            { from: element('web-shared'), allow: { to: element(['contract', 'web-shared']) } },
            { from: element('web-feature'), allow: { to: element(['contract', 'web-shared']) } },
            ...featurePolicies('web-feature', webFeatureDependencies),
            { from: element('web-app'), allow: { to: [element(['contract', 'web-shared', 'web-app']), publicEntryOf('web-feature')] } },
            // Nothing imports what composes the app, and production code imports no test helper.
            { disallow: { to: [{ file: { categories: 'composition' } }, { file: { categories: 'test' } }] } },
            { from: { file: { categories: 'composition' } }, allow: { to: { file: { categories: 'composition' } } } },
          ],
        },
      ],
      'boundaries/no-unknown-files': 'error',
    },
  },
];
