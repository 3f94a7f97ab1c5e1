/**
 * Address search for the editor behind one interface. `PLACES_PROVIDER=local` (dev and tests)
 * searches a small built-in list; `google` calls the Places API with the `GOOGLE_MAPS_API_KEY`
 * secret and a 5 s timeout: an unreachable or failing provider is a `PlacesUnavailable` error,
 * which the route answers with 502, never a hang.
 */
export interface PlacePrediction {
  placeId: string;
  description: string;
}

export interface PlaceDetails {
  placeId: string;
  formattedAddress: string;
  location: { lat: number; lng: number };
}

export interface PlacesProvider {
  autocomplete(input: string, sessionToken: string | null): Promise<PlacePrediction[]>;
  details(placeId: string, sessionToken: string | null): Promise<PlaceDetails | null>;
}

export class PlacesUnavailable extends Error {}

const LOCAL_PLACES: readonly PlaceDetails[] = [
  { placeId: 'local-market-st', formattedAddress: '12 Market Street, San Francisco, CA 94103, USA', location: { lat: 37.7936, lng: -122.3958 } },
  { placeId: 'local-main-st', formattedAddress: '1 Main Street, Springfield, IL 62701, USA', location: { lat: 39.7817, lng: -89.6501 } },
  { placeId: 'local-queen-st', formattedAddress: '100 Queen Street West, Toronto, ON M5H 2N2, Canada', location: { lat: 43.6525, lng: -79.3832 } },
  { placeId: 'local-george-st', formattedAddress: '200 George Street, Sydney NSW 2000, Australia', location: { lat: -33.8651, lng: 151.2078 } },
  { placeId: 'local-baker-st', formattedAddress: '221B Baker Street, London NW1 6XE, UK', location: { lat: 51.5238, lng: -0.1586 } },
];

export const localPlaces: PlacesProvider = {
  async autocomplete(input) {
    const needle = input.trim().toLowerCase();
    return LOCAL_PLACES.filter((p) => p.formattedAddress.toLowerCase().includes(needle)).map((p) => ({ placeId: p.placeId, description: p.formattedAddress }));
  },
  async details(placeId) {
    return LOCAL_PLACES.find((p) => p.placeId === placeId) ?? null;
  },
};

const TIMEOUT_MS = 5000;

async function googleJson(url: string): Promise<Record<string, unknown>> {
  let res: Response;
  try {
    res = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch {
    throw new PlacesUnavailable('The address service did not answer in time.');
  }
  if (!res.ok) throw new PlacesUnavailable(`The address service answered ${res.status}.`);
  return (await res.json()) as Record<string, unknown>;
}

function googlePlaces(apiKey: string): PlacesProvider {
  const base = 'https://maps.googleapis.com/maps/api/place';
  const token = (sessionToken: string | null) => (sessionToken === null ? '' : `&sessiontoken=${encodeURIComponent(sessionToken)}`);
  return {
    async autocomplete(input, sessionToken) {
      const body = await googleJson(`${base}/autocomplete/json?input=${encodeURIComponent(input)}&key=${apiKey}${token(sessionToken)}`);
      const predictions = Array.isArray(body.predictions) ? (body.predictions as { place_id: string; description: string }[]) : [];
      return predictions.map((p) => ({ placeId: p.place_id, description: p.description }));
    },
    async details(placeId, sessionToken) {
      const body = await googleJson(`${base}/details/json?place_id=${encodeURIComponent(placeId)}&fields=formatted_address,geometry&key=${apiKey}${token(sessionToken)}`);
      const result = body.result as { formatted_address?: string; geometry?: { location?: { lat: number; lng: number } } } | undefined;
      if (result?.formatted_address === undefined || result.geometry?.location === undefined) return null;
      return { placeId, formattedAddress: result.formatted_address, location: result.geometry.location };
    },
  };
}

export function placesProvider(env: { PLACES_PROVIDER?: string; GOOGLE_MAPS_API_KEY?: string }): PlacesProvider {
  if (env.PLACES_PROVIDER !== 'google') return localPlaces;
  if (env.GOOGLE_MAPS_API_KEY === undefined) throw new Error('PLACES_PROVIDER is google but the GOOGLE_MAPS_API_KEY secret is missing');
  return googlePlaces(env.GOOGLE_MAPS_API_KEY);
}
