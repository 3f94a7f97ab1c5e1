/** The reads that are more than one table function: a listing filtered to stock asks the stock ledger. */
import type { ListingQuery } from '../../site/published/catalog';
import { countedStock, type ListingRows, listing as listingRows } from './item-reads';
import { readMeta } from './rows';
import { stockLedger } from '../stubs';
import { type ContentContext, versioned } from './context';
import type { Versioned } from './model';

/** A listing of what is in stock asks the stock ledger (the one truth of stock) what its counted variants have available. */
export async function listing(self: ContentContext, query: ListingQuery): Promise<Versioned<ListingRows>> {
  const websiteId = readMeta(self.sql, 'websiteId');
  const counted = query.inStock === true ? countedStock(self.sql, query.collectionId, Date.now()) : {};
  const available =
    websiteId === null || Object.keys(counted).length === 0
      ? {}
      : await stockLedger(self.env, websiteId).available(counted);
  return versioned(self, listingRows(self.sql, query, Date.now(), available));
}
