/**
 * The console's sections: each is its own chunk, loaded when first opened, shown in the sidebar only
 * to roles with its permission, or with any of its permissions (the server checks every call again). To add one, add a line to
 * SECTIONS; its code lives in src/console/sections/<id>/ and its URL is /config/<id>/<rest…>.
 */
import type { ConsoleSection } from './sections';

export const SECTIONS: ConsoleSection[] = [
  { id: 'products', label: 'Products', permission: 'commerce', load: () => import('./sections/products/index') },
  { id: 'catalog', label: 'Catalogue', permission: 'commerce', load: () => import('./sections/catalog/index') },
  { id: 'team', label: 'Team', permission: 'team', load: () => import('./sections/team/index') },
  { id: 'pages', label: 'Pages', permission: 'content', load: () => import('./sections/pages/index') },
  { id: 'posts', label: 'Blog posts', permission: 'content', load: () => import('./sections/posts/index') },
  { id: 'files', label: 'Files', permission: 'content', load: () => import('./sections/files/index') },
  { id: 'orders', label: 'Orders', permission: 'customerData', load: () => import('./sections/orders/index') },
  {
    id: 'customers',
    label: 'Customers',
    permission: 'customerData',
    load: () => import('./sections/customers/index'),
  },
  { id: 'commerce', label: 'Commerce', permission: 'commerce', load: () => import('./sections/commerce/index') },
  // Its settings are content, its submissions customers' data: each part of the screen asks for its own.
  {
    id: 'forms',
    label: 'Forms',
    permission: ['content', 'customerData'],
    load: () => import('./sections/forms/index'),
  },
  { id: 'restock', label: 'Restock', permission: 'customerData', load: () => import('./sections/restock/index') },
  { id: 'analytics', label: 'Analytics', permission: 'analytics', load: () => import('./sections/analytics/index') },
  { id: 'design', label: 'Design', permission: 'content', load: () => import('./sections/design/index') },
  { id: 'navigation', label: 'Navigation', permission: 'content', load: () => import('./sections/navigation/index') },
  {
    id: 'mailing-list',
    label: 'Mailing list',
    permission: 'integrations',
    load: () => import('./sections/mailing-list/index'),
  },
];
