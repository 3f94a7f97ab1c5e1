/**
 * A route area's guards, attached once at the top of its sub-app, that run only for a request one of the
 * area's routes answers: any other request under the area's prefix passes on as if the area were not there,
 * to another area's route at a path under it (the merchant's `/api/form/submissions`) or else to the app's
 * not-found answer (the one error shape with the path, src/worker.ts), not to the guard's 401, 403 or 429.
 */
import { Hono, type MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { AppEnv } from './http';

type Route = Hono<AppEnv>['routes'][number];

/**
 * The handlers that answer in `area`: of each registration of a method and path (its middleware and its
 * handler, consecutive in `routes`) the last one; a `use` (method ALL) answers nothing.
 */
function answeringHandlers(routes: readonly Route[]): ReadonlySet<Route['handler']> {
  const answering = new Set<Route['handler']>();
  routes.forEach((route, index) => {
    const next = routes[index + 1];
    const last = next === undefined || next.method !== route.method || next.path !== route.path;
    if (route.method !== 'ALL' && last) answering.add(route.handler);
  });
  return answering;
}

/** `guards` run in order for a request one of `area`'s routes answers; any other request skips them. */
export function routeGuards(area: Hono<AppEnv>, ...guards: MiddlewareHandler<AppEnv>[]): MiddlewareHandler<AppEnv> {
  let answering: ReadonlySet<Route['handler']> | undefined;
  return async (c, next) => {
    // Read at the first request: the area's routes are registered after its guards.
    answering ??= answeringHandlers(area.routes);
    const handlers = answering;
    if (!matchedRoutes(c).some((route) => handlers.has(route.handler))) return next();
    // The guards in order, as Hono runs middleware: a guard's own answer ends the request.
    const from = async (index: number): Promise<void> => {
      const guard = guards[index];
      if (guard === undefined) return next();
      const answer = await guard(c, () => from(index + 1));
      if (answer instanceof Response && !c.finalized) c.res = answer;
    };
    await from(0);
  };
}

/** A new route area whose every route is behind `guards` (`routeGuards`). */
export function guardedArea(...guards: MiddlewareHandler<AppEnv>[]): Hono<AppEnv> {
  const area = new Hono<AppEnv>();
  return area.use('*', routeGuards(area, ...guards));
}
