/**
 * Merchant roles (spec §3) and what each may do. The spec names the roles but not their rights;
 * this table is ours, after Squarespace's own roles (docs/security.md, "Roles and permissions",
 * shows it whole): the only place a role's rights are decided.
 */
export const ROLES = {
  admin: 1,
  billing: 2,
  reporting: 3,
  editor: 4,
  moderator: 6,
  commenter: 7,
  storeManager: 8,
  scheduling: 9,
  viewer: 10,
  campaignsEditor: 11,
  schedulingViewer: 12,
  schedulingEditor: 13,
  none: 14,
  websiteManager: 15,
  draftEditor: 16,
} as const;

export type Permission =
  | 'read'
  | 'content'
  | 'codeInjection'
  | 'commerce'
  | 'customerData'
  | 'notifications'
  | 'analytics'
  | 'integrations'
  | 'team'
  | 'payments';

/** What the console shows for each role (never the number). */
export const ROLE_NAMES: Readonly<Record<number, string>> = {
  1: 'Administrator',
  2: 'Billing',
  3: 'Reporting',
  4: 'Editor',
  6: 'Moderator',
  7: 'Commenter',
  8: 'Store manager',
  9: 'Scheduling',
  10: 'Viewer',
  11: 'Campaigns editor',
  12: 'Scheduling viewer',
  13: 'Scheduling editor',
  14: 'No access',
  15: 'Website manager',
  16: 'Draft editor',
};

/** A role's name, or 'Role N' for a code this table does not know. */
export function roleName(role: number): string {
  return ROLE_NAMES[role] ?? `Role ${role}`;
}

const { admin, billing, reporting, editor, storeManager, viewer, websiteManager, draftEditor } = ROLES;

export const PERMISSIONS: Readonly<Record<Permission, readonly number[]>> = {
  /** Reading content and settings: pages, posts, navigation, forms (never their submissions), preferences. No personal data. */
  read: [admin, billing, reporting, editor, storeManager, viewer, websiteManager, draftEditor],
  /** Navigation, header and footer, languages. */
  content: [admin, editor, websiteManager],
  /** Changing what is served exactly as written, scripts included: header and footer code, post-submit HTML, theme files (src/site/model/code-injection.ts). */
  codeInjection: [admin, websiteManager],
  /** Stores, commerce preferences, restock emails. */
  commerce: [admin, storeManager, websiteManager],
  /**
   * Customers' personal data, read or exported: form submissions, restock sign-ups, mailing-list members, orders.
   * A store manager needs it to fulfil; an editor or a viewer never sees it.
   */
  customerData: [admin, storeManager, websiteManager],
  /** Where the store's notifications go (a form's "send to" address). */
  notifications: [admin, websiteManager],
  /** The analytics dashboard. */
  analytics: [admin, reporting, storeManager, viewer, websiteManager],
  /** Address search and other editor integrations. */
  integrations: [admin, editor, storeManager, websiteManager, draftEditor],
  /** The team: inviting members, changing their roles, removing them. */
  team: [admin],
  /** Which provider takes the store's payments and its keys (Commerce → Payments): the owner's alone, as in Squarespace. */
  payments: [admin],
};

export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as Permission[];

/** Each permission: whether `roles` have it (what the console's session carries). */
export function permissionsOf(roles: readonly number[]): Record<Permission, boolean> {
  return Object.fromEntries(PERMISSION_NAMES.map((permission) => [permission, allows(roles, permission)])) as Record<
    Permission,
    boolean
  >;
}

export const ROLE_MESSAGES = {
  codeInjection:
    'Your role does not allow code injection: only an administrator or a website manager may change header and footer code or post-submit HTML.',
  /** Where a role without customerData (an editor) would see a form's submissions. */
  submissions:
    'Submissions are customers’ personal data: only an administrator, a store manager or a website manager can see them.',
} as const;

export function allows(roles: readonly number[], permission: Permission): boolean {
  return roles.some((role) => PERMISSIONS[permission].includes(role));
}
