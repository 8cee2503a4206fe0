import { CONTACT_RULES, type CreateContact, type UpdateContact } from './contract/medical-contacts.js';
import { readPhone } from './contract/phone-numbers.js';
import { pluralForm } from './contract/plural.js';
import { ApiError, badRequest } from './errors.js';
import { outsideCountryRefusals } from './outside-country.js';
import { storedSpecialty } from './specialty-check.js';
import type { Sql } from '../sql/database.js';
import { pointsInCountries } from '../sql/cities.js';
import {
  countTargetsWithoutTelegramUsername,
  findDuplicateContacts,
  geocodeContactPlace,
  toMedicalContact,
  type BulkContactChanges,
  type ContactColumns,
  type ContactTarget,
  type MedicalContactRecord,
} from '../sql/medical-contacts.js';

// The rules a contact is saved by (spec §2.7, §5), checked before its change is written: the API's
// form, edit and bulk edit each turn what was sent into the columns to write, or refuse it.

/** 409 with the look-alikes unless the caller chose to save a duplicate. */
async function refuseDuplicates(sql: Sql, contact: { name: string; phone: string; city: string }, at: Date, exceptId?: number): Promise<void> {
  const duplicates = await findDuplicateContacts(sql, contact, exceptId);
  if (duplicates.length === 0) return;
  throw new ApiError(
    409,
    `A contact with the same phone number, or the same name in the same city, already exists: ${duplicates[0]!.name} (${duplicates[0]!.city}). Save anyway to keep both.`,
    { duplicates: duplicates.map((record) => toMedicalContact(record, at)) },
  );
}

/** 400 for coordinates outside the contact's country, unless the request confirmed them. */
async function refuseOutsideCountry(sql: Sql, point: { latitude: number; longitude: number }, country: string): Promise<void> {
  const [refusal] = await outsideCountryRefusals([{ ...point, country }], (points) => pointsInCountries(sql, points));
  if (refusal) throw badRequest(refusal, 'location');
}

/** The coordinates of a place's centre in the gazetteer, marked approximate; none when it has no entry. */
async function placeCentre(sql: Sql, place: Parameters<typeof geocodeContactPlace>[1]): Promise<Pick<ContactColumns, 'latitude' | 'longitude' | 'locationApproximate'>> {
  const point = await geocodeContactPlace(sql, place);
  return { latitude: point?.latitude ?? null, longitude: point?.longitude ?? null, locationApproximate: point !== undefined };
}

/**
 * The columns of a new contact: its specialty as the taxonomy names it, not verified (ticking
 * Verified records a verification once the contact exists), and without coordinates the
 * gazetteer's for its place (approximate).
 */
export async function newContactColumns(sql: Sql, body: Omit<CreateContact, 'verificationMethod'>, at: Date): Promise<ContactColumns> {
  const { allowDuplicate, confirmOutsideCountry, ...typed } = body;
  const fields = { ...typed, specialty: await storedSpecialty(sql, typed.specialty) };
  const columns: ContactColumns = { ...fields, verified: false, verifiedAt: null, verifiedBy: null, locationApproximate: false };
  if (columns.latitude === null || columns.longitude === null) {
    Object.assign(columns, await placeCentre(sql, fields));
  } else if (!confirmOutsideCountry) {
    await refuseOutsideCountry(sql, { latitude: columns.latitude, longitude: columns.longitude }, fields.country);
  }
  if (!allowDuplicate) await refuseDuplicates(sql, fields, at);
  return columns;
}

/**
 * The fields of an edit, or of a verification's corrections, as they will be written, checked against
 * the contact as stored: the rules that span fields hold for the record as saved, and coordinates are
 * looked up again when the place changed. Throws the 400 or 409 that says what to fix.
 */
export async function changedContactColumns(
  sql: Sql,
  existing: MedicalContactRecord,
  body: Omit<UpdateContact, 'expectedUpdatedAt' | 'verificationMethod'>,
  at: Date,
): Promise<Partial<ContactColumns>> {
  const { allowDuplicate, confirmOutsideCountry, ...sent } = body;
  // A phone sent alone is read as a number of the country stored (the schema reads one sent with its country).
  const reading = sent.phone === undefined ? undefined : readPhone(sent.phone, sent.country ?? existing.country);
  if (reading && 'error' in reading) throw badRequest(reading.error, 'phone');
  const read = reading ? { ...sent, phone: reading.phone } : sent;
  // A specialty is checked only when sent: an edit of another field leaves one from before the taxonomy as it is.
  const changes = read.specialty === undefined ? read : { ...read, specialty: await storedSpecialty(sql, read.specialty) };
  const merged = { ...existing, ...changes };
  // The schema checks the fields sent; the rules that span fields hold for the record as saved.
  if (merged.contactMethod === 'telegram' && !merged.telegramUsername) throw badRequest(CONTACT_RULES.telegramNeedsUsername, 'telegramUsername');
  if ((merged.latitude === null) !== (merged.longitude === null)) {
    const field = merged.latitude === null ? 'latitude' : 'longitude';
    throw badRequest(CONTACT_RULES.coordinatesInPairs, field);
  }
  const { latitude, longitude } = changes;
  const coordinatesGiven = latitude != null && longitude != null;
  if (coordinatesGiven && !confirmOutsideCountry) await refuseOutsideCountry(sql, { latitude, longitude }, merged.country);
  const identityChanged = (['name', 'phone', 'city'] as const).some((field) => changes[field] !== undefined && changes[field] !== existing[field]);
  if (identityChanged && !allowDuplicate) await refuseDuplicates(sql, merged, at, existing.id);

  const columns: Partial<ContactColumns> = { ...changes };
  const placeChanged = (['city', 'region', 'country'] as const).some((field) => changes[field] !== undefined && changes[field] !== existing[field]);
  if (coordinatesGiven) {
    columns.locationApproximate = false;
  } else if (merged.latitude === null || placeChanged) {
    // Coordinates of the old place would send the bot's users to the wrong city.
    Object.assign(columns, await placeCentre(sql, merged));
  }
  return columns;
}

/**
 * What an edit writes, and whether it ticks Verified: ticking records a verification (not a column
 * to write); unticking makes the contact due at once (its last verification no longer stands).
 */
export async function contactEdit(
  sql: Sql,
  existing: MedicalContactRecord,
  body: Omit<UpdateContact, 'expectedUpdatedAt' | 'verificationMethod'>,
  at: Date,
): Promise<{ columns: Partial<ContactColumns>; ticksVerified: boolean }> {
  const { verified, ...edited } = await changedContactColumns(sql, existing, body, at);
  return {
    columns: verified === false ? { ...edited, verified } : edited,
    ticksVerified: verified === true && !toMedicalContact(existing, at).verified,
  };
}

/** A bulk edit's changes, its specialty as the taxonomy names it; telegram only for contacts with a username. */
export async function checkedBulkChanges(sql: Sql, target: ContactTarget, typed: BulkContactChanges, at: Date): Promise<BulkContactChanges> {
  const updates = typed.specialty === undefined ? typed : { ...typed, specialty: await storedSpecialty(sql, typed.specialty) };
  if (updates.contactMethod === 'telegram') {
    const missing = await countTargetsWithoutTelegramUsername(sql, target, at);
    if (missing > 0) throw badRequest(
        `${missing.toLocaleString('en-GB')} of these contacts ${pluralForm(missing, 'has', 'have')} no Telegram username. Add it first, or choose another contact method.`,
        'contactMethod',
      );
  }
  return updates;
}
