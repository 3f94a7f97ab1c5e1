/**
 * The editor's commerce preferences per namespace: fetched once and cached, refetched when the
 * `COMMERCE_PREFERENCES_REFETCH_{namespace}` event fires, saved only when something changed.
 * The server's answer carries the websiteId, which is stripped on read. Fetch and save failures
 * are reported, then rethrown to the caller.
 */
export const REFETCH_EVENT_PREFIX = 'COMMERCE_PREFERENCES_REFETCH_';

export type Preferences = Record<string, unknown>;

export interface PreferencesTransport {
  get(namespace: string): Promise<Preferences>;
  put(namespace: string, preferences: Preferences): Promise<void>;
}

export class CommercePreferences {
  private readonly cache = new Map<string, Promise<Preferences>>();

  constructor(
    private readonly transport: PreferencesTransport,
    private readonly report: (error: unknown, context: string) => void,
    events: EventTarget = globalThis as unknown as EventTarget,
    namespaces: readonly string[] = [],
  ) {
    for (const namespace of namespaces)
      events.addEventListener(`${REFETCH_EVENT_PREFIX}${namespace}`, () => this.cache.delete(namespace));
  }

  get(namespace: string): Promise<Preferences> {
    let cached = this.cache.get(namespace);
    if (cached === undefined) {
      cached = this.transport.get(namespace).then(
        ({ websiteId: _websiteId, ...preferences }) => preferences,
        (error: unknown) => {
          this.cache.delete(namespace);
          this.report(error, `fetching commerce preferences '${namespace}'`);
          throw error;
        },
      );
      this.cache.set(namespace, cached);
    }
    return cached;
  }

  /** Saves unless nothing changed; returns whether a save was made. */
  async save(namespace: string, preferences: Preferences): Promise<boolean> {
    const current = await this.get(namespace);
    if (JSON.stringify(current) === JSON.stringify(preferences)) return false;
    try {
      await this.transport.put(namespace, preferences);
    } catch (error) {
      this.report(error, `saving commerce preferences '${namespace}'`);
      throw error;
    }
    this.cache.set(namespace, Promise.resolve(preferences));
    return true;
  }
}
