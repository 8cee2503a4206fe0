import { checkSpecialty } from './contract/specialties.js';
import { badRequest } from './errors.js';
import type { Sql } from '../sql/database.js';
import { loadSpecialtyTaxonomy } from '../sql/specialties.js';

/**
 * A contact's specialty as it is stored, by the taxonomy's one rule (`checkSpecialty`): the
 * specialty's English name for any of its names or synonyms, empty for empty; anything else is a
 * 400 naming `specialty`, with the nearest names.
 */
export async function storedSpecialty(sql: Sql, text: string): Promise<string> {
  if (text.trim() === '') return '';
  const checked = checkSpecialty(text, await loadSpecialtyTaxonomy(sql));
  if ('error' in checked) throw badRequest(checked.error, 'specialty');
  return checked.specialty;
}
