import { useQuery } from '@tanstack/react-query';
import { SpecialtyListSchema, taxonomyOfList, type SpecialtyList, type SpecialtyTaxonomy } from '@contract/specialties.js';
import { apiRequest } from './api-client.js';

/**
 * The specialties' taxonomy (GET /api/specialties): the contact form and the bulk edit pick from it,
 * Settings → Specialties keeps it, and invalidates this key on every change.
 */
export const SPECIALTIES_URL = '/api/specialties';
export const specialtiesQueryKey = [SPECIALTIES_URL] as const;

export async function getSpecialties(): Promise<SpecialtyList> {
  return SpecialtyListSchema.parse(await apiRequest<unknown>('GET', SPECIALTIES_URL));
}

export function useSpecialties() {
  return useQuery({ queryKey: specialtiesQueryKey, queryFn: getSpecialties });
}

/** The taxonomy as the server has it; the known specialties alone until it has answered. */
export function useSpecialtyTaxonomy(): SpecialtyTaxonomy {
  const { data } = useSpecialties();
  return taxonomyOfList(data);
}
