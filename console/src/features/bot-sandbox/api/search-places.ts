import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { PlaceSchema, type Place } from '@contract/bot-sandbox.js';
import { apiRequest } from '../../../lib/api-client.js';
import { SANDBOX_URL, placesQueryKey } from './keys.js';

const PlaceListSchema = z.array(PlaceSchema);

/** Gazetteer places whose names match the text, for the city picker. */
export async function searchPlaces(query: string): Promise<Place[]> {
  return PlaceListSchema.parse(await apiRequest<unknown>('GET', `${SANDBOX_URL}/places?q=${encodeURIComponent(query)}`));
}

export function usePlaceSearch(query: string) {
  const text = query.trim();
  return useQuery({
    ...queryOptions({ queryKey: placesQueryKey(text), queryFn: () => searchPlaces(text) }),
    enabled: text.length >= 2,
    placeholderData: keepPreviousData,
  });
}
