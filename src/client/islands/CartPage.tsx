/**
 * The cart page (`/cart`): entries with quantities (change, remove, or 0 to remove, with an Undo
 * for the line just removed), totals in the store currency, and each entry's additional-fields
 * form in a lightbox. The state and the calls are
 * `useCart`'s; this island lays them out.
 */
import { formatMoney } from '../../commerce/money';
import AdditionalFieldsForm, { type AdditionalFieldsFormDefinition } from '../components/AdditionalFieldsForm';
import CartLineItem from '../components/CartLineItem';
import CartSummary, { type InstalmentOffer } from '../components/CartSummary';
import { AlertDialog } from '../components/Dialog';
import { fill } from '../../commerce/storefront-text';
import { useShopperLocale, useShopperText } from '../use-shopper-text';
import { useCart } from '../use-cart';

export interface CartPageProps {
  websiteId: string;
  currencyCode: string;
  locale: string;
  /** Additional-fields forms by item id. */
  forms: Record<string, AdditionalFieldsFormDefinition>;
  /** The store's instalment offer, shown when every item in the cart is physical; null when it has none. */
  instalments: InstalmentOffer | null;
  continueUrl: string;
}

export default function CartPage({
  websiteId,
  currencyCode,
  locale: serverLocale,
  forms,
  instalments,
  continueUrl,
}: CartPageProps) {
  const locale = useShopperLocale(serverLocale);
  const state = useCart(websiteId, currencyCode, forms);
  const { cart, editing, alert } = state;
  const text = useShopperText();
  // Every price on a page in one format: the store's currency in the site's language, as the page's own prices.
  const money = (cents: number) => formatMoney(cents, cart?.currencyCode ?? currencyCode, locale);

  if (cart === null) {
    return (
      <div className="CartPage-contents" aria-busy="true">
        <p className="CartPage-loading">{text['cart.loading']}</p>
      </div>
    );
  }

  return (
    <div className="CartPage-contents">
      <p className="CartPage-removed" role="status" aria-live="polite">
        {state.removed !== null && (
          <>
            {fill(text['cart.removed'], { title: state.removed.title })}{' '}
            <button type="button" className="CartPage-undo" onClick={state.undoRemove}>
              {text['cart.undo']}
            </button>
          </>
        )}
      </p>
      {cart.entries.length === 0 ? (
        <div className="CartPage-empty">
          <p>{text['cart.empty']}</p>
          <p>
            <a href={continueUrl}>{text['cart.continue']}</a>
          </p>
        </div>
      ) : (
        <>
          <ul className="CartPage-entries" aria-label={text['cart.entries']}>
            {cart.entries.map((entry) => (
              <CartLineItem
                key={entry.id}
                entry={entry}
                money={money}
                locale={locale}
                pending={state.isBusy(entry)}
                draft={state.draftOf(entry)}
                onType={(text) => state.typeQuantity(entry, text)}
                onCommit={() => state.commitQuantity(entry)}
                onRemove={() => state.remove(entry)}
                onEdit={forms[entry.itemId] !== undefined ? () => state.openForm(entry) : null}
                fields={forms[entry.itemId]?.fields}
              />
            ))}
          </ul>
          <CartSummary cart={cart} money={money} instalments={instalments} />
        </>
      )}
      {editing !== null && forms[editing.itemId] !== undefined && (
        <AdditionalFieldsForm
          form={forms[editing.itemId] as AdditionalFieldsFormDefinition}
          initial={editing.additionalFields}
          onCancel={state.closeForm}
          onSave={(values) => state.saveForm(editing, values)}
        />
      )}
      {alert !== null && <AlertDialog title={alert.title} message={alert.message} onClose={state.dismissAlert} />}
    </div>
  );
}
