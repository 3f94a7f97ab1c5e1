/** The reads that are more than one table function: a listing filtered to stock asks the stock ledger. */
import type { ListingQuery } from '../../site/published/catalog';
import * as tables from '../content-tables';
import { stockLedger } from '../stubs';
import { type ContentContext, versioned } from './context';
import type { Versioned } from './model';

/** A listing of what is in stock asks the stock ledger (the one truth of stock) what its counted variants have available. */
export async function listing(self: ContentContext, query: ListingQuery): Promise<Versioned<tables.ListingRows>> {
  const websiteId = tables.readMeta(self.sql, 'websiteId');
  const counted = query.inStock === true ? tables.countedStock(self.sql, query.collectionId, Date.now()) : {};
  const available =
    websiteId === null || Object.keys(counted).length === 0
      ? {}
      : await stockLedger(self.env, websiteId).available(counted);
  return versioned(self, tables.listing(self.sql, query, Date.now(), available));
}
