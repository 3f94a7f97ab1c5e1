/**
 * Fault injection for tests and benchmarks. Each integration (email, captcha, payments, places,
 * instalment pages, session recording) and each storage access (KV, Durable Object calls, the
 * Cache API, alarms) passes through one of the wrappers below, which can make it fail, hang until
 * its timeout, answer slowly, or do its work and then lose the answer (a Durable Object reset after
 * its write, a payment provider timing out after the charge).
 *
 * Faults are switched on only by `injectFaults`, which nothing under src/ calls: the tests and the
 * soak benchmark do (test/architecture.test.ts holds that). With no fault injected every wrapper
 * gives back what it was given, so production pays one array-length check per wrap.
 */

export type FaultTarget =
  | 'email'
  | 'captcha'
  | 'payments'
  | 'places'
  | 'instalments'
  | 'session-recording'
  | 'kv'
  | 'durable-object'
  | 'cache'
  | 'alarm';

/**
 * - `fail`: the call fails at once, as the dependency's outage would.
 * - `hang`: the call waits `delayMs` (the caller's timeout) and then fails with a timeout.
 * - `slow`: the call waits `delayMs` and then succeeds.
 * - `lose-response`: the call is made and takes effect, then its answer is lost.
 * - `kill`: at a `faultPoint` given a kill function, the process dies there (a deploy or a crash between two steps):
 *   a Durable Object aborts itself, so what it held in memory is gone and only what it committed remains.
 *   Elsewhere it fails like `fail`.
 * - `bug`: the call throws an error no dependency's outage gives (nothing marks it retryable), as a bug of ours
 *   would: what the store answers for an unexpected exception.
 */
export type FaultMode = 'fail' | 'hang' | 'slow' | 'lose-response' | 'kill' | 'bug';

export interface Fault {
  target: FaultTarget;
  mode: FaultMode;
  /** Only calls whose name (binding, object class or method, `BINDING.method`) contains this. */
  name?: string;
  /** How many calls to fault before the fault ends (unbounded when absent). */
  times?: number;
  /** The chance that a matching call is faulted (1 when absent). */
  probability?: number;
  /** For `hang` and `slow`. */
  delayMs?: number;
}

interface ActiveFault extends Fault {
  left: number;
}

let active: ActiveFault[] = [];
const injected = new Map<string, number>();

export function injectFaults(faults: readonly Fault[]): void {
  active = [...active, ...faults.map((fault) => ({ ...fault, left: fault.times ?? Number.POSITIVE_INFINITY }))];
}

export function clearFaults(): void {
  active = [];
  injected.clear();
}

/** How many faults were injected, by `target:mode`. */
export function injectedFaults(): Record<string, number> {
  return Object.fromEntries(injected);
}

export function faultsActive(): boolean {
  return active.length > 0;
}

/** The fault a call `target`/`name` meets now, if any (counting it). */
function faultFor(target: FaultTarget, name: string): ActiveFault | null {
  for (const fault of active) {
    if (fault.target !== target || fault.left <= 0) continue;
    if (fault.name !== undefined && !name.includes(fault.name)) continue;
    if (fault.probability !== undefined && Math.random() >= fault.probability) continue;
    fault.left -= 1;
    const kind = `${target}:${fault.mode}`;
    injected.set(kind, (injected.get(kind) ?? 0) + 1);
    return fault;
  }
  return null;
}

/** The error a target's outage gives, shaped as the platform's own (Durable Object errors carry `retryable`). */
export function faultError(target: FaultTarget, name: string): Error {
  const message = {
    email: 'email provider unavailable',
    captcha: 'captcha service unavailable',
    payments: 'payment provider unavailable',
    places: 'address search unavailable',
    instalments: 'instalment provider unavailable',
    'session-recording': 'session recording unavailable',
    kv: 'KV GET failed: 503 Service Unavailable',
    'durable-object': 'Durable Object reset because its code was updated.',
    cache: 'Cache API unavailable',
    alarm: 'alarm handler failed',
  }[target];
  return Object.assign(new Error(`${message} (injected fault in ${name})`), { retryable: true, injectedFault: true });
}

