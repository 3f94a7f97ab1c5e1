/**
 * Download grants of paid orders (src/commerce/downloads.ts): issued per digital line when an order
 * is paid, counted one download at a time (a check and its count are one synchronous step of this
 * object, so two downloads at the last allowance give exactly one), revoked when the line is
 * refunded or the order cancelled. The token is the row's key: one row per digital line of a paid order.
 */
import {
  DOWNLOAD_LIMIT,
  DOWNLOAD_TTL_MS,
  grantState,
  orderDownload,
  type GrantRow,
  type GrantState,
  type OrderDownload,
} from '../../commerce/downloads';
import type { OrderEntry } from '../../commerce/order';
import { ProductType } from '../../commerce/product';
import { randomHex } from '../../ids';
import { refused, type Result } from '../../result';
import type { OrdersContext } from './context';

interface DownloadRow extends Record<string, SqlStorageValue> {
  token: string;
  order_id: string;
  line: number;
  item_id: string;
  title: string;
  allowed: number;
  used: number;
  expires_at: number;
  revoked_at: number | null;
}

const grantOf = (row: DownloadRow): GrantRow & { line: number; title: string; token: string } => ({
  token: row.token,
  line: row.line,
  title: row.title,
  used: row.used,
  allowed: row.allowed,
  expiresAt: row.expires_at,
  revokedAt: row.revoked_at,
});

/**
 * One grant per digital line of a paid order, a statement per line (bound values: no JSON to build and parse); a line
 * that has one keeps it (paid effects run once, but a replay changes nothing). The order's grants as its buyer sees
 * them, by line (its confirmation lists them).
 */
export function issueDownloads(
  self: OrdersContext,
  orderId: string,
  entries: readonly OrderEntry[],
  now: number,
): OrderDownload[] {
  return entries.flatMap((entry, line) => {
    if (entry.productType !== ProductType.Digital) return [];
    const issued: DownloadRow = {
      token: randomHex(32),
      order_id: orderId,
      line,
      item_id: entry.itemId,
      title: entry.title,
      allowed: DOWNLOAD_LIMIT,
      used: 0,
      expires_at: now + DOWNLOAD_TTL_MS,
      revoked_at: null,
    };
    // The grant as written is the one issued (no row read back); a line's grant kept from before is read.
    const written = self.sql.exec(
      `INSERT INTO downloads (token, order_id, line, item_id, title, allowed, used, expires_at, revoked_at)
       VALUES (?, ?, ?, ?, ?, ?, 0, ?, NULL) ON CONFLICT (order_id, line) DO NOTHING`,
      issued.token,
      orderId,
      line,
      entry.itemId,
      entry.title,
      DOWNLOAD_LIMIT,
      issued.expires_at,
    ).rowsWritten;
    const row =
      written > 0
        ? issued
        : self.sql.exec<DownloadRow>('SELECT * FROM downloads WHERE order_id = ? AND line = ?', orderId, line).one();
    return [orderDownload(grantOf(row), now)];
  });
}

/** The order's grants as its buyer sees them, by line. */
export function downloadsOf(self: OrdersContext, orderId: string, now: number): OrderDownload[] {
  return self.sql
    .exec<DownloadRow>('SELECT * FROM downloads WHERE order_id = ? ORDER BY line', orderId)
    .toArray()
    .map((row) => orderDownload(grantOf(row), now));
}

/** What a download of `token` may deliver: the product (its current file) and the order it was bought in. */
export type DownloadUse = Result<{ itemId: string; orderId: string }, DownloadRefusal>;

/** Why a link gives no file: its grant's state, or `unknown` (no grant has this token); the route answers 404 or 410. */
export type DownloadRefusal = Exclude<GrantState, 'ok'> | 'unknown';

const REFUSALS: Record<DownloadRefusal, string> = {
  unknown: 'No download has this link.',
  expired: 'This download link has expired.',
  'used-up': 'This download link has been used as many times as it allows.',
  revoked: 'This download link was revoked.',
};

/** Counts one download of `token` when its grant allows one; nothing is counted otherwise. */
export function takeDownload(self: OrdersContext, token: string, now: number): DownloadUse {
  const row = self.sql.exec<DownloadRow>('SELECT * FROM downloads WHERE token = ?', token).toArray()[0];
  if (row === undefined) return refused('unknown', REFUSALS.unknown);
  const state = grantState(grantOf(row), now);
  if (state !== 'ok') return refused(state, REFUSALS[state]);
  self.sql.exec('UPDATE downloads SET used = used + 1 WHERE token = ?', token);
  return { ok: true, value: { itemId: row.item_id, orderId: row.order_id } };
}

/** A counted download whose file could not be sent: the count goes back. */
export function returnDownload(self: OrdersContext, token: string): void {
  self.sql.exec('UPDATE downloads SET used = used - 1 WHERE token = ? AND used > 0', token);
}

/** Revokes the grants of the order's `lines` (null: every line, a cancelled or wholly refunded order). */
export function revokeDownloads(
  self: OrdersContext,
  orderId: string,
  lines: readonly number[] | null,
  now: number,
): void {
  if (lines === null)
    self.sql.exec('UPDATE downloads SET revoked_at = ? WHERE order_id = ? AND revoked_at IS NULL', now, orderId);
  else
    self.sql.exec(
      'UPDATE downloads SET revoked_at = ? WHERE order_id = ? AND revoked_at IS NULL AND line IN (SELECT value FROM json_each(?))',
      now,
      orderId,
      JSON.stringify(lines),
    );
}
