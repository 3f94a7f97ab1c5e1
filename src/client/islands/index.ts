/**
 * The islands by name: what `data-island` names, for the server renderer (eager) and the browser
 * entry (one lazily loaded chunk per island).
 */
import AccountPanel from './AccountPanel';
import AddToCartButton from './AddToCartButton';
import CartPage from './CartPage';
import CartPill from './CartPill';
import CheckoutConfirmation from './CheckoutConfirmation';
import CheckoutPage from './CheckoutPage';
import GiftCardForm from './GiftCardForm';
import InstalmentPill from './InstalmentPill';
import ProductGallery from './ProductGallery';
import ProductImage from './ProductImage';
import ProductPrice from './ProductPrice';
import RestockForm from './RestockForm';
import SiteForm from './SiteForm';
import PromoPopup from './PromoPopup';
import QuantityInput from './QuantityInput';
import QuickAdd from './QuickAdd';
import VariantSelects from './VariantSelects';
import SubscriptionTerms from '../components/SubscriptionTerms';

export const ISLANDS = {
  AccountPanel,
  AddToCartButton,
  CartPage,
  CartPill,
  CheckoutConfirmation,
  CheckoutPage,
  GiftCardForm,
  InstalmentPill,
  ProductGallery,
  ProductImage,
  ProductPrice,
  PromoPopup,
  QuantityInput,
  QuickAdd,
  RestockForm,
  SiteForm,
  SubscriptionTerms,
  VariantSelects,
} as const;

export type IslandName = keyof typeof ISLANDS;
