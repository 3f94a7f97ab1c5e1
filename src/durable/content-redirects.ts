/**
 * A website's slug redirects, kept in its SiteContent object's SQLite beside the content: when a
 * product's, post's or page's address changes, its old path answers 301 to the new one. Rows always
 * point at a current address (a chain A → B → C is stored as A → C and B → C, so one hop), a path
 * something lives at again is no longer redirected, and the newest MAX_REDIRECTS are kept.
 */

export const MAX_REDIRECTS = 1000;

export function createRedirectTables(sql: SqlStorage): void {
  sql.exec(`CREATE TABLE IF NOT EXISTS slug_redirects (
    from_path TEXT PRIMARY KEY,
    to_path TEXT NOT NULL,
    at INTEGER NOT NULL
  )`);
  sql.exec('CREATE INDEX IF NOT EXISTS slug_redirects_by_target ON slug_redirects (to_path)');
  sql.exec('CREATE INDEX IF NOT EXISTS slug_redirects_by_age ON slug_redirects (at)');
}

/** Something lives at `path` now: it is not redirected any more. */
export function claimPath(sql: SqlStorage, path: string): void {
  sql.exec('DELETE FROM slug_redirects WHERE from_path = ?', path);
}

/** `from` moved to `to`: called inside the transaction that writes the move. */
export function recordRedirect(sql: SqlStorage, from: string, to: string, at: number): void {
  if (from === to) return;
  claimPath(sql, to);
  // Whatever pointed at the old path points at the new one; a path moved back to drops its own row.
  sql.exec('UPDATE slug_redirects SET to_path = ? WHERE to_path = ?', to, from);
  sql.exec('DELETE FROM slug_redirects WHERE from_path = to_path');
  sql.exec(
    'INSERT INTO slug_redirects (from_path, to_path, at) VALUES (?, ?, ?) ON CONFLICT (from_path) DO UPDATE SET to_path = excluded.to_path, at = excluded.at',
    from,
    to,
    at,
  );
  sql.exec(
    'DELETE FROM slug_redirects WHERE from_path IN (SELECT from_path FROM slug_redirects ORDER BY at DESC, rowid DESC LIMIT -1 OFFSET ?)',
    MAX_REDIRECTS,
  );
}

/** Where a path that shows nothing now has moved, or null. */
export function redirectOf(sql: SqlStorage, path: string): string | null {
  return (
    sql.exec<{ to_path: string }>('SELECT to_path FROM slug_redirects WHERE from_path = ?', path).toArray()[0]
      ?.to_path ?? null
  );
}
