import type { Sql } from './database.js';

/** A contact row as stored, every column given (bulk loads: demo data). */
export interface NewMedicalContact {
  name: string;
  phone: string;
  specialty: string;
  city: string;
  region: string;
  country: string;
  latitude: number | null;
  longitude: number | null;
  contactMethod: 'phone' | 'telegram' | 'whatsapp';
  telegramUsername: string | null;
  startMessage: string | null;
  specialInstructions: string | null;
  passwordRequired: boolean;
  isWhatsappOnly: boolean;
  availableHours: string;
  responseTime: string;
  languages: string[];
  rating: number;
  verified: boolean;
  verifiedAt: Date | null;
  verifiedBy: number | null;
  isActive: boolean;
  isMasterOfMedicine: boolean;
  comments: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** Inserts contacts in one statement; returns their ids in the order given. */
export async function insertMedicalContacts(sql: Sql, contacts: NewMedicalContact[]): Promise<number[]> {
  if (contacts.length === 0) return [];
  const rows = await sql<{ id: number }[]>`INSERT INTO medical_contacts ${sql(contacts)} RETURNING id`;
  return rows.map((row) => row.id);
}

/** The ids of the contacts with these phone numbers, by phone. */
export async function findContactIdsByPhone(sql: Sql, phones: string[]): Promise<Map<string, number>> {
  const rows = await sql<{ id: number; phone: string }[]>`SELECT id, phone FROM medical_contacts WHERE phone = ANY(${phones})`;
  return new Map(rows.map((row) => [row.phone, row.id]));
}

/** Adds per-day request counts of contacts, summing with counts already there. */
export async function addContactDailyRequests(sql: Sql, rows: { contactId: number; day: string; requests: number }[]): Promise<void> {
  if (rows.length === 0) return;
  await sql`
    INSERT INTO contact_daily_requests AS counts (contact_id, day, requests)
    SELECT * FROM unnest(${rows.map((row) => row.contactId)}::bigint[], ${rows.map((row) => row.day)}::date[],
      ${rows.map((row) => row.requests)}::int[])
    ON CONFLICT (contact_id, day) DO UPDATE SET requests = counts.requests + excluded.requests`;
}