function timeoutError(name: string): Error {
  return Object.assign(new DOMException(`The operation timed out (injected fault in ${name})`, 'TimeoutError'), {
    retryable: true,
    injectedFault: true,
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `call` through whatever fault `target`/`name` meets now. */
export async function throughFault<T>(target: FaultTarget, name: string, call: () => Promise<T> | T): Promise<T> {
  const fault = faultFor(target, name);
  return fault === null ? call() : applyFault(fault, target, name, call);
}

async function applyFault<T>(
  fault: ActiveFault,
  target: FaultTarget,
  name: string,
  call: () => Promise<T> | T,
): Promise<T> {
  switch (fault.mode) {
    case 'fail':
    case 'kill':
      throw faultError(target, name);
    case 'hang':
      await sleep(fault.delayMs ?? 0);
      throw timeoutError(name);
    case 'slow':
      await sleep(fault.delayMs ?? 0);
      return call();
    case 'lose-response':
      await call();
      throw faultError(target, name);
    case 'bug':
      throw new TypeError(`Cannot read properties of undefined (injected bug in ${name})`);
  }
}

/**
 * A point where an injected fault may strike with nothing to wrap (an alarm handler's start, a step
 * of placing an order). `kill` is how the caller dies for a `kill` fault (`() => ctx.abort()`).
 */
export async function faultPoint(target: FaultTarget, name: string, kill?: () => void): Promise<void> {
  if (active.length === 0) return;
  const fault = faultFor(target, name);
  if (fault === null) return;
  if (fault.mode === 'kill') kill?.();
  await applyFault(fault, target, name, () => undefined);
}

/**
 * `impl` with each method call passing through `target`'s faults. Integrations whose failure is an
 * answer rather than an exception (a captcha check that cannot reach its service says "no") give
 * `failedAnswer`, which a `fail` or `hang` then returns instead of throwing.
 */
export function faultable<T extends object>(
  target: FaultTarget,
  impl: T,
  label: string = target,
  failedAnswer?: () => unknown,
): T {
  if (active.length === 0) return impl;
  return new Proxy(impl, {
    get(object, key, receiver) {
      const value = Reflect.get(object, key, receiver) as unknown;
      if (key === 'then' || typeof key !== 'string' || typeof value !== 'function') return value;
      const name = `${label}.${key}`;
      return (...args: unknown[]) =>
        throughFault(target, name, () => Reflect.apply(value as (...a: unknown[]) => unknown, object, args)).catch(
          (error: unknown) => {
            if (failedAnswer !== undefined && (error as { injectedFault?: boolean }).injectedFault === true)
              return failedAnswer();
            throw error;
          },
        );
    },
  });
}

/** A Durable Object namespace binding, as far as this layer needs to know it (it runs under Node's type check too). */
interface Namespace {
  idFromName(name: string): unknown;
}

function isNamespace(value: unknown): value is Namespace {
  return (
    typeof value === 'object' && value !== null && typeof (value as { idFromName?: unknown }).idFromName === 'function'
  );
}

function isKv(value: unknown): value is object {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { getWithMetadata?: unknown }).getWithMetadata === 'function'
  );
}

function faultableNamespace(namespace: Namespace, binding: string): Namespace {
  return new Proxy(namespace, {
    get(object, key) {
      const value = Reflect.get(object, key, object) as unknown;
      if (typeof value !== 'function') return value;
      if (key === 'get' || key === 'getByName') {
        return (...args: unknown[]) =>
          faultable('durable-object', Reflect.apply(value as (...a: unknown[]) => object, object, args), binding);
      }
      return (value as (...a: unknown[]) => unknown).bind(object);
    },
  });
}

/**
 * The worker's bindings with KV namespaces and Durable Object namespaces passing through the
 * injected faults; `env` itself when none is injected.
 */
export function withFaults<E extends object>(env: E): E {
  if (active.length === 0) return env;
  const wrapped = new Map<string | symbol, unknown>();
  return new Proxy(env, {
    get(object, key) {
      const value = Reflect.get(object, key) as unknown;
      if (typeof key !== 'string') return value;
      if (!wrapped.has(key)) {
        wrapped.set(
          key,
          isNamespace(value) ? faultableNamespace(value, key) : isKv(value) ? faultable('kv', value, key) : value,
        );
      }
      return wrapped.get(key);
    },
  });
}
