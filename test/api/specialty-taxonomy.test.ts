import t from 'tap';
import {
  checkSpecialty,
  KNOWN_TAXONOMY,
  nameTakenMessage,
  specialtyInUseMessage,
  specialtyNameTaken,
  SpecialtyNamesSchema,
  specialtyTaxonomy,
} from '../../api/contract/specialties.js';
import { KNOWN_SPECIALTIES, SPECIALTY_NAMES, SPECIALTY_SYNONYMS } from '../../api/contract/specialty-names.js';
import { LANGUAGE_CODES } from '../../api/contract/languages.js';
import { normalize } from '../../api/contract/spelling.js';

const STAFF_ADDED = specialtyTaxonomy([{ names: { en: 'Sleep Medicine', de: 'Schlafmedizin', uk: 'Сомнологія' } }]);

t.test('a specialty is named by its name or a synonym in any of the bot\'s languages, any case, with or without accents', async (t) => {
  const cases: [string, string][] = [
    ['Kinderarzt', 'Pediatrics'],
    ['kinderärztin', 'Pediatrics'],
    ['Kinderheilkunde', 'Pediatrics'],
    ['педіатр', 'Pediatrics'],
    ['Педіатрія', 'Pediatrics'],
    ['pédiatre', 'Pediatrics'],
    ['PEDIATRA', 'Pediatrics'],
    ['pediatrician', 'Pediatrics'],
    ['Zahnarzt', 'Dentistry'],
    ['стоматолог', 'Dentistry'],
    ['Chirurgie dentaire', 'Dentistry'],
    ['  ear   nose throat ', 'Otolaryngology'],
    ['Dermatologue', 'Dermatology'],
  ];
  for (const [text, specialty] of cases) t.strictSame(checkSpecialty(text, KNOWN_TAXONOMY), { specialty }, text);
  t.strictSame(checkSpecialty('', KNOWN_TAXONOMY), { specialty: '' }, 'none stays none');
  t.strictSame(checkSpecialty('   ', KNOWN_TAXONOMY), { specialty: '' });
});

t.test('an unknown name is refused with the nearest names, never taken as a new specialty', async (t) => {
  t.strictSame(checkSpecialty('Kinderarzd', KNOWN_TAXONOMY), { error: 'Unknown specialty "Kinderarzd". Did you mean: Pediatrics?' });
  t.strictSame(checkSpecialty('Cardiolgy', KNOWN_TAXONOMY), { error: 'Unknown specialty "Cardiolgy". Did you mean: Cardiology?' });
  t.strictSame(checkSpecialty(' Derma ', KNOWN_TAXONOMY), { error: 'Unknown specialty "Derma". Did you mean: Dermatology?' }, 'the beginning of a name');
  t.strictSame(checkSpecialty('Xylophone', KNOWN_TAXONOMY), {
    error: 'Unknown specialty "Xylophone". Choose one from the list; an admin can add a specialty in Settings → Specialties.',
  });
  t.strictSame(checkSpecialty('Schlafmedizin', KNOWN_TAXONOMY), {
    error: 'Unknown specialty "Schlafmedizin". Choose one from the list; an admin can add a specialty in Settings → Specialties.',
  }, 'before staff add it');
});

t.test('a specialty staff added is named by each of its names, and read in each language it was given, else in English', async (t) => {
  t.strictSame(checkSpecialty('schlafmedizin', STAFF_ADDED), { specialty: 'Sleep Medicine' });
  t.strictSame(checkSpecialty('Сомнологія', STAFF_ADDED), { specialty: 'Sleep Medicine' });
  t.strictSame(checkSpecialty('Sleep medicne', STAFF_ADDED), { error: 'Unknown specialty "Sleep medicne". Did you mean: Sleep Medicine?' });
  t.equal(STAFF_ADDED.label('Sleep Medicine', 'de'), 'Schlafmedizin');
  t.equal(STAFF_ADDED.label('sleep medicine', 'uk'), 'Сомнологія');
  t.equal(STAFF_ADDED.label('Sleep Medicine', 'fr'), 'Sleep Medicine', 'no French name: the English one');
  t.equal(STAFF_ADDED.label('Pediatrics', 'de'), 'Kinderheilkunde');
  t.equal(STAFF_ADDED.label('Pediatrics', 'uk'), 'Педіатрія');
  t.equal(STAFF_ADDED.label('Allergologie', 'uk'), 'Allergologie', 'a value outside the taxonomy, as stored');
  t.strictSame(STAFF_ADDED.specialties.slice(-2), ['Urology', 'Sleep Medicine'], 'the known ones first');
});

t.test('the picker finds a specialty by part of any of its names, saying which when it is not its own', async (t) => {
  t.strictSame(KNOWN_TAXONOMY.search('kinderarz'), [{ specialty: 'Pediatrics', matched: 'kinderarzt' }]);
  t.strictSame(KNOWN_TAXONOMY.search('Pedia'), [{ specialty: 'Orthopedics', matched: 'ortopedia' }, { specialty: 'Pediatrics', matched: null }]);
  t.strictSame(STAFF_ADDED.search('schlaf'), [{ specialty: 'Sleep Medicine', matched: 'Schlafmedizin' }]);
  t.equal(KNOWN_TAXONOMY.search('').length, KNOWN_SPECIALTIES.length, 'nothing typed: every specialty');
  t.equal(KNOWN_TAXONOMY.search('')[0]!.specialty, 'Cardiology', 'by name');
});

t.test('a name names one specialty only', async (t) => {
  const owner = new Map<string, string>();
  for (const specialty of KNOWN_SPECIALTIES) {
    const texts = [specialty, ...LANGUAGE_CODES.map((language) => SPECIALTY_NAMES[language][specialty]), ...SPECIALTY_SYNONYMS[specialty]];
    for (const term of texts.map(normalize)) {
      const other = owner.get(term);
      if (other !== undefined && other !== specialty) t.fail(`"${term}" names both ${other} and ${specialty}`);
      owner.set(term, specialty);
    }
  }
  t.equal(specialtyNameTaken('Kinderarzt', STAFF_ADDED), 'Pediatrics');
  t.equal(specialtyNameTaken('Schlafmedizin', STAFF_ADDED), 'Sleep Medicine');
  t.equal(specialtyNameTaken('Schlafmedizin', STAFF_ADDED, 'Sleep Medicine'), undefined, 'its own names are its own');
  t.equal(specialtyNameTaken('Allergology', STAFF_ADDED), undefined);
  t.equal(nameTakenMessage(' Kinderarzt ', 'Pediatrics'), '"Kinderarzt" already names Pediatrics. Choose another name, or use Pediatrics.');
  t.equal(
    specialtyInUseMessage('Sleep Medicine', 3),
    'Sleep Medicine is the specialty of 3 contacts. Give them another specialty first (Medical Contacts, filtered by Sleep Medicine, then Bulk Edit), then delete it.',
  );
});

t.test('names as staff enter them: English required, the others optional', async (t) => {
  t.strictSame(SpecialtyNamesSchema.parse({ en: ' Sleep Medicine ', de: 'Schlafmedizin', fr: '  ' }), { en: 'Sleep Medicine', de: 'Schlafmedizin' });
  const missing = SpecialtyNamesSchema.safeParse({ de: 'Schlafmedizin' });
  t.equal(missing.success ? '' : missing.error.issues[0]!.message, 'The English name is required: it is the name the directory stores. Enter it.');
  const blank = SpecialtyNamesSchema.safeParse({ en: ' ' });
  t.equal(blank.success ? '' : blank.error.issues[0]!.message, 'The English name is required: it is the name the directory stores. Enter it.');
});
