/**
 * docs/ROLES.md as text, from the role matrix (edge-api/lib/role-matrix.ts) and
 * the app's routes: one row per route, which roles may call it and which
 * line of the matrix says so. `npm run roles:doc` writes it;
 * tests/api/role-matrix.test.ts checks that the file is current.
 */
import { ROLES } from '../../domain/roles';
import { accessOf, openApiPath, PUBLIC } from './role-matrix';

export function rolesMarkdown(routes: readonly { method: string; path: string }[]): string {
  const seen = new Set<string>();
  const rows: string[] = [];
  const sorted = routes
    .filter((r) => r.method !== 'ALL' && r.path.startsWith('/api'))
    .map((r) => ({ method: r.method, path: openApiPath(r.path) }))
    .sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
  for (const r of sorted) {
    const key = `${r.method} ${r.path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const found = accessOf(r.method, r.path);
    const cells = ROLES.map((role) => (found?.access === PUBLIC || found?.access.includes(role) ? 'yes' : ''));
    const who = !found ? 'nobody (not in the matrix)' : found.access === PUBLIC ? 'anyone' : '';
    rows.push(`| ${r.method} | \`${r.path}\` | ${cells.join(' | ')} | ${who} | ${found && found.key !== key ? `\`${found.key}\`` : ''} |`);
  }
  return [
    '# Who may call each route',
    '',
    'Generated from the role matrix in `edge-api/lib/role-matrix.ts` by `npm run roles:doc`; do not edit by hand.',
    'The app enforces the matrix on every request (`edge-api/middleware/roles.ts`): a role not marked gets 403, a caller',
    'not signed in 401. "anyone" routes prove who may act themselves (a signed link, an HMAC signature, the buyer check)',
    'or show only what the public tracking page shows. What a role may do with a row is then limited to its companies:',
    'a seller its own, a warehouse user the selected companies it is linked to, an admin all.',
    '',
    `| Method | Path | ${ROLES.join(' | ')} | public | covered by |`,
    `|---|---|${ROLES.map(() => '---').join('|')}|---|---|`,
    ...rows,
    '',
  ].join('\n');
}
