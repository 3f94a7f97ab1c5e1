/**
 * What the console's calls answer. The main reads have zod schemas in answer-schemas.ts (the list
 * of products and the catalogue context are their inferred types; the worker test parses real
 * answers with them); the others are types. Shapes owned by the site model's editor modules (the
 * product form, a design, a file) are named by type from there: those the console may import too.
 */
import type { z } from 'zod';
import type { StoreSettings } from '../commerce/checkout-totals';
import type { Order } from '../commerce/order';
import type { DashboardSummary } from '../beacon/aggregate';
import type { ChartDataset } from '../site/editor/chart';
import type { Preferences } from '../site/editor/commerce-preferences';
import type { ContentStatus } from '../site/editor/content-status';
import type { Design } from '../site/editor/design';
import type { StoredFile } from '../site/editor/files';
import type { Font, FontCategory } from '../site/editor/fonts';
import type { PageBlock } from '../site/editor/page-blocks';
import type { LinkTarget } from '../site/editor/link-target';
import type { ProductForm } from '../site/editor/product-form';
import type { StockEvent } from '../site/editor/stock-adjust';
import type { Permission } from '../site/roles';
import type { catalogContextSchema, productPageSchema, productRowSchema } from './answer-schemas';

/** A page of a keyset-paged list. */
export interface KeysetPage {
  hasNextPage: boolean;
  nextPageCursor: string | null;
}

export interface ConsoleSession {
  email: string;
  roles: number[];
  roleNames: string[];
  websiteId: string;
  can: Record<Permission, boolean>;
}
export type SessionAnswer = ({ authenticated: true } & ConsoleSession) | { authenticated: false };

/** `GET /api/console/catalog/context`: what filters and the product form choose from. */
export type CatalogContext = z.infer<typeof catalogContextSchema>;

export type ProductRow = z.infer<typeof productRowSchema>;

export type ProductPage = z.infer<typeof productPageSchema>;

/** A product as the editor reads it: its form is the site model's (src/site/editor/product-form.ts). */
export interface StoredProduct {
  id: string;
  fullUrl: string;
  product: ProductForm;
}

export interface SavedProduct {
  id: string;
  urlId: string;
  fullUrl: string;
}

export interface VariantStock {
  variantId: string;
  sku: string;
  label: string;
  onHand: number;
  reserved: number;
  available: number;
  sold: number;
  history: StockEvent[];
}

export interface OrderPage extends KeysetPage {
  orders: Order[];
}
export interface OrderAnswer {
  order: Order;
}

export interface StoreAnswer {
  currency: string;
  settings: StoreSettings;
}

export interface NameRow {
  name: string;
  count: number;
}

export interface TeamMember {
  id: string;
  email: string;
  roles: number[];
  roleNames: string[];
  invited: boolean;
  you: boolean;
}
export interface Team {
  members: TeamMember[];
  roles: { code: number; name: string }[];
}
/** Failed sign-ins from one address to one email (src/durable/sign-in-attempts.ts `SignInFailure`). */
export interface SignInFailure {
  email: string;
  address: string;
  failures: number;
  lastAt: number;
}

export interface StoredNavigationItem {
  title: string;
  link: LinkTarget | null;
  children: StoredNavigationItem[];
}
export interface NavigationAnswer {
  items: StoredNavigationItem[];
  pages: { title: string; url: string }[];
}
export interface HeaderFooter {
  header: string;
  footer: string;
}

export interface MailingListMember {
  email: string;
  status: 'subscribed' | 'pending';
  addedAt: number;
}
export interface MembersPage {
  list: { id: string; name: string } | null;
  members: MailingListMember[];
  total: number;
  nextCursor: number | null;
}

export interface DesignAnswer {
  published: Design;
  draft: Design | null;
  defaults: Design;
  colourRoles: Record<keyof Design['colours'], { label: string }>;
  fontRoles: Record<keyof Design['fonts'], { label: string }>;
  fonts: readonly Font[];
  fontCategories: readonly FontCategory[];
}

