/**
 * `npm run site -- export|import|publish DIR`, `npm run site -- generate --out DIR`: whole stores
 * in and out of a folder (scripts/site/cli.ts; run through tsx, which loads the site schema and the
 * template engine from src/ as they are).
 */
import { main } from './site/cli.ts';

process.exitCode = await main(process.argv.slice(2));
