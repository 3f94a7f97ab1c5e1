import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PERMISSION_NAMES, PERMISSIONS, ROLES, roleName } from './roles';

/** The role × permission table of docs/security.md ("Roles and permissions"), as `role code → permissions held`. */
function documentedTable(): Map<number, string[]> {
  const doc = readFileSync(new URL('../../docs/security.md', import.meta.url), 'utf8');
  const section = doc.slice(doc.indexOf('### Roles and permissions'));
  const lines = section.split('\n').filter((line) => line.startsWith('| '));
  const [header = '', , ...rows] = lines;
  const columns = header
    .split('|')
    .map((cell) => cell.trim())
    .slice(2, -1);
  expect(columns).toEqual(PERMISSION_NAMES);
  return new Map(
    rows.map((row) => {
      const cells = row
        .split('|')
        .map((cell) => cell.trim())
        .slice(1, -1);
      const code = Number(/\((\d+)\)$/.exec(cells[0] ?? '')?.[1]);
      expect(cells[0]).toBe(`${roleName(code)} (${code})`);
      return [code, columns.filter((_, i) => cells[i + 1] === 'yes')];
    }),
  );
}

describe('the role table', () => {
  it('is documented in docs/security.md exactly as src/site/roles.ts has it, every role and every permission', () => {
    const documented = documentedTable();
    expect([...documented.keys()].sort((a, b) => a - b)).toEqual(Object.values(ROLES).sort((a, b) => a - b));
    for (const role of Object.values(ROLES))
      expect(documented.get(role), roleName(role)).toEqual(
        PERMISSION_NAMES.filter((p) => PERMISSIONS[p].includes(role)),
      );
  });

  it('keeps customers’ personal data and the notification address from Viewer and Editor', () => {
    for (const role of [ROLES.viewer, ROLES.editor, ROLES.reporting, ROLES.billing, ROLES.draftEditor]) {
      expect(PERMISSIONS.customerData, roleName(role)).not.toContain(role);
      expect(PERMISSIONS.notifications, roleName(role)).not.toContain(role);
    }
  });
});