export interface StoredPost {
  id: string;
  title: string;
  urlId: string;
  fullUrl: string;
  body?: string;
  excerpt?: string;
  tags: string[];
  categories: string[];
  status?: ContentStatus;
  addedOn?: number;
  assetUrl?: string;
  originalSize?: string;
  altText?: string;
  seoTitle?: string;
  seoDescription?: string;
}
export interface PostSummary {
  id: string;
  title: string;
  status: ContentStatus;
  publishOn: number;
  fullUrl: string;
}
export interface PostPage {
  posts: PostSummary[];
  total: number;
  pageSize: number;
}

/** A page (a blog, an index, a page of text) as the console's lists name it. */
export interface PageSummary {
  id: string;
  title: string;
  typeName: string;
  fullUrl: string;
  status: ContentStatus;
  publishOn: number;
  inNavigation: boolean;
}
/** A shop's or blog's settings as the console edits them (empty: not set). */
export interface CollectionSettingsAnswer {
  id: string;
  /** 'products' or 'blog'. */
  typeName: string;
  title: string;
  navigationTitle: string;
  urlId: string;
  fullUrl: string;
  /** Rich text. */
  description: string;
  seoTitle: string;
  seoDescription: string;
}
/** An index as the console edits it (src/site/model/index-collections.ts): its sections in order, and what may be one. */
export interface IndexAnswer {
  id: string;
  title: string;
  urlId: string;
  fullUrl: string;
  collectionIds: string[];
  inNavigation: boolean;
  /** The store's home page (`/`) shows this index. */
  homepage: boolean;
  /** The site's pages and collections an index may hold (no index), in the site's order. */
  choices: { id: string; title: string; typeName: string; fullUrl: string }[];
}
export interface StoredChart extends ChartDataset {
  id: string;
  title: string;
}
/** A page as the console's page editor loads it (src/routes/console/pages.ts). */
export interface StoredPage {
  id: string;
  title: string;
  urlId: string;
  body: string;
  fullUrl: string;
  status: ContentStatus;
  publishOn: number;
  seoTitle: string;
  seoDescription: string;
  blocks: PageBlock[];
  inNavigation: boolean;
}

/** A product variant's sign-ups (src/durable/restock.ts `SignUpGroup`). */
export interface SignUpGroup {
  productId: string;
  variantId: string;
  productTitle: string;
  pendingCount: number;
  totalCount: number;
  /** The variant's options ('Blue / M'); '' for a product without options or a variant since removed. */
  variantLabel: string;
  /** Available now (the stock ledger's); null: never runs out. */
  available: number | null;
}
export interface SignUp {
  id: number;
  siteVisitorEmail: string;
  isJoinMailingList: boolean;
  createdOn: number;
  notifiedOn: number | null;
}
export interface GroupsPage extends KeysetPage {
  signUpGroups: SignUpGroup[];
}
export interface SignUpsPage extends KeysetPage {
  signUps: SignUp[];
}

export interface FilePage {
  files: StoredFile[];
  cursor: string | null;
}

/** A removal's answer. */
export interface Deleted {
  deleted: true;
}

/** A save's answer when nothing is published for an edit that changes nothing. */
export interface Changed {
  changed: boolean;
}

export interface FormNotification {
  enabled: boolean;
  recipient: string;
}
export interface FormSummary {
  id: string;
  name: string;
  kind: 'form' | 'newsletter';
  /** Where the form sends the visitor after a submission ('' for its message). */
  successRedirectUrl: string;
  submissions: number;
  notification: FormNotification;
}
export interface SubmissionRow {
  id: number;
  submittedAt: number;
  pagePath: string | null;
  cells: string[];
}
export interface SubmissionPage extends KeysetPage {
  form: { id: string; name: string };
  columns: { id: string; title: string }[];
  rows: SubmissionRow[];
}

/** An hour's paid orders. */
export interface Sale {
  hour: number;
  orders: number;
  revenueCents: number;
  /** Orders refunded in this hour and the totals given back (absent: none). */
  refunds?: number;
  refundedCents?: number;
}
export interface AnalyticsAnswer {
  days: number;
  currency: string;
  /** The store's IANA time zone: days and labels are the store's. */
  timeZone: string;
  summary: DashboardSummary;
  sales: Sale[];
}

export type { Preferences };
