/**
 * The browser-to-worker contract (docs/contracts.md, "One contract"): every route the store's pages
 * and the console call, by name. The browser takes its paths and answer types from here; the
 * worker's routes validate bodies with the schemas here; test/worker/api-contract.test.ts checks
 * each route is one the worker serves.
 */
import { beaconRoutes } from './beacon-routes';
import { consoleRoutes } from './console';
import { customerRoutes } from './customers';
import { merchantRoutes } from './merchant';
import { storefrontRoutes } from './storefront';

export const api = { ...storefrontRoutes, ...beaconRoutes, ...consoleRoutes, ...customerRoutes, ...merchantRoutes };

export { CENSUS_CALLS } from './beacon-routes';
export type { AnswerOf, BodyOf, Call, CsvFile, JsonText, Method, NoContent, Query, Route } from './route';
export type * from './catalog-answers';
export type * from './console-answers';
export type * from './customers';
export type * from './merchant';
