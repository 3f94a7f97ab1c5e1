/**
 * What opts a local run into development: wrangler.toml holds the production values, so
 * `npm start`, the browser tests, the benchmarks and the worker tests pass these instead (the demo
 * store on every host, its demo accounts, plain non-Secure cookies on http://localhost, the local
 * captcha, email recorded in a local mailbox instead of sent, the local payment provider's test cards, CDN purges logged instead of sent,
 * pixel events recorded for /dev/trackers, the session-recording stand-in script for eligible visitors).
 */
export const DEVELOPMENT_VARS = {
  ENVIRONMENT: 'development',
  CAPTCHA_PROVIDER: 'local',
  EMAIL_PROVIDER: 'local',
  PAYMENT_PROVIDER: 'local',
  CDN_PURGE: 'local',
  TRACKER_PROVIDER: 'local',
  SESSION_RECORDING_PROVIDER: 'local',
  SESSION_RECORDING: 'on',
};

/** `wrangler dev` arguments that set them (`--var NAME:value`). */
export function developmentVarArgs() {
  return Object.entries(DEVELOPMENT_VARS).flatMap(([name, value]) => ['--var', `${name}:${value}`]);
}
