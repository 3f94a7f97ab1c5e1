/**
 * Adding or editing one product, of any type: details, picture, price or options and variants,
 * subscription, additional fields form, tags and categories, and the product page's texts. Saved
 * whole; each problem the worker finds shows next to its field. Duplicate and delete (after the
 * confirm modal) from the header.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  isShipped,
  saleAllowed,
  neverRunsOut,
  pricedWithoutVariants,
  ProductType,
  subscribableType,
  type ProductTypeCode,
} from '../../../commerce/product';
import { type BILLING_UNITS, PRODUCT_MESSAGES, PRODUCT_TYPES } from '../../../site/editor/product-form';
import { NAME_LIMITS } from '../../../site/editor/tag-manager';
import { MAX_ITEM_PICTURES } from '../../../site/model/main-image';
import { guardLeaving, replaceLocation } from '../../router';
import { consoleApi } from '../../ui/api';
import { Breadcrumbs } from '../../ui/Breadcrumbs';
import { useConfirm } from '../../ui/ConfirmModal';
import { useUnsavedChanges } from '../../ui/useUnsavedChanges';
import { describedBy, FieldError } from '../../ui/FieldError';
import { FetchStatus } from '../../ui/Loaded';
import { PicturesEditor } from '../../ui/PicturesEditor';
import { NamesInput } from '../../ui/NamesInput';
import { SaveStatus, useSave } from '../../ui/SaveStatus';
import { DigitalFileField } from './DigitalFileField';
import { draftOf, emptyVariant, formOf, newProductDraft, type ProductDraft } from './draft';
import { HistoryDialog } from './HistoryDialog';
import { SeoPanel } from './SeoPanel';
import { PRODUCTS_ROOT } from './shared';
import { api, type CatalogContext } from '../../../api';
import { StatusPanel } from './StatusPanel';
import { StockPanel } from './StockPanel';
import { VariantsEditor } from './VariantsEditor';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section className="Card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

function TextField({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  multiline = false,
  maxLength,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  multiline?: boolean;
  maxLength?: number;
}) {
  const described = describedBy(`${id}-error`, error);
  return (
    <div className="Field">
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea
          id={id}
          value={value}
          maxLength={maxLength}
          onChange={(event) => onChange(event.target.value)}
          {...described}
        />
      ) : (
        <input
          id={id}
          type="text"
          value={value}
          maxLength={maxLength}
          onChange={(event) => onChange(event.target.value)}
          {...described}
        />
      )}
      {hint !== undefined && <p className="Field-hint">{hint}</p>}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

export function ProductEditor({
  productId,
  context,
  navigate,
  canUpload,
}: {
  productId: string | null;
  context: CatalogContext;
  navigate: (to: string) => void;
  canUpload: boolean;
}) {
  const currency = context.currency;
  const [draft, setDraft] = useState<ProductDraft | null>(
    productId === null ? newProductDraft(context.collections[0]?.id ?? '') : null,
  );
  // The product as last loaded or saved: the editor warns before leaving while the draft differs from it.
  const [baseline, setBaseline] = useState<ProductDraft | null>(draft);
  const [stored, setStored] = useState<{ id: string; fullUrl: string } | null>(null);
  const [loadFailure, setLoadFailure] = useState<{ error: unknown } | null>(null);
  const [round, setRound] = useState(0);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [saves, setSaves] = useState(0);
  const [history, setHistory] = useState(false);
  const { state, run, fieldError } = useSave();
  const { confirm, modal } = useConfirm();
  useUnsavedChanges(draft !== null && baseline !== null && JSON.stringify(draft) !== JSON.stringify(baseline), confirm);

  // A product this screen just created gets its own address without loading again (its draft and 'Saved' stay).
  const shownId = useRef<string | null>(null);
  useEffect(() => {
    if (productId === null || productId === shownId.current) return;
    shownId.current = productId;
    let current = true;
    setDraft(null);
    setLoadFailure(null);
    consoleApi(api.product.at(productId)).then(
      (answer) => {
        if (!current) return;
        const loaded = draftOf(answer.product, currency);
        setDraft(loaded);
        setBaseline(loaded);
        setStored({ id: answer.id, fullUrl: answer.fullUrl });
      },
      (error: unknown) => current && setLoadFailure({ error }),
    );
    return () => {
      current = false;
    };
  }, [productId, currency, round]);

  if (draft === null) {
    const retry = () => {
      shownId.current = null;
      setRound((n) => n + 1);
    };
    return (
      <div className="Page">
        <Breadcrumbs items={[{ label: 'Products', to: PRODUCTS_ROOT }, { label: 'Product' }]} />
        <FetchStatus
          fetched={{ state: loadFailure === null ? 'pending' : 'failed', error: loadFailure?.error, reload: retry }}
          loading="Loading the product…"
        />
      </div>
    );
  }

  const problem = (field: string) => problems[field] ?? fieldError(field);
  const set = (change: Partial<ProductDraft>) => setDraft({ ...draft, ...change });
  const type = draft.productType;
  const withoutVariants = pricedWithoutVariants(type);
  const heading = productId === null ? 'Add product' : draft.title.trim() || 'Product';

  const save = async () => {
    const sent = draft;
    const checked = formOf(draft, currency);
    if ('problems' in checked) {
      setProblems(checked.problems);
      return;
    }
    setProblems({});
    const saved = await run(() =>
      stored === null
        ? consoleApi(api.addProduct.at(), checked.form)
        : consoleApi(api.saveProduct.at(stored.id), checked.form),
    );
    if (saved === undefined) return;
    setStored({ id: saved.id, fullUrl: saved.fullUrl });
    setSaves((n) => n + 1);
    // The counts just saved are what the stock fields now show: a later save changes only what is edited again.
    const shown = checked.form.variants.map((variant) => variant.stock);
    const asSaved = (before: ProductDraft): ProductDraft => ({
      ...before,
      urlId: saved.urlId,
      variants: before.variants.map((variant, i) => ({ ...variant, stockShown: shown[i] })),
    });
    // What was sent is saved; what was typed while it was being saved is not yet.
    setBaseline(asSaved(sent));
    setDraft((before) => (before === null ? before : asSaved(before)));
    if (stored === null) {
      shownId.current = saved.id;
      replaceLocation(`${PRODUCTS_ROOT}/${encodeURIComponent(saved.id)}`);
    }
  };

  const remove = async () => {
    if (stored === null) return;
    const sure = await confirm({
      title: `Delete ${draft.title}?`,
      message: <p>The product leaves the store at once. This cannot be undone.</p>,
      confirmLabel: 'Delete product',
      danger: true,
    });
    if (!sure) return;
    const done = await run(() => consoleApi(api.removeProduct.at(stored.id)));
    if (done === undefined) return;
    // Its changes went with it: nothing is left to warn about.
    guardLeaving(null);
    navigate(PRODUCTS_ROOT);
  };

  const duplicate = async () => {
    if (stored === null) return;
    const copy = await run(() => consoleApi(api.duplicateProduct.at(stored.id), {}));
    if (copy !== undefined) navigate(`${PRODUCTS_ROOT}/${encodeURIComponent(copy.id)}`);
  };

  // The ledger's new counts are what the stock fields show, so a later save sets nothing the merchant did not change
  // (and, being saved already, they are no unsaved change).
  const showOnHand = (onHand: Record<string, number>) => {
    const shown = (before: ProductDraft | null) =>
      before === null
        ? before
        : {
            ...before,
            variants: before.variants.map((v) =>
              onHand[v.sku] === undefined ? v : { ...v, stock: String(onHand[v.sku]), stockShown: onHand[v.sku] },
            ),
          };
    setDraft(shown);
    setBaseline(shown);
  };

  const setType = (code: ProductTypeCode) => {
    const variants = draft.variants.length === 0 ? [emptyVariant(draft.options)] : draft.variants;
    set({ productType: code, variants, subscription: subscribableType(code) ? draft.subscription : null });
  };

  return (
    <form
      className="Page"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Breadcrumbs items={[{ label: 'Products', to: PRODUCTS_ROOT }, { label: heading }]} />
      <header className="PageHeader">
        <h1>{heading}</h1>
        <div className="PageHeader-actions">
          {stored !== null && (
            <a className="Button Button--plain" href={stored.fullUrl} target="_blank" rel="noopener">
              View on store
            </a>
          )}
          {stored !== null && (
            <button type="button" className="Button" onClick={() => setHistory(true)}>
              History
            </button>
          )}
          {stored !== null && (
            <button type="button" className="Button" onClick={() => void duplicate()}>
              Duplicate
            </button>
          )}
          {stored !== null && (
            <button type="button" className="Button Button--critical" onClick={() => void remove()}>
              Delete
            </button>
          )}
          <button type="submit" className="Button Button--primary" disabled={state.status === 'saving'}>
            Save
          </button>
        </div>
      </header>
      <div className="Columns">
        <div>
          <Section title="Details">
            <TextField
              id="product-title"
              label="Title"
              value={draft.title}
              maxLength={100}
              onChange={(title) => set({ title })}
              error={problem('title')}
            />
            <TextField
              id="product-description"
              label="Description"
              multiline
              value={draft.description}
              onChange={(description) => set({ description })}
              hint="A blank line starts a new paragraph."
            />
            <TextField
              id="product-excerpt"
              label="Short description (shown in lists)"
              multiline
              value={draft.excerpt}
              onChange={(excerpt) => set({ excerpt })}
            />
          </Section>
          <Section title="Pictures">
            <PicturesEditor
              id="product-images"
              pictures={draft.images}
              max={MAX_ITEM_PICTURES}
              canUpload={canUpload}
              problem={problem}
              onChange={(change) => setDraft((before) => before && { ...before, images: change(before.images) })}
            />
          </Section>
          {withoutVariants ? (
            <Section title="Pricing">
              <div className="Field-row">
                <TextField
                  id="product-price"
                  label={`Price (${currency})`}
                  value={draft.price}
                  onChange={(price) => set({ price })}
                  error={problem('price')}
                />
                <TextField
                  id="product-sale-price"
                  label={`Sale price (${currency})`}
                  value={draft.salePrice}
                  onChange={(salePrice) => set({ salePrice })}
                  error={problem('salePrice')}
                />
              </div>
              <label className="Field-inline">
                <input
                  type="checkbox"
                  checked={draft.onSale}
                  onChange={(event) => set({ onSale: event.target.checked })}
                />
                On sale
              </label>
              {type === ProductType.Digital && (
                <DigitalFileField
                  file={draft.digitalFile ?? null}
                  canUpload={canUpload}
                  error={problem('digitalFile')}
                  onChange={(digitalFile) => setDraft((before) => before && { ...before, digitalFile })}
                />
              )}
            </Section>
          ) : (
            <Section title={type === ProductType.GiftCard ? 'Denominations' : 'Options and variants'}>
              <VariantsEditor
                options={draft.options}
                variants={draft.variants}
                currency={currency}
                stockless={neverRunsOut(type)}
                physical={isShipped(type)}
                saleable={saleAllowed(type)}
                onChange={(options, variants) => set({ options, variants })}
                problem={problem}
                pictures={draft.images}
              />
            </Section>
          )}
          {stored !== null && !withoutVariants && !neverRunsOut(type) && (
            <Section title="Inventory">
              <StockPanel productId={stored.id} refresh={saves} onOnHand={showOnHand} />
            </Section>
          )}
          {subscribableType(type) && (
            <Section title="Subscription">
              <label className="Field-inline">
                <input
                  type="checkbox"
                  checked={draft.subscription !== null}
                  onChange={(event) =>
                    set({ subscription: event.target.checked ? { every: 1, unit: 'MONTH', cycles: 0 } : null })
                  }
                />
                Sell as a subscription
              </label>
              {draft.subscription !== null && (
                <div className="Field-row">
                  <div className="Field">
                    <label htmlFor="subscription-every">Bill every</label>
                    <input
                      id="subscription-every"
                      type="number"
                      min={1}
                      max={52}
                      value={draft.subscription.every}
                      onChange={(event) =>
                        draft.subscription &&
                        set({ subscription: { ...draft.subscription, every: Number(event.target.value) || 1 } })
                      }
                    />
                  </div>
                  <div className="Field">
                    <label htmlFor="subscription-unit">Period</label>
                    <select
                      id="subscription-unit"
                      value={draft.subscription.unit}
                      onChange={(event) =>
                        draft.subscription &&
                        set({
                          subscription: {
                            ...draft.subscription,
                            unit: event.target.value as (typeof BILLING_UNITS)[number],
                          },
                        })
                      }
                    >
                      <option value="WEEK">Weeks</option>
                      <option value="MONTH">Months</option>
                      <option value="YEAR">Years</option>
                    </select>
                  </div>
                  <div className="Field">
                    <label htmlFor="subscription-cycles">Number of payments (0: until cancelled)</label>
                    <input
                      id="subscription-cycles"
                      type="number"
                      min={0}
                      max={1000}
                      value={draft.subscription.cycles}
                      onChange={(event) =>
                        draft.subscription &&
                        set({
                          subscription: { ...draft.subscription, cycles: Math.max(0, Number(event.target.value) || 0) },
                        })
                      }
                    />
                  </div>
                </div>
              )}
              <FieldError id="subscription-error" message={problem('subscription')} />
            </Section>
          )}
          <Section title="Additional fields">
            <div className="Field">
              <label htmlFor="product-form">Form the shopper fills in when adding to the cart</label>
              <select
                id="product-form"
                value={draft.additionalFieldsFormId ?? ''}
                onChange={(event) =>
                  set({ additionalFieldsFormId: event.target.value === '' ? null : event.target.value })
                }
                {...describedBy('product-form-error', problem('additionalFieldsFormId'))}
              >
                <option value="">None</option>
                {context.forms.map((form) => (
                  <option key={form.id} value={form.id}>
                    {form.name}
                  </option>
                ))}
              </select>
              <FieldError id="product-form-error" message={problem('additionalFieldsFormId')} />
            </div>
          </Section>
        </div>
        <div>
          <Section title="Status">
            <StatusPanel
              status={draft.status}
              publishOn={draft.publishOn}
              timeZone={context.timeZone}
              onChange={(change) => set(change)}
              error={problem('publishOn')}
            />
          </Section>
          <Section title="Product type">
            <div className="Field">
              <label htmlFor="product-type">Type</label>
              <select
                id="product-type"
                value={type}
                onChange={(event) => setType(Number(event.target.value) as ProductTypeCode)}
              >
                {PRODUCT_TYPES.map((option) => (
                  <option key={option.code} value={option.code}>
                    {option.label}
                  </option>
                ))}
              </select>
            </div>
            <div className="Field">
              <label htmlFor="product-collection">Collection</label>
              <select
                id="product-collection"
                value={draft.collectionId}
                disabled={stored !== null}
                onChange={(event) => set({ collectionId: event.target.value })}
              >
                {context.collections.map((collection) => (
                  <option key={collection.id} value={collection.id}>
                    {collection.title}
                  </option>
                ))}
              </select>
            </div>
          </Section>
          <Section title="Organisation">
            <NamesInput
              id="product-tags"
              label="Tags"
              names={draft.tags}
              suggestions={context.tags}
              maxLength={NAME_LIMITS.tag}
              onChange={(tags) => set({ tags })}
              error={problem('tags')}
            />
            <NamesInput
              id="product-categories"
              label="Categories"
              names={draft.categories}
              suggestions={context.categories}
              maxLength={NAME_LIMITS.category}
              onChange={(categories) => set({ categories })}
              error={problem('categories')}
            />
            <label className="Field-inline">
              <input
                type="checkbox"
                checked={draft.featured}
                onChange={(event) => set({ featured: event.target.checked })}
                aria-describedby="product-featured-hint"
              />
              Featured product
            </label>
            <p className="Field-hint" id="product-featured-hint">
              Shown first where your template shows featured products.
            </p>
          </Section>
          <Section title="Search engine listing">
            <SeoPanel
              id="product"
              fields={draft}
              path={`${context.collections.find((c) => c.id === draft.collectionId)?.fullUrl ?? ''}/p/`}
              pictures={draft.images}
              problem={problem}
              onChange={(change) => set(change)}
            />
          </Section>
          <Section title="Product page">
            <TextField
              id="product-button"
              label="Add-to-cart button text"
              value={draft.customAddButtonText}
              maxLength={50}
              onChange={(customAddButtonText) => set({ customAddButtonText })}
              error={problem('customAddButtonText')}
              hint="Leave empty for “Add To Cart”."
            />
            <TextField
              id="product-sold-out"
              label="Sold-out text"
              value={draft.customSoldOutText}
              maxLength={100}
              onChange={(customSoldOutText) => set({ customSoldOutText })}
              error={problem('customSoldOutText')}
              hint="Leave empty for “sold out”."
            />
            <label className="Field-inline">
              <input
                type="checkbox"
                checked={draft.scarcityEnabled}
                onChange={(event) => set({ scarcityEnabled: event.target.checked })}
              />
              Show a low-stock message
            </label>
            {draft.scarcityEnabled && (
              <TextField
                id="product-scarcity"
                label="Low-stock message"
                value={draft.scarcityText}
                maxLength={100}
                onChange={(scarcityText) => set({ scarcityText })}
                error={problem('scarcityText')}
                hint="{qtyInStock} is replaced by the number left."
              />
            )}
          </Section>
        </div>
      </div>
      <div className="SaveBar">
        <SaveStatus state={problemsStatus(state, problems)} />
        <button type="submit" className="Button Button--primary" disabled={state.status === 'saving'}>
          Save
        </button>
      </div>
      {modal}
      {history && stored !== null && (
        <HistoryDialog
          productId={stored.id}
          currency={currency}
          unsaved={baseline !== null && JSON.stringify(draft) !== JSON.stringify(baseline)}
          onClose={(restored) => {
            setHistory(false);
            if (!restored) return;
            // The restored version is what is stored now: load it as the editor's new starting point.
            shownId.current = null;
            setRound((n) => n + 1);
          }}
        />
      )}
    </form>
  );
}

/** Problems found before sending show as the spec's summary message. */
function problemsStatus(
  state: ReturnType<typeof useSave>['state'],
  problems: Record<string, string>,
): ReturnType<typeof useSave>['state'] {
  return Object.keys(problems).length > 0 && state.status !== 'saving'
    ? { status: 'error', message: PRODUCT_MESSAGES.invalid }
    : state;
}
