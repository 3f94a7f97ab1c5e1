/**
 * A website's slug redirects, kept in its SiteContent object's SQLite beside the content: when a
 * product's, post's or page's address changes, its old path answers 301 to the new one. A row is also
 * a prefix rule: a collection moved from /shop to /store is one row, and /shop/p/mug (any path under it)
 * goes to /store/p/mug, so a collection of 50,000 products does not write 50,000 rows. Rows always
 * point at a current address (a chain A → B → C is stored as A → C and B → C, so one hop, targets
 * under a moved collection included), a path something lives at again is no longer redirected, and the
 * newest MAX_REDIRECTS are kept.
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
  sql.exec(
    'UPDATE slug_redirects SET to_path = ? || substr(to_path, ?) WHERE substr(to_path, 1, ?) = ?',
    to,
    from.length + 1,
    from.length + 1,
    `${from}/`,
  );
  // Items renamed inside a moved collection are renamed under its new address too (/goods/p/cup → /market/p/cup's row).
  sql.exec(
    'INSERT OR IGNORE INTO slug_redirects (from_path, to_path, at) SELECT ? || substr(from_path, ?), to_path, at FROM slug_redirects WHERE substr(from_path, 1, ?) = ?',
    to,
    from.length + 1,
    from.length + 1,
    `${from}/`,
  );
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

/** A store path's segments are few; deeper paths are matched on their first ones only. */
const MAX_PREFIX_DEPTH = 8;

function exactRedirect(sql: SqlStorage, path: string): string | null {
  return (
    sql.exec<{ to_path: string }>('SELECT to_path FROM slug_redirects WHERE from_path = ?', path).toArray()[0]
      ?.to_path ?? null
  );
}

/** `path` under the nearest moved folder of it (/shop/p/mug under /shop → /store: /store/p/mug), or null. */
function prefixRedirect(sql: SqlStorage, path: string): string | null {
  const segments = path.split('/').slice(1, MAX_PREFIX_DEPTH + 1);
  const folders = segments.slice(0, -1).map((_, n) => `/${segments.slice(0, n + 1).join('/')}`);
  if (folders.length === 0) return null;
  const row = sql
    .exec<{ from_path: string; to_path: string }>(
      'SELECT from_path, to_path FROM slug_redirects WHERE from_path IN (SELECT value FROM json_each(?)) ORDER BY length(from_path) DESC LIMIT 1',
      JSON.stringify(folders),
    )
    .toArray()[0];
  return row === undefined ? null : `${row.to_path}${path.slice(row.from_path.length)}`;
}

/** Where a path that shows nothing now has moved, or null: its own row, else its folder's (then that item's own move). */
export function redirectOf(sql: SqlStorage, path: string): string | null {
  const exact = exactRedirect(sql, path);
  if (exact !== null) return exact;
  const moved = prefixRedirect(sql, path);
  return moved === null ? null : (exactRedirect(sql, moved) ?? moved);
}
