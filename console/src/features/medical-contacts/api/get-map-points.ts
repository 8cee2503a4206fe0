import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContactListResponse } from '@contract/medical-contacts.js';
import type { ContactFilterParams } from '../contact-query.js';
import { getContacts } from './get-contacts.js';
import { contactMapQueryKey } from './keys.js';

/** The map draws at most this many points; past it, it says how many it left out. */
export const MAP_POINT_LIMIT = 2000;
const PAGE_SIZE = 200;

export interface MapPoint {
  id: number;
  name: string;
  city: string;
  latitude: number;
  longitude: number;
  isMasterOfMedicine: boolean;
  /** At its city's centre, not its address. */
  locationApproximate: boolean;
}

export interface MapPoints {
  points: MapPoint[];
  /** Findable contacts matching the filter, drawn or not. */
  total: number;
}

function toPoints(page: ContactListResponse): MapPoint[] {
  return page.items.flatMap(({ id, name, city, latitude, longitude, isMasterOfMedicine, locationApproximate }) =>
    latitude === null || longitude === null ? [] : [{ id, name, city, latitude, longitude, isMasterOfMedicine, locationApproximate }],
  );
}

/** The located contacts of the current filter, up to MAP_POINT_LIMIT, Masters of Medicine first. */
export async function getMapPoints(filter: ContactFilterParams): Promise<MapPoints> {
  if (filter.findable === 'no') return { points: [], total: 0 };
  const findable = filter.findable === 'approximate' ? ('approximate' as const) : ('yes' as const);
  const params = { filter: { ...filter, findable }, pageSize: PAGE_SIZE, sort: 'name' as const, order: 'asc' as const };
  const first = await getContacts({ ...params, page: 1 });
  const pages = Math.min(Math.ceil(first.total / PAGE_SIZE), MAP_POINT_LIMIT / PAGE_SIZE);
  const rest = await Promise.all(Array.from({ length: Math.max(pages - 1, 0) }, (_, index) => getContacts({ ...params, page: index + 2 })));
  return { points: [first, ...rest].flatMap(toPoints), total: first.total };
}

export function mapPointsQueryOptions(filter: ContactFilterParams) {
  return queryOptions({ queryKey: contactMapQueryKey(filter), queryFn: () => getMapPoints(filter) });
}

export function useMapPoints(filter: ContactFilterParams) {
  return useQuery(mapPointsQueryOptions(filter));
}
