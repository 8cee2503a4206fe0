import { resolveCountry } from '../api/contract/country-lookup.js';
import { resolveSpokenLanguage } from '../api/contract/spoken-languages.js';
import type { Sql } from './database.js';

/**
 * Countries and languages written before they were codes (migrations 046 and 047) are set aside in
 * `country_unrecognised` and `languages_unrecognised`. These steps give each name the directory knows
 * its code, read by the same rules as the API and the CSV import; a name they do not know stays set
 * aside for staff.
 */

/** The names among `values` that stand for a code, with it. */
function known(values: string[], resolve: (text: string) => string | undefined): { values: string[]; codes: string[] } {
  const found = values.flatMap((value) => {
    const code = resolve(value);
    return code ? [{ value, code }] : [];
  });
  return { values: found.map((entry) => entry.value), codes: found.map((entry) => entry.code) };
}

/** Each contact whose set-aside country names one the directory knows gets its code. */
export async function recogniseContactCountries(sql: Sql): Promise<void> {
  const rows = await sql<{ value: string }[]>`
    SELECT DISTINCT country_unrecognised AS value FROM medical_contacts WHERE country_unrecognised IS NOT NULL`;
  const mapping = known(rows.map((row) => row.value), resolveCountry);
  if (mapping.values.length === 0) return;
  await sql`
    UPDATE medical_contacts c SET country = m.code, country_unrecognised = NULL
    FROM unnest(${mapping.values}::text[], ${mapping.codes}::text[]) AS m (value, code)
    WHERE c.country_unrecognised = m.value`;
}

/**
 * Each contact's set-aside languages that the directory knows join its languages as codes, in the
 * order written and each once; the others stay set aside.
 */
export async function recogniseContactLanguages(sql: Sql): Promise<void> {
  const rows = await sql<{ value: string }[]>`
    SELECT DISTINCT unnest(languages_unrecognised) AS value FROM medical_contacts WHERE languages_unrecognised <> '{}'`;
  const mapping = known(rows.map((row) => row.value), resolveSpokenLanguage);
  if (mapping.values.length === 0) return;
  await sql`
    WITH mapping AS (SELECT * FROM unnest(${mapping.values}::text[], ${mapping.codes}::text[]) AS m (value, code))
    UPDATE medical_contacts c SET
      languages = c.languages || ARRAY(
        SELECT m.code FROM unnest(c.languages_unrecognised) WITH ORDINALITY AS written (value, position)
        JOIN mapping m ON m.value = written.value
        WHERE m.code <> ALL (c.languages)
        GROUP BY m.code ORDER BY min(written.position)),
      languages_unrecognised = ARRAY(
        SELECT written.value FROM unnest(c.languages_unrecognised) WITH ORDINALITY AS written (value, position)
        WHERE written.value NOT IN (SELECT value FROM mapping)
        ORDER BY written.position)
    WHERE c.languages_unrecognised && ${mapping.values}::text[]`;
}
