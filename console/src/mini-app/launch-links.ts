/** A point on the globe, as the contract's MiniAppPoint (named here: the server's tests import this module without the console's paths). */
export interface MiniAppPoint {
  latitude: number;
  longitude: number;
}

/** What the search asks for besides its point (the bot's filters). */
export interface SearchFilters {
  specialty: string | undefined;
  openNow: boolean;
  myLanguages: boolean;
}

const NO_FILTERS: SearchFilters = { specialty: undefined, openNow: false, myLanguages: false };

/** A coordinate from the address: a number within ±limit, else nothing. */
function coordinate(value: string | null, limit: number): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const number = Number(value);
  return Number.isFinite(number) && Math.abs(number) <= limit ? number : undefined;
}

/**
 * The point and filters the page opens on, from its address: the bot's Map button names the answer's
 * point and filters (latitude, longitude, specialty, openNow=1); without a point the page finds one itself.
 */
export function openingSearch(query: string): { point: MiniAppPoint | undefined; filters: SearchFilters } {
  const params = new URLSearchParams(query);
  const latitude = coordinate(params.get('latitude'), 90);
  const longitude = coordinate(params.get('longitude'), 180);
  const specialty = params.get('specialty')?.trim() || undefined;
  return {
    point: latitude !== undefined && longitude !== undefined ? { latitude, longitude } : undefined,
    filters: { ...NO_FILTERS, specialty, openNow: params.get('openNow') === '1' },
  };
}

/** GET /api/mini-app/nearest's query for a point, its filters and a page. */
export function nearestQuery(point: MiniAppPoint, filters: SearchFilters, offset: number): string {
  const params = new URLSearchParams({ latitude: point.latitude.toFixed(5), longitude: point.longitude.toFixed(5) });
  if (filters.specialty) params.set('specialty', filters.specialty);
  if (filters.openNow) params.set('openNow', 'true');
  if (filters.myLanguages) params.set('myLanguages', 'true');
  if (offset > 0) params.set('offset', String(offset));
  return params.toString();
}

/** Platforms whose own maps app is Apple Maps: its links open it there, as Google's open Google Maps elsewhere. */
const APPLE_PLATFORMS = new Set(['ios', 'macos']);

/** A directions link to the point that the platform's maps app opens (Telegram opens only http and https links). */
export function routeUrl(platform: string, point: MiniAppPoint): string {
  const destination = `${point.latitude},${point.longitude}`;
  return APPLE_PLATFORMS.has(platform)
    ? `https://maps.apple.com/?daddr=${destination}`
    : `https://www.google.com/maps/dir/?api=1&destination=${destination}`;
}

/** "{distance} km" with the figure in the user's number format, one decimal under 10 km. */
export function distanceText(template: string, km: number, language: string): string {
  const figure = new Intl.NumberFormat(language, { maximumFractionDigits: km < 10 ? 1 : 0 }).format(km);
  return template.replace('{distance}', figure);
}

/** Great-circle distance in km: whether the map has moved far enough from the search to offer searching there. */
export function kilometresBetween(a: MiniAppPoint, b: MiniAppPoint): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}
