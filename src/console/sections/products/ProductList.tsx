/**
 * The product list: search, filters (collection, tag, category, stock), sortable columns, pages of
 * 50 with "Load more", and bulk stock and price changes for the selected rows. Filters live in the
 * address, so Back returns to the same list.
 */
import { useCallback, useEffect, useState } from 'react';
import { PRODUCT_STATUS_LABELS } from '../../../commerce/product';
import { PRODUCT_TYPES } from '../../../site/editor/product-form';
import { replaceLocation } from '../../router';
import { consoleApi } from '../../ui/api';
import { DataTable, type Column, type SortDirection } from '../../ui/DataTable';
import { Link } from '../../ui/Link';
import { FetchStatus } from '../../ui/Loaded';
import { moneyText } from '../../ui/money';
import { StatusLabel } from '../../ui/StatusLabel';
import type { FetchState } from '../../ui/useFetch';
import { BulkEditDialog, type BulkKind } from './BulkEditDialog';
import { ImportDialog } from './ImportDialog';
import { PRODUCTS_ROOT } from './shared';
import { api, type CatalogContext, type ProductRow } from '../../../api';

const LOW_STOCK = 5;
const FILTERS = ['q', 'collection', 'tag', 'category', 'stock', 'sort', 'direction'] as const;
type Filters = Partial<Record<(typeof FILTERS)[number], string>>;

function filtersOf(search: string): Filters {
  const params = new URLSearchParams(search);
  return Object.fromEntries(FILTERS.flatMap((key) => (params.get(key) ? [[key, params.get(key) as string]] : [])));
}

/** The filters set, and the offset past the first page: the list call's query and the address's. */
function queryValues(filters: Filters, offset = 0): Record<string, string> {
  const values = Object.fromEntries(
    Object.entries(filters).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''),
  );
  return offset > 0 ? { ...values, offset: String(offset) } : values;
}

function queryOf(filters: Filters, offset = 0): string {
  return new URLSearchParams(queryValues(filters, offset)).toString();
}

function stockText(row: ProductRow): string {
  if (row.stock === null) return 'Unlimited';
  const held = row.available !== null && row.available !== row.stock ? `, ${row.available} available` : '';
  return `${row.stock}${row.variantCount > 1 ? ` in ${row.variantCount} variants` : ''}${held}`;
}

function stockLabel(row: ProductRow) {
  if (row.stock === null) return null;
  if (row.stock === 0) return <StatusLabel tone="critical">Sold out</StatusLabel>;
  if (row.stock <= LOW_STOCK) return <StatusLabel tone="warning">Low stock</StatusLabel>;
  return null;
}

function priceText(row: ProductRow, currency: string): string {
  return row.price === null ? '—' : moneyText(row.price, currency);
}

