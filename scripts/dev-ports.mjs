/**
 * The ports `npm start` serves on: the store at PORT (default 8787) and wrangler's inspector at
 * INSPECTOR_PORT, which by default moves with PORT (9229 beside 8787, 9230 beside 8788, …) so two
 * checkouts started on one machine with different PORTs do not collide. A port already taken is
 * reported with advice that works for `npm start` (environment variables, not wrangler's flags).
 */
import { createServer } from 'node:net';

const DEFAULT_PORT = 8787;
const DEFAULT_INSPECTOR_PORT = 9229;

/** A port from the environment, or null when it is not a port number. */
function portFrom(value) {
  const port = Number(value);
  return Number.isInteger(port) && port > 0 && port < 65536 ? port : null;
}

/** The store's and the inspector's ports for `env`; an `error` names a variable that is not a port. */
export function devPorts(env) {
  const port = env.PORT ? portFrom(env.PORT) : DEFAULT_PORT;
  if (port === null) return { error: `PORT=${env.PORT} is not a port number` };
  const inspectorPort = env.INSPECTOR_PORT
    ? portFrom(env.INSPECTOR_PORT)
    : DEFAULT_INSPECTOR_PORT + (port - DEFAULT_PORT);
  if (inspectorPort === null || inspectorPort === port)
    return {
      error: `INSPECTOR_PORT=${env.INSPECTOR_PORT ?? inspectorPort} is not a free port number beside PORT=${port}`,
    };
  return { port, inspectorPort };
}

/** Resolves to true when something already listens on `port` at `host`. */
export function portInUse(port, host) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', (error) => resolve(error.code === 'EADDRINUSE'));
    server.listen(port, host, () => server.close(() => resolve(false)));
  });
}

/** Why `npm start` cannot start on these ports, with what to set instead; null when both are free. */
export async function portProblem({ port, inspectorPort }, host) {
  if (await portInUse(port, host))
    return `port ${port} (the store) is in use: start with PORT=<another port> npm start (PORT moves the inspector port too)`;
  if (await portInUse(inspectorPort, '127.0.0.1'))
    return `port ${inspectorPort} (wrangler's inspector) is in use: start with INSPECTOR_PORT=<another port> npm start, or PORT=<another port>, which moves both`;
  return null;
}
