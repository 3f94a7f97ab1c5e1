/**
 * The version history of a website's products and pages, kept in its SiteContent object's SQLite
 * beside the content: each save of a product (its item and merchandising texts) or a page (its
 * collection) is one row, with when and by whom. Bounded twice: the newest VERSIONS_KEPT per
 * product or page, and at most MAX_VERSION_BYTES of them in all (the oldest rows of the website go
 * first), so no amount of saving grows the object without limit.
 */
import type { VersionRow } from '../api/catalog-answers';

/** What a version belongs to: a product (by item id) or a page (by its collection's id). */
export type VersionSubject = 'product' | 'page';

export const VERSIONS_KEPT = 20;
export const MAX_VERSION_BYTES = 64 * 1024 * 1024;

export function createVersionTables(sql: SqlStorage): void {
  sql.exec(`CREATE TABLE IF NOT EXISTS content_versions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    subject TEXT NOT NULL,
    subject_id TEXT NOT NULL,
    at INTEGER NOT NULL,
    who TEXT,
    json TEXT NOT NULL,
    bytes INTEGER NOT NULL
  )`);
  sql.exec('CREATE INDEX IF NOT EXISTS content_versions_by_subject ON content_versions (subject, subject_id, id)');
  // The running sum of `bytes`, so a save never reads the whole history to keep its bound.
  sql.exec(
    'CREATE TABLE IF NOT EXISTS content_versions_size (one INTEGER PRIMARY KEY CHECK (one = 1), bytes INTEGER NOT NULL)',
  );
  sql.exec('INSERT OR IGNORE INTO content_versions_size (one, bytes) VALUES (1, 0)');
}

function insert(
  sql: SqlStorage,
  subject: VersionSubject,
  subjectId: string,
  at: number,
  who: string | null,
  json: string,
) {
  sql.exec(
    'INSERT INTO content_versions (subject, subject_id, at, who, json, bytes) VALUES (?, ?, ?, ?, ?, ?)',
    subject,
    subjectId,
    at,
    who,
    json,
    json.length,
  );
  sql.exec('UPDATE content_versions_size SET bytes = bytes + ?', json.length);
}

/** Deletes the rows `where` picks, keeping the running size. */
function remove(sql: SqlStorage, where: string, ...bindings: (string | number)[]) {
  const gone = sql
    .exec<{ bytes: number | null }>(`SELECT SUM(bytes) AS bytes FROM content_versions WHERE ${where}`, ...bindings)
    .one().bytes;
  if (gone === null) return;
  sql.exec(`DELETE FROM content_versions WHERE ${where}`, ...bindings);
  sql.exec('UPDATE content_versions_size SET bytes = bytes - ?', gone);
}

function count(sql: SqlStorage, subject: VersionSubject, subjectId: string): number {
  return sql
    .exec<{ n: number }>(
      'SELECT COUNT(*) AS n FROM content_versions WHERE subject = ? AND subject_id = ?',
      subject,
      subjectId,
    )
    .one().n;
}

/**
 * Records `json` as the newest version of a product or page. The first time, the state it replaces
 * (`before`, when there was one) is recorded first, so the version before the first edit can be
 * restored too. Called inside the transaction that writes the content.
 */
export function recordVersion(
  sql: SqlStorage,
  subject: VersionSubject,
  subjectId: string,
  json: string,
  who: string | null,
  at: number,
  before: string | null,
): void {
  if (before !== null && count(sql, subject, subjectId) === 0) insert(sql, subject, subjectId, 0, null, before);
  insert(sql, subject, subjectId, at, who, json);
  remove(
    sql,
    `subject = ? AND subject_id = ? AND id NOT IN (
      SELECT id FROM content_versions WHERE subject = ? AND subject_id = ? ORDER BY id DESC LIMIT ?)`,
    subject,
    subjectId,
    subject,
    subjectId,
    VERSIONS_KEPT,
  );
  while (sql.exec<{ bytes: number }>('SELECT bytes FROM content_versions_size').one().bytes > MAX_VERSION_BYTES) {
    const oldest = sql.exec<{ id: number }>('SELECT id FROM content_versions ORDER BY id LIMIT 1').toArray()[0];
    if (oldest === undefined) break;
    remove(sql, 'id = ?', oldest.id);
  }
}

/** A product's or page's versions, newest first. */
export function listVersions(sql: SqlStorage, subject: VersionSubject, subjectId: string): VersionRow[] {
  return sql
    .exec<{ id: number; at: number; who: string | null }>(
      'SELECT id, at, who FROM content_versions WHERE subject = ? AND subject_id = ? ORDER BY id DESC',
      subject,
      subjectId,
    )
    .toArray()
    .map((row) => ({ id: row.id, at: row.at, who: row.who }));
}

/** One version's JSON, or null when that product or page has no such version. */
export function versionJson(
  sql: SqlStorage,
  subject: VersionSubject,
  subjectId: string,
  versionId: number,
): string | null {
  return (
    sql
      .exec<{ json: string }>(
        'SELECT json FROM content_versions WHERE subject = ? AND subject_id = ? AND id = ?',
        subject,
        subjectId,
        versionId,
      )
      .toArray()[0]?.json ?? null
  );
}

/** A removed product's or page's history goes with it. */
export function forgetVersions(sql: SqlStorage, subject: VersionSubject, subjectId: string): void {
  remove(sql, 'subject = ? AND subject_id = ?', subject, subjectId);
}
