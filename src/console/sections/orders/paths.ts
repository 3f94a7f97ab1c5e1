/** Where the orders section lives: the list, an order at /config/orders/{id}, the abandoned checkouts beside them. */
export const ORDERS_ROOT = '/config/orders';
export const ABANDONED_PATH = 'abandoned-checkouts';
