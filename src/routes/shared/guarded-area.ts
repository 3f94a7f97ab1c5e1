/**
 * A route area's guards, attached once at the top of its sub-app, that run only for a request one of the
 * area's routes answers: any other path or method under the area's prefix is the app's not-found answer
 * (the one error shape with the path, from src/worker.ts), as it would be without the area, and not the
 * guard's 401, 403 or 429.
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

/**
 * A middleware that answers not-found when no route of `area` answers the request, and else passes it on: put
 * before an area's guards (`area.use('*', onlyRoutesOf(area), requireCrumb)`), it keeps them to its routes.
 */
export function onlyRoutesOf(area: Hono<AppEnv>): MiddlewareHandler<AppEnv> {
  let answering: ReadonlySet<Route['handler']> | undefined;
  return async (c, next) => {
    // Read at the first request: the area's routes are registered after its guards.
    answering ??= answeringHandlers(area.routes);
    const handlers = answering;
    if (!matchedRoutes(c).some((route) => handlers.has(route.handler))) return c.notFound();
    await next();
  };
}

/** A new route area whose every route is behind `guards`, run in order after `onlyRoutesOf`. */
export function guardedArea(...guards: MiddlewareHandler<AppEnv>[]): Hono<AppEnv> {
  const area = new Hono<AppEnv>();
  return area.use('*', onlyRoutesOf(area), ...guards);
}
