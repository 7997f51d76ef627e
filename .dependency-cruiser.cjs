/** Layer rules of ../shared/ARCHITECTURE.md ("Top-level layout"), checked by `npm test` (npm run lint:deps). */
module.exports = {
  forbidden: [
    {
      name: 'domain-is-pure',
      comment: 'domain/ holds pure rules and imports nothing of ours',
      severity: 'error',
      from: { path: '^domain/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^(db|sync|edge-api|web|tests|scripts)/' },
    },
    {
      name: 'db-only-domain',
      comment: 'db/ imports domain/ only',
      severity: 'error',
      from: { path: '^db/' },
      to: { path: '^(sync|edge-api|web|tests|scripts)/' },
    },
    {
      name: 'sync-only-domain',
      comment: 'sync/ imports domain/ only',
      severity: 'error',
      from: { path: '^sync/' },
      to: { path: '^(db|edge-api|web|tests|scripts)/' },
    },
    {
      name: 'edge-api-not-web',
      comment: 'the server never imports the browser app',
      severity: 'error',
      from: { path: '^edge-api/' },
      to: { path: '^(web|tests|scripts)/' },
    },
    {
      name: 'services-and-jobs-never-import-routes',
      comment: 'routes -> services -> db, never back up',
      severity: 'error',
      from: { path: '^edge-api/(services|jobs|carriers|documents|lib|middleware)/' },
      to: { path: '^edge-api/routes/' },
    },
    {
      name: 'web-types-only-from-server',
      comment: 'web/ takes only types from edge-api/ and never touches db/',
      severity: 'error',
      from: { path: '^web/' },
      to: { path: '^(edge-api|db)/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/|\\.gen\\.ts$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'], extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
};
