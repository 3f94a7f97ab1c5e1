/**
 * Every Durable Object a route or another object talks to, by the name it is kept under: one
 * object per website (its stock, forms, accounts, …), and one per cart within a website.
 */

export function cartStub(env: Env, websiteId: string, cartId: string) {
  return env.CARTS.get(env.CARTS.idFromName(`${websiteId}:${cartId}`));
}

export function stockLedger(env: Env, websiteId: string) {
  return env.STOCK.get(env.STOCK.idFromName(websiteId));
}

export function beaconStore(env: Env, websiteId: string) {
  return env.BEACONS.get(env.BEACONS.idFromName(websiteId));
}

export function formSubmissions(env: Env, websiteId: string) {
  return env.FORMS.get(env.FORMS.idFromName(websiteId));
}

export function merchantAccounts(env: Env, websiteId: string) {
  return env.MERCHANTS.get(env.MERCHANTS.idFromName(websiteId));
}

export function restockSignups(env: Env, websiteId: string) {
  return env.RESTOCK.get(env.RESTOCK.idFromName(websiteId));
}

export function siteUsers(env: Env, websiteId: string) {
  return env.SITE_USERS.get(env.SITE_USERS.idFromName(websiteId));
}
