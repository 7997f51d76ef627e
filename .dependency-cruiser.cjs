/** Layer rules of docs/ARCHITECTURE.md ("Layers and folders"), checked by `npm test` (npm run lint),
 * one rule a line: imports from `from` to `to` fail the lint. */
const rule = (name, comment, from, to) => ({ name, comment, severity: 'error', from, to });
/** Our top-level folders a layer must not import. */
const folders = (...names) => ({ path: `^(${names.join('|')})/` });

module.exports = {
  forbidden: [
    rule('domain-is-pure', 'domain/ holds pure rules and imports nothing of ours',
      { path: '^domain/', pathNot: '\\.test\\.tsx?$' }, folders('db', 'sync', 'edge-api', 'web', 'tests', 'scripts')),
    rule('db-only-domain', 'db/ imports domain/ only', { path: '^db/' }, folders('sync', 'edge-api', 'web', 'tests', 'scripts')),
    rule('sync-only-domain', 'sync/ imports domain/ only', { path: '^sync/' }, folders('db', 'edge-api', 'web', 'tests', 'scripts')),
    rule('edge-api-not-web', 'the server never imports the browser app', { path: '^edge-api/' }, folders('web', 'tests', 'scripts')),
    rule('services-and-jobs-never-import-routes', 'routes -> services -> db, never back up',
      { path: '^edge-api/(services|jobs|carriers|integrations|documents|lib|middleware)/' }, { path: '^edge-api/routes/' }),
    rule('services-never-import-jobs', 'jobs import services, never the other way round: a use case queues a job with enqueueJob (db/jobs/queue.ts); edge-api/jobs/handlers.ts names every handler and only the server and tests import edge-api/jobs/',
      { path: '^edge-api/', pathNot: '^edge-api/(jobs/|server\\.ts$)' }, { path: '^edge-api/jobs/' }),
    rule('routes-call-services-not-db', 'routes parse, call a use case of edge-api/services/ and respond; they take only types from db/',
      { path: '^edge-api/routes/' }, { ...folders('db'), dependencyTypesNot: ['type-only'] }),
    rule('web-types-only-from-server', 'web/ takes only types from edge-api/ and never touches db/',
      { path: '^web/' }, { ...folders('edge-api', 'db'), dependencyTypesNot: ['type-only'] }),
    rule('no-circular', 'no import cycles', {}, { circular: true }),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/|\\.gen\\.ts$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'], extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
};
