import { afterEach, describe, expect, it, vi } from 'vitest';
import { placesProvider, PlacesUnavailable } from './places';

describe('places provider', () => {
  afterEach(() => vi.restoreAllMocks());

  it('turns an unreachable provider into PlacesUnavailable (the route answers 502)', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new Error('timeout'));
    const google = placesProvider({ PLACES_PROVIDER: 'google', GOOGLE_MAPS_API_KEY: 'key' });
    await expect(google.autocomplete('market', null)).rejects.toBeInstanceOf(PlacesUnavailable);
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('down', { status: 503 }));
    await expect(google.details('x', null)).rejects.toThrow('The address service answered 503.');
  });

  it('refuses to run the real provider without its key', () => {
    expect(() => placesProvider({ PLACES_PROVIDER: 'google' })).toThrow('GOOGLE_MAPS_API_KEY');
    expect(placesProvider({})).toBeDefined();
  });
});
