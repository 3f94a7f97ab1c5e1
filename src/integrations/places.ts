/**
 * Address search behind one interface, for the editor and for shoppers at checkout. `PLACES_PROVIDER=local` (dev and tests)
 * searches a small built-in list; `google` calls the Places API with the `GOOGLE_MAPS_API_KEY`
 * secret and a 5 s timeout: an unreachable or failing provider is a `PlacesUnavailable` error,
 * which the route answers with 502, never a hang.
 */
import { faultable } from '../faults';

export interface PlacePrediction {
  placeId: string;
  description: string;
}

/** The parts of an address a checkout form fills (each '' when the place has none). */
export interface PlaceAddress {
  address1: string;
  city: string;
  region: string;
  postalCode: string;
  countryCode: string;
}

export interface PlaceDetails {
  placeId: string;
  formattedAddress: string;
  location: { lat: number; lng: number };
  address: PlaceAddress;
}

export interface PlacesProvider {
  autocomplete(input: string, sessionToken: string | null): Promise<PlacePrediction[]>;
  details(placeId: string, sessionToken: string | null): Promise<PlaceDetails | null>;
}

export class PlacesUnavailable extends Error {}

const place = (
  placeId: string,
  formattedAddress: string,
  lat: number,
  lng: number,
  address1: string,
  city: string,
  region: string,
  postalCode: string,
  countryCode: string,
): PlaceDetails => ({
  placeId,
  formattedAddress,
  location: { lat, lng },
  address: { address1, city, region, postalCode, countryCode },
});

const LOCAL_PLACES: readonly PlaceDetails[] = [
  place(
    'local-market-st',
    '12 Market Street, San Francisco, CA 94103, USA',
    37.7936,
    -122.3958,
    '12 Market Street',
    'San Francisco',
    'CA',
    '94103',
    'US',
  ),
  place(
    'local-main-st',
    '1 Main Street, Springfield, IL 62701, USA',
    39.7817,
    -89.6501,
    '1 Main Street',
    'Springfield',
    'IL',
    '62701',
    'US',
  ),
  place(
    'local-queen-st',
    '100 Queen Street West, Toronto, ON M5H 2N2, Canada',
    43.6525,
    -79.3832,
    '100 Queen Street West',
    'Toronto',
    'ON',
    'M5H 2N2',
    'CA',
  ),
  place(
    'local-george-st',
    '200 George Street, Sydney NSW 2000, Australia',
    -33.8651,
    151.2078,
    '200 George Street',
    'Sydney',
    'NSW',
    '2000',
    'AU',
  ),
  place(
    'local-baker-st',
    '221B Baker Street, London NW1 6XE, UK',
    51.5238,
    -0.1586,
    '221B Baker Street',
    'London',
    '',
    'NW1 6XE',
    'GB',
  ),
];

export const localPlaces: PlacesProvider = {
  async autocomplete(input) {
    const needle = input.trim().toLowerCase();
    return LOCAL_PLACES.filter((p) => p.formattedAddress.toLowerCase().includes(needle)).map((p) => ({
      placeId: p.placeId,
      description: p.formattedAddress,
    }));
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

interface GoogleComponent {
  long_name: string;
  short_name: string;
  types: string[];
}

/** Google's address components as the parts a form fills. */
export function googleAddress(components: readonly GoogleComponent[]): PlaceAddress {
  const part = (type: string, form: 'long_name' | 'short_name' = 'long_name') =>
    components.find((c) => c.types.includes(type))?.[form] ?? '';
  return {
    address1: [part('street_number'), part('route')].filter((p) => p !== '').join(' '),
    city: part('locality') || part('postal_town'),
    region: part('administrative_area_level_1', 'short_name'),
    postalCode: part('postal_code'),
    countryCode: part('country', 'short_name'),
  };
}

function googlePlaces(apiKey: string): PlacesProvider {
  const base = 'https://maps.googleapis.com/maps/api/place';
  const token = (sessionToken: string | null) =>
    sessionToken === null ? '' : `&sessiontoken=${encodeURIComponent(sessionToken)}`;
  return {
    async autocomplete(input, sessionToken) {
      const body = await googleJson(
        `${base}/autocomplete/json?input=${encodeURIComponent(input)}&key=${apiKey}${token(sessionToken)}`,
      );
      const predictions = Array.isArray(body.predictions)
        ? (body.predictions as { place_id: string; description: string }[])
        : [];
      return predictions.map((p) => ({ placeId: p.place_id, description: p.description }));
    },
    async details(placeId, sessionToken) {
      const body = await googleJson(
        `${base}/details/json?place_id=${encodeURIComponent(placeId)}&fields=formatted_address,geometry,address_component&key=${apiKey}${token(sessionToken)}`,
      );
      const result = body.result as
        | {
            formatted_address?: string;
            geometry?: { location?: { lat: number; lng: number } };
            address_components?: GoogleComponent[];
          }
        | undefined;
      if (result?.formatted_address === undefined || result.geometry?.location === undefined) return null;
      return {
        placeId,
        formattedAddress: result.formatted_address,
        location: result.geometry.location,
        address: googleAddress(result.address_components ?? []),
      };
    },
  };
}

export function placesProvider(env: { PLACES_PROVIDER?: string; GOOGLE_MAPS_API_KEY?: string }): PlacesProvider {
  return faultable('places', configuredPlaces(env), 'places', () => {
    throw new PlacesUnavailable('The address service did not answer in time.');
  });
}

function configuredPlaces(env: { PLACES_PROVIDER?: string; GOOGLE_MAPS_API_KEY?: string }): PlacesProvider {
  if (env.PLACES_PROVIDER !== 'google') return localPlaces;
  if (env.GOOGLE_MAPS_API_KEY === undefined)
    throw new Error('PLACES_PROVIDER is google but the GOOGLE_MAPS_API_KEY secret is missing');
  return googlePlaces(env.GOOGLE_MAPS_API_KEY);
}
