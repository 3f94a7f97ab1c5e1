/**
 * The console's API, mounted at `areas.console` (`/api/console`): its sub-apps register paths under
 * that prefix, each call behind its own permission (`requirePermission`, src/site/roles.ts), and no
 * answer of the area is kept by a browser or a shared cache.
 */
import { Hono } from 'hono';
import { areas } from '../../api/areas';
import type { AppEnv } from '../shared/http';
import { consoleCatalog } from './console-catalog';
import { consoleCollections } from './collections';
import { consoleIndexes } from './indexes';
import { consoleContent } from './console-content';
import { consoleCustomers } from './console-customers';
import { consoleDesign } from './console-design';
import { consoleErrors } from './console-errors';
import { consoleFiles } from './console-files';
import { consoleFormSettings } from './form-settings';
import { consoleOperations } from './console-operations';
import { consoleSettings } from './console-settings';
import { consoleTeam } from './console-team';
import { productStock } from './inventory';
import { consolePages } from './pages';
import { productsCsv } from './products-csv';
import { versions } from './versions';

/** Where the worker mounts `consoleApi`. */
export const CONSOLE_API_PATH = areas.console;

export const consoleApi = new Hono<AppEnv>();

// Set before as well as after: a refusal is thrown, and the worker's onError writes it with the headers set so far.
consoleApi.use('*', async (c, next) => {
  c.header('cache-control', 'no-store');
  await next();
  c.header('cache-control', 'no-store');
});

for (const area of [
  consoleDesign,
  productsCsv,
  consoleCatalog,
  productStock,
  versions,
  consoleTeam,
  consoleOperations,
  consoleCustomers,
  consoleSettings,
  consoleContent,
  consolePages,
  consoleCollections,
  consoleIndexes,
  consoleFormSettings,
  consoleFiles,
  consoleErrors,
])
  consoleApi.route('/', area);
