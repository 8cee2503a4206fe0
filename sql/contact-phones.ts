import type { Sql } from './database.js';
import { phoneInE164 } from '../api/contract/phone-numbers.js';

/**
 * Reads the phones not read yet (medical_contacts.phone_status NULL, migration 049) as numbers of
 * their contact's country: a valid one is rewritten in E.164, any other kept exactly as typed and
 * marked unreadable, for staff to correct. Read once per distinct phone and country. Returns how
 * many contacts it read; cheap (one index probe) when there are none.
 */
export async function readContactPhones(sql: Sql): Promise<number> {
  const rows = await sql<{ id: number; phone: string; country: string }[]>`
    SELECT id, phone, country FROM medical_contacts WHERE phone_status IS NULL`;
  if (rows.length === 0) return 0;
  const read = new Map<string, { phone: string; status: 'e164' | 'unreadable' }>();
  const readingOf = (row: (typeof rows)[number]) => {
    const key = `${row.phone}\u0000${row.country}`;
    let reading = read.get(key);
    if (!reading) {
      const phone = phoneInE164(row.phone, row.country);
      reading = phone ? { phone, status: 'e164' } : { phone: row.phone, status: 'unreadable' };
      read.set(key, reading);
    }
    return reading;
  };
  const readings = rows.map(readingOf);
  // The phone and country read are part of the match: a contact changed meanwhile is left for the next reading.
  const result = await sql`
    UPDATE medical_contacts m SET phone = u.read, phone_status = u.status
    FROM unnest(${rows.map((row) => row.id)}::bigint[], ${rows.map((row) => row.phone)}::text[], ${rows.map((row) => row.country)}::text[],
      ${readings.map((reading) => reading.phone)}::text[], ${readings.map((reading) => reading.status)}::text[]) AS u(id, typed, country, read, status)
    WHERE m.id = u.id AND m.phone_status IS NULL AND m.phone = u.typed AND m.country = u.country`;
  return result.count;
}

