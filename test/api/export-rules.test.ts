import t from 'tap';
import { readFile } from 'node:fs/promises';
import { createTestApp } from '../helpers/app.js';
import { EXPORTS } from '../../api/contract/exports.js';
import { can } from '../../api/contract/permissions.js';
import { ROLES, type Role } from '../../api/contract/roles.js';

/** The README's "Who may export what" table: per screen, what it carries and which roles may export it. */
async function readmeExportTable(): Promise<Map<string, { carries: string; roles: Role[] }>> {
  const readme = await readFile(new URL('../../README.md', import.meta.url), 'utf8');
  const lines = readme.split('\n').map((line) => line.trim());
  const header = lines.findIndex((line) => line.startsWith('| export | what it carries |'));
  if (header < 0) throw new Error('README has no "| export | what it carries | …" table');
  const columns = lines[header]!.split('|').slice(1, -1).map((cell) => cell.trim());
  const roleColumns = columns.slice(2) as Role[];
  const table = new Map<string, { carries: string; roles: Role[] }>();
  for (const line of lines.slice(header + 2)) {
    if (!line.startsWith('|')) break;
    const [name, carries, ...marks] = line.split('|').slice(1, -1).map((cell) => cell.trim());
    table.set(name!.split(' → ')[0]!, { carries: carries!, roles: roleColumns.filter((_, index) => marks[index] === 'yes') });
  }
  return table;
}

t.test("the README's export table says what the server does", async (t) => {
  const table = await readmeExportTable();
  t.strictSame([...table.keys()].sort(), EXPORTS.map((entry) => entry.screen).sort(), 'one row per export');

  const { call, userWithToken } = await createTestApp(t);
  const tokens = new Map<Role, string>();
  for (const role of ROLES) tokens.set(role, (await userWithToken(role)).token);

  for (const entry of EXPORTS) {
    const row = table.get(entry.screen)!;
    const allowed = ROLES.filter((role) => can(role, entry.permission));
    t.strictSame(row.roles, allowed, `${entry.screen}: the README names the roles of ${entry.permission}`);
    t.equal(row.carries, entry.carries, `${entry.screen}: the README says what it carries`);
    for (const role of ROLES) {
      const response = await call(tokens.get(role), { method: 'GET', url: entry.route });
      const expected = allowed.includes(role) ? 200 : 403;
      t.equal(response.statusCode, expected, `${entry.screen} as ${role}: ${expected}`);
    }
  }
});
