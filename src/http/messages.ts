/** What the worker answers about a request itself, whatever area it is for. */

export const NO_STORE = 'No store at this address';
export const NOT_FOUND = 'Not found';
