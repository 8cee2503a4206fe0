import { findAdminUserByIdentifier } from '../../sql/admin-users.js';
import type { Sql } from '../../sql/database.js';
import { insertMedicalContacts, type NewMedicalContact } from '../../sql/medical-contacts.js';
import { recordLoadedVerifications } from '../../sql/contact-verifications.js';
import type { VerificationMethod } from '../../api/contract/contact-verifications.js';
import { jitter, phoneNumber, type DemoCity } from './cities.js';
import { asciiHandle, NAMES, type Culture } from './names.js';
import type { Random } from './random.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** How the demo contacts' last verifications were made, one in ten of each beyond the calls. */
const DEMO_METHODS: VerificationMethod[] = ['phone_call', 'phone_call', 'website', 'phone_call', 'in_person', 'phone_call', 'phone_call', 'report_review', 'phone_call', 'website'];

/** A demo contact; who verified it is named by staff username, found in the database when loading. */
export type DemoContact = Omit<NewMedicalContact, 'verifiedBy'> & { verifiedByUsername: string | null };

const SPECIALTIES: [string, number][] = [
  ['General Practice', 22], ['Pediatrics', 10], ['Dentistry', 10], ['Gynecology', 7], ['Cardiology', 6],
  ['Dermatology', 6], ['Psychiatry', 6], ['Orthopedics', 6], ['Emergency Medicine', 6], ['Ophthalmology', 5],
  ['Neurology', 4], ['Otolaryngology', 4], ['Physiotherapy', 4], ['Endocrinology', 3], ['Urology', 3],
];

/**
 * Hours in OpenStreetMap's opening_hours syntax, as the console's form writes them; a few are still
 * free text ("By appointment", "Call ahead"), so the "hours not verified" work has something in it.
 */
const HOURS: [string, number][] = [
  ['Mo-Fr 09:00-17:00', 30], ['Mo-Fr 08:00-18:00', 20], ['Mo-Sa 09:00-19:00', 15], ['Mo-Fr 10:00-16:00', 8],
  ['Tu-Sa 09:00-17:00', 6], ['Mo,We,Fr 14:00-19:00', 5], ['Mo-Fr 08:00-20:00; Sa 09:00-14:00', 5], ['24/7', 6],
  ['Mo-Su 00:00-24:00', 1], ['By appointment', 4], ['Call ahead', 1], ['Sa,Su 10:00-14:00', 3],
];

const RESPONSE_TIMES: [string, number][] = [
  ['within 15 minutes', 10], ['within 30 minutes', 20], ['within 1 hour', 30], ['within 2 hours', 18],
  ['within 4 hours', 10], ['same day', 8], ['within 24 hours', 4],
];

const TITLES: Record<Culture, string> = { en: 'Dr', fr: 'Dr', de: 'Dr. med.', es: 'Dr.', it: 'Dott.', pt: 'Dr.', nl: 'Dr.', pl: 'lek.', uk: 'Dr.', ar: 'Dr' };

const CLINICS: Record<Culture, ((last: string) => string)[]> = {
  en: [(last) => `${last} Medical Practice`, (last) => `${last} & Partners Surgery`, (last) => `${last} Family Health Centre`],
  fr: [(last) => `Cabinet médical ${last}`, (last) => `Centre de santé ${last}`],
  de: [(last) => `Praxis ${last}`, (last) => `MVZ ${last} & Kollegen`],
  es: [(last) => `Clínica ${last}`, (last) => `Centro Médico ${last}`],
  it: [(last) => `Studio Medico ${last}`, (last) => `Poliambulatorio ${last}`],
  pt: [(last) => `Clínica ${last}`, (last) => `Centro Médico ${last}`],
  nl: [(last) => `Huisartsenpraktijk ${last}`, (last) => `Gezondheidscentrum ${last}`],
  pl: [(last) => `Przychodnia ${last}`, (last) => `Centrum Medyczne ${last}`],
  uk: [(last) => `Medical Centre ${last}`, (last) => `${last} Family Clinic`],
  ar: [(last) => `${last} Clinic`],
};

/** Ukrainian, Russian, Polish, Arabic, Spanish, French, German, Romanian. */
const SECOND_LANGUAGES = ['uk', 'ru', 'pl', 'ar', 'es', 'fr', 'de', 'ro'];

const SPECIAL_INSTRUCTIONS = [
  'Mention the medical help bot when you call.',
  'Send a text first; calls are returned between appointments.',
  'Bring your passport and any insurance card.',
  'Wheelchair access through the side entrance.',
  'Free consultations for refugees on Tuesdays.',
  'Call reception, not the doctor directly, for appointments.',
  'Children under 16 must come with an adult.',
  'Ask for the interpreter when booking.',
];

const PASSWORD_INSTRUCTION = "Give the code word from the group's pinned message when you call.";
const WHATSAPP_ONLY_INSTRUCTION = 'WhatsApp messages only: calls are not answered.';

const START_MESSAGES = [
  'Hello! I found your contact through the medical help bot.',
  'Good day, I was referred by the medical contacts bot and would like an appointment.',
];

const COMMENTS = [
  'Verified by phone call with reception.',
  'Moved to a new address in the spring; coordinates updated.',
  'Good with families who have just arrived.',
  'Prefers to be contacted in the morning.',
  'Recommended by two group coordinators.',
  'Number changed after a user report; new one confirmed.',
  'Part-time: check hours before sending people.',
];