/** One filter of the list: a labelled select whose empty choice means "any". */
function FilterSelect({
  label,
  name,
  anyText,
  value,
  options,
  onChange,
}: {
  label: string;
  name: keyof Filters;
  anyText: string;
  value: string | undefined;
  options: readonly (readonly [string, string])[];
  onChange: (key: keyof Filters, value: string) => void;
}) {
  return (
    <div className="Field">
      <label htmlFor={`products-${name}`}>{label}</label>
      <select id={`products-${name}`} value={value ?? ''} onChange={(event) => onChange(name, event.target.value)}>
        <option value="">{anyText}</option>
        {options.map(([optionValue, text]) => (
          <option key={optionValue} value={optionValue}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

export function ProductList({ context, search }: { context: CatalogContext; search: string }) {
  const filters = filtersOf(search);
  const query = queryOf(filters);
  const [rows, setRows] = useState<ProductRow[]>([]);
  const [page, setPage] = useState<{ total: number; nextOffset: number | null } | null>(null);
  const [state, setState] = useState<FetchState>('pending');
  const [failure, setFailure] = useState<{ error: unknown; offset: number } | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [bulk, setBulk] = useState<BulkKind | null>(null);
  const [importing, setImporting] = useState(false);
  const [searchText, setSearchText] = useState(filters.q ?? '');

  const load = useCallback(async (offset: number) => {
    setState('pending');
    try {
      const answer = await consoleApi(api.products.at(queryValues(filtersOf(location.search), offset)));
      setRows((before) => (offset === 0 ? answer.products : [...before, ...answer.products]));
      setPage({ total: answer.total, nextOffset: answer.nextOffset });
      setFailure(null);
      setState('success');
    } catch (error) {
      setFailure({ error, offset });
      setState('failed');
    }
  }, []);

  useEffect(() => {
    setSelected(new Set());
    void load(0);
  }, [query, load]);

  const setFilter = (key: keyof Filters, value: string) =>
    replaceLocation(`${PRODUCTS_ROOT}?${queryOf({ ...filters, [key]: value })}`);
  const sort =
    filters.sort === undefined
      ? { key: 'title', direction: 'ascending' as SortDirection }
      : { key: filters.sort, direction: (filters.direction ?? 'ascending') as SortDirection };
  const currency = context.currency;

  const columns: Column<ProductRow>[] = [
    {
      key: 'title',
      label: 'Product',
      sortable: true,
      primary: true,
      render: (row) => (
        <span className="Cell-title">
          {row.image !== null ? (
            <img className="Thumb" src={row.image} alt="" width={40} height={40} loading="lazy" />
          ) : (
            <span className="Thumb" aria-hidden="true" />
          )}
          <Link to={`${PRODUCTS_ROOT}/${encodeURIComponent(row.id)}`}>{row.title}</Link>
        </span>
      ),
    },
    {
      key: 'status',
      label: 'Status',
      render: (row) => (
        <span className="Cell-labels">
          {!row.onStorefront && (
            <StatusLabel tone={row.status === 'scheduled' ? 'info' : 'neutral'}>
              {PRODUCT_STATUS_LABELS[row.status]}
            </StatusLabel>
          )}
          {stockLabel(row)}
          {row.onSale && <StatusLabel tone="info">On sale</StatusLabel>}
        </span>
      ),
    },
    {
      key: 'type',
      label: 'Type',
      wideOnly: true,
      render: (row) => PRODUCT_TYPES.find((type) => type.code === row.productType)?.label ?? `Type ${row.productType}`,
    },
    {
      key: 'collection',
      label: 'Collection',
      wideOnly: true,
      render: (row) => context.collections.find((c) => c.id === row.collectionId)?.title ?? row.collectionId,
    },
    { key: 'price', label: 'Price', sortable: true, align: 'end', render: (row) => priceText(row, currency) },
    { key: 'stock', label: 'Stock', sortable: true, align: 'end', render: stockText },
  ];

  return (
    <div className="Page">
      <header className="PageHeader">
        <h1>Products</h1>
        <div className="PageHeader-actions">
          <a className="Button" href={api.productsCsv.path()} download="products_export.csv">
            Export
          </a>
          <button type="button" className="Button" onClick={() => setImporting(true)}>
            Import
          </button>
          <Link className="Button Button--primary" to={`${PRODUCTS_ROOT}/new`}>
            Add product
          </Link>
        </div>
      </header>
      <form
        className="Card Toolbar"
        role="search"
        aria-label="Filter products"
        onSubmit={(event) => {
          event.preventDefault();
          setFilter('q', searchText);
        }}
      >
        <div className="Field Field--grow">
          <label htmlFor="products-search">Search products</label>
          <input
            id="products-search"
            type="search"
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
            onBlur={() => searchText !== (filters.q ?? '') && setFilter('q', searchText)}
          />
        </div>
        <FilterSelect
          label="Collection"
          name="collection"
          anyText="All collections"
          value={filters.collection}
          options={context.collections.map((collection) => [collection.id, collection.title])}
          onChange={setFilter}
        />
        <FilterSelect
          label="Tag"
          name="tag"
          anyText="Any tag"
          value={filters.tag}
          options={context.tags.map((tag) => [tag, tag])}
          onChange={setFilter}
        />
        <FilterSelect
          label="Category"
          name="category"
          anyText="Any category"
          value={filters.category}
          options={context.categories.map((category) => [category, category])}
          onChange={setFilter}
        />
        <FilterSelect
          label="Stock"
          name="stock"
          anyText="Any stock"
          value={filters.stock}
          options={[
            ['in', 'In stock'],
            ['low', 'Low stock'],
            ['out', 'Sold out'],
          ]}
          onChange={setFilter}
        />
        <button type="submit" className="Button">
          Search
        </button>
      </form>
      <p className="Muted" role="status" aria-live="polite">
        {state === 'pending' && rows.length === 0
          ? 'Loading products…'
          : page === null
            ? ''
            : `${page.total} ${page.total === 1 ? 'product' : 'products'}`}
      </p>
      <FetchStatus fetched={{ state, error: failure?.error, reload: () => void load(failure?.offset ?? 0) }} />
      {selected.size > 0 && (
        <div className="BulkBar" role="region" aria-label="Selected products">
          <strong>{selected.size} selected</strong>
          <button type="button" className="Button" onClick={() => setBulk('stock')}>
            Edit stock
          </button>
          <button type="button" className="Button" onClick={() => setBulk('price')}>
            Edit price
          </button>
          <button type="button" className="Button Button--plain" onClick={() => setSelected(new Set())}>
            Clear selection
          </button>
        </div>
      )}
      <DataTable
        caption="Products"
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        rowLabel={(row) => row.title}
        sort={sort}
        onSort={(key, direction) =>
          replaceLocation(`${PRODUCTS_ROOT}?${queryOf({ ...filters, sort: key, direction })}`)
        }
        selected={selected}
        onSelect={setSelected}
        hasMore={page?.nextOffset != null}
        loadingMore={state === 'pending'}
        onLoadMore={() => page?.nextOffset != null && void load(page.nextOffset)}
        empty={state === 'pending' ? 'Loading products…' : 'No products match these filters.'}
      />
      {importing && (
        <ImportDialog
          onClose={(imported) => {
            setImporting(false);
            if (imported) void load(0);
          }}
        />
      )}
      {bulk !== null && (
        <BulkEditDialog
          kind={bulk}
          ids={[...selected]}
          currency={currency}
          onClose={(changed) => {
            setBulk(null);
            if (changed) void load(0);
          }}
        />
      )}
    </div>
  );
}
