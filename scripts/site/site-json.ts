/** A site as plain JSON: what the site schema takes (`SiteInput`), not yet validated. */
export type Json = Record<string, unknown>;

export interface SiteJson extends Json {
  collections: Json[];
  items: Json[];
  theme: Record<string, string>;
}