/** About 300 contacts across the demo cities, with every kind of field value the console shows. */
export function buildDemoContacts(random: Random, cities: DemoCity[], now: Date): DemoContact[] {
  const slots = cities.flatMap((city) => Array.from({ length: city.contacts }, () => city));
  const order = random.shuffle(slots.map((_, index) => index));
  const share = (fraction: number) => Math.round(slots.length * fraction);
  const inactive = new Set(order.slice(0, share(0.1)));
  const rest = order.slice(share(0.1));
  const masters = new Set(rest.filter((index) => slots[index]!.contacts >= 10).slice(0, share(0.1)));
  const unverified = new Set(rest.filter((index) => !masters.has(index)).slice(0, share(0.25)));
  const noCoordinates = new Set([...unverified].slice(0, 5));
  const names = new Set<string>();
  const phones = new Set<string>();
  const usernames = new Set<string>();

  return slots.map((city, index) => {
    const { culture } = city;
    const specialty = random.weighted(SPECIALTIES);
    let name: string;
    let last: string;
    let first: string;
    do {
      first = random.pick(NAMES[culture].first);
      last = random.pick(NAMES[culture].last);
      name = random.chance(0.65) ? `${TITLES[culture]} ${first} ${last}` : random.pick(CLINICS[culture])(last);
    } while (names.has(`${name}|${city.name}`));
    names.add(`${name}|${city.name}`);

    const contactMethod = random.weighted<NewMedicalContact['contactMethod']>([
      ['phone', 50], ['telegram', culture === 'uk' || culture === 'pl' ? 45 : 20], ['whatsapp', 25],
    ]);
    let phone: string;
    do phone = phoneNumber(random, contactMethod === 'phone' && random.chance(0.7) ? city.landline : city.mobile);
    while (phones.has(phone));
    phones.add(phone);

    let telegramUsername: string | null = null;
    if (contactMethod === 'telegram') {
      const base = name.startsWith(TITLES[culture]) ? `dr_${asciiHandle(first)}_${asciiHandle(last)}` : `${asciiHandle(last)}_clinic`;
      telegramUsername = base.slice(0, 28);
      for (let n = 2; usernames.has(telegramUsername); n++) telegramUsername = `${base.slice(0, 28)}${n}`;
      usernames.add(telegramUsername);
    }

    const emergency = specialty === 'Emergency Medicine';
    const isWhatsappOnly = contactMethod === 'whatsapp' && random.chance(0.12);
    const passwordRequired = random.chance(0.04);
    const instructions = [
      passwordRequired ? PASSWORD_INSTRUCTION : null,
      isWhatsappOnly ? WHATSAPP_ONLY_INSTRUCTION : null,
      random.chance(0.25) ? random.pick(SPECIAL_INSTRUCTIONS) : null,
    ].filter((text) => text !== null);

    const languages = [city.language];
    if (city.language !== 'en' && random.chance(0.6)) languages.push('en');
    if (random.chance(0.25)) {
      const extra = random.pick(SECOND_LANGUAGES);
      if (!languages.includes(extra)) languages.push(extra);
    }

    const verified = !unverified.has(index);
    // Squared, so most verifications are recent and about a third are due again (over 90 days).
    const verifiedAt = verified ? new Date(now.getTime() - Math.round(200 * random.next() ** 2 * DAY_MS) - DAY_MS) : null;
    const createdAt = new Date(
      (verifiedAt ?? now).getTime() - (verified ? random.int(10, 300) : random.int(3, 120)) * DAY_MS - random.int(0, DAY_MS),
    );
    const point = noCoordinates.has(index) ? null : jitter(random, city, 4);

    return {
      name,
      phone,
      specialty,
      city: city.name,
      region: city.region,
      country: city.countryCode,
      latitude: point?.latitude ?? null,
      longitude: point?.longitude ?? null,
      contactMethod,
      telegramUsername,
      startMessage: contactMethod === 'telegram' && random.chance(0.5) ? random.pick(START_MESSAGES) : null,
      specialInstructions: instructions.length > 0 ? instructions.join(' ') : null,
      passwordRequired,
      isWhatsappOnly,
      availableHours: emergency ? '24/7' : random.weighted(HOURS),
      responseTime: emergency ? random.pick(['within 15 minutes', 'within 30 minutes']) : random.weighted(RESPONSE_TIMES),
      languages,
      rating: Math.round((5 - 2 * random.next() ** 1.6) * 10) / 10,
      verified,
      verifiedAt,
      verifiedByUsername: verified ? random.pick(['demo.editor', 'demo.editor', 'demo.admin']) : null,
      isActive: !inactive.has(index),
      isMasterOfMedicine: masters.has(index),
      comments: random.chance(0.2) ? random.pick(COMMENTS) : null,
      createdAt,
      updatedAt: verifiedAt ?? createdAt,
    };
  });
}

/** Stores the demo contacts, each verified one credited to its demo staff account when that exists, with its verification as history. */
export async function insertDemoContacts(sql: Sql, contacts: DemoContact[]): Promise<void> {
  const staffIds = new Map<string, number | null>();
  for (const username of new Set(contacts.map((contact) => contact.verifiedByUsername))) {
    if (username) staffIds.set(username, (await findAdminUserByIdentifier(sql, username))?.id ?? null);
  }
  const ids = await insertMedicalContacts(
    sql,
    contacts.map(({ verifiedByUsername, ...contact }) => ({
      ...contact,
      verifiedBy: verifiedByUsername ? (staffIds.get(verifiedByUsername) ?? null) : null,
    })),
  );
  // Their verifications as history too, as the console shows every contact's last one: most by a call,
  // some from the contact's website, in person or on a report, by position so the random draws stay as they were.
  const byMethod = new Map<VerificationMethod, number[]>();
  ids.forEach((id, index) => {
    const method = DEMO_METHODS[index % DEMO_METHODS.length]!;
    byMethod.set(method, [...(byMethod.get(method) ?? []), id]);
  });
  for (const [method, contactIds] of byMethod) await recordLoadedVerifications(sql, contactIds, method);
}
