/** What the modules of stock/ work on: the ledger's storage (its SQLite and alarm) and bindings. */
export interface StockContext {
  readonly sql: SqlStorage;
  readonly ctx: DurableObjectState;
  readonly env: Env;
}
