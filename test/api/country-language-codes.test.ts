import t from 'tap';
import { countryName } from '../../api/contract/countries.js';
import { resolveCountry } from '../../api/contract/country-lookup.js';
import type { MedicalContact } from '../../api/contract/medical-contacts.js';
import { resolveSpokenLanguage, spokenLanguageName } from '../../api/contract/spoken-languages.js';
import { createTestApp } from '../helpers/app.js';
import { importRequest } from '../helpers/imports.js';
import { until } from '../helpers/wait.js';

t.test('any name of a country, in any language, is its ISO 3166-1 code', async (t) => {
  for (const name of ['Deutschland', 'Німеччина', 'Germany', 'DE', 'de', 'DEU', 'Allemagne', 'Niemcy', ' germany ']) t.equal(resolveCountry(name), 'DE', name);
  for (const name of ['United Kingdom', 'UK', 'Great Britain', 'England', 'Vereinigtes Königreich']) t.equal(resolveCountry(name), 'GB', name);
  t.equal(resolveCountry("Cote d'Ivoire"), 'CI', 'accents and apostrophes aside');
  t.equal(resolveCountry('Congo'), undefined, 'a name two countries go by is neither: it is not guessed');
  t.equal(resolveCountry('Atlantis'), undefined);
  t.equal(countryName('DE'), 'Germany', 'shown in English in the console');
  t.equal(countryName('DE', 'uk'), 'Німеччина', 'and in the reader\'s language in the bot');
});

t.test('any name of a language is its ISO 639-1 code', async (t) => {
  for (const name of ['Deutsch', 'German', 'німецька', 'de', 'DE', 'Allemand', 'niemiecki']) t.equal(resolveSpokenLanguage(name), 'de', name);
  t.equal(resolveSpokenLanguage('Farsi'), 'fa', 'everyday names Intl does not give');
  t.equal(resolveSpokenLanguage('Klingon'), undefined);
  t.equal(spokenLanguageName('de'), 'German');
  t.equal(spokenLanguageName('de', 'de'), 'Deutsch');
  t.equal(spokenLanguageName('en', 'uk'), 'англійська');
});

const harness = await createTestApp(t);
const { db, call } = harness;
const editor = await harness.userWithToken('editor', { username: 'eddie.editor' });
const BERLIN = { name: 'Dr Kinder', phone: '+49 30 1234567', city: 'Berlin', region: 'Berlin', country: 'DE' };

const write = (method: 'POST' | 'PATCH' | 'GET', url: string, payload?: object) => call(editor.token, { method, url, ...(payload && { payload }) });

t.test('the API takes codes, and refuses anything else with a 400 naming the field and the nearest matches', async (t) => {
  const refusals: [object, string, string][] = [
    [{ country: 'Deutchland' }, 'country', 'Country "Deutchland" is not a country the directory knows. Did you mean Germany (DE), Estonia (EE) or Latvia (LV)?'],
    [{ country: 'Germny' }, 'country', 'Country "Germny" is not a country the directory knows. Did you mean Germany (DE), Jersey (JE) or Bermuda (BM)?'],
    [{ country: 'Deutschland' }, 'country', 'Country must be an ISO 3166-1 code: "Deutschland" is DE (Germany).'],
    [{ languages: ['de', 'Klingon'] }, 'languages', 'Language "Klingon" is not a language the directory knows. Did you mean Kongo (kg), Lingala (ln) or Sango (sg)?'],
    [{ languages: ['Deutsh'] }, 'languages', 'Language "Deutsh" is not a language the directory knows. Did you mean German (de), Dutch (nl) or Welsh (cy)?'],
    [{ languages: ['Deutsch', 'English'] }, 'languages', 'Languages must be ISO 639-1 codes: "Deutsch" is de (German).'],
  ];
  for (const [fields, field, message] of refusals) {
    const response = await write('POST', '/api/medical-contacts', { ...BERLIN, ...fields });
    t.equal(response.statusCode, 400, JSON.stringify(fields));
    t.match(response.json(), { field, message }, `${JSON.stringify(fields)}: ${message}`);
  }

  const created = await write('POST', '/api/medical-contacts', { ...BERLIN, country: 'de', languages: ['DE', 'en', 'de'] });
  t.equal(created.statusCode, 201, created.body);
  const contact = created.json<MedicalContact>();
  t.match(contact, { country: 'DE', countryUnrecognised: null, languages: ['de', 'en'], languagesUnrecognised: [] }, 'stored as codes, in any case, each once');

  const edit = await write('PATCH', `/api/medical-contacts/${contact.id}`, { country: 'Atlantis' });
  t.match(edit.json(), { field: 'country', message: 'Country "Atlantis" is not a country the directory knows. Did you mean Argentina (AR), Ireland (IE) or Iceland (IS)?' });
  const bulk = await write('POST', '/api/medical-contacts/bulk-update', { ids: [contact.id], updates: { country: 'Germny' } });
  t.equal(bulk.statusCode, 400);
  t.equal(bulk.json().field, 'updates.country', 'bulk edit is held to the same rule');
});

t.test('the list filters by country and language, given a code or any name', async (t) => {
  const ids = async (query: string) => {
    const response = await write('GET', `/api/medical-contacts?${query}`);
    t.equal(response.statusCode, 200, `${query}: ${response.body.slice(0, 200)}`);
    return response.json<{ items: MedicalContact[] }>().items.map((item) => item.name);
  };
  await write('POST', '/api/medical-contacts', { ...BERLIN, name: 'Dr Nowak', phone: '+48 22 123 45 67', city: 'Warsaw', region: 'Mazovia', country: 'PL', languages: ['pl'] });
  for (const query of ['country=DE', 'country=Deutschland', `country=${encodeURIComponent('Німеччина')}`, 'language=de', 'language=Deutsch', 'search=germany']) {
    t.strictSame(await ids(query), ['Dr Kinder'], query);
  }
  t.strictSame(await ids('language=polski'), ['Dr Nowak']);
  const refused = await write('GET', '/api/medical-contacts?country=Atlantis');
  t.match(refused.json(), { field: 'country', message: /^Country "Atlantis" is not a country the directory knows/ });
  const options = (await write('GET', '/api/medical-contacts/filter-options')).json();
  t.match(options, { countries: ['DE', 'PL'], languages: ['de', 'en', 'pl'] }, 'the filters offer the codes the directory holds');
});

t.test('the CSV import reads names in any language as codes, and its dry run lists the rows it refuses', async (t) => {
  const csv = [
    'Name,Phone,City,Region,Country,Languages',
    'Dr Import Eins,+49 30 2000001,Berlin,Berlin,Deutschland,"Deutsch, English"',
    'Dr Import Zwei,+49 30 2000002,Berlin,Berlin,Німеччина,німецька',
    'Dr Import Drei,+49 30 2000003,Berlin,Berlin,Deutchland,Deutsch',
    'Dr Import Vier,+49 30 2000004,Berlin,Berlin,Germany,Klingon',
  ].join('\n');
  const preview = await call(editor.token, importRequest('preview', csv));
  t.equal(preview.statusCode, 200, preview.body);
  t.match(preview.json(), { totalRows: 4, validRows: 2, errorRows: 2 });
  t.strictSame(preview.json().rows, [
    { line: 4, status: 'error', errors: [{ field: 'country', message: 'Country "Deutchland" is not a country the directory knows. Did you mean Germany (DE), Estonia (EE) or Latvia (LV)?' }] },
    { line: 5, status: 'error', errors: [{ field: 'languages', message: 'Language "Klingon" is not a language the directory knows. Did you mean Kongo (kg), Lingala (ln) or Sango (sg)?' }] },
  ]);

  const started = await call(editor.token, importRequest('import', csv, { fileName: 'german.csv' }));
  t.equal(started.statusCode, 202, started.body);
  await until(async () => (await write('GET', `/api/medical-contacts/imports/${started.json().importId}`)).json().status !== 'running', 'the import to finish');
  const imported = await db.sql<{ name: string; country: string; languages: string[] }[]>`
    SELECT name, country, languages FROM medical_contacts WHERE name LIKE 'Dr Import %' ORDER BY name`;
  t.strictSame([...imported], [
    { name: 'Dr Import Eins', country: 'DE', languages: ['de', 'en'] },
    { name: 'Dr Import Zwei', country: 'DE', languages: ['de'] },
  ]);
});

t.test('what the directory does not recognise is listed for staff until they choose the country and the languages', async (t) => {
  const [row] = await db.sql<{ id: number }[]>`
    INSERT INTO medical_contacts (name, phone, city, region, country, country_unrecognised, languages, languages_unrecognised)
    VALUES ('Dr Atlantis', '+30 21 0555 0101', 'Poseidonia', 'Atlantis', '', 'Atlantis', '{en}', '{Klingon,Elvish}')
    RETURNING id`;
  const list = async (query = '') => (await write('GET', `/api/medical-contacts?${query}`)).json<{ items: MedicalContact[]; unrecognised: unknown; stats: { countries: number } }>();

  const before = await list();
  t.strictSame(before.unrecognised, {
    country: { contacts: 1, values: [{ value: 'Atlantis', contacts: 1 }], otherValues: 0 },
    languages: { contacts: 1, values: [{ value: 'Elvish', contacts: 1 }, { value: 'Klingon', contacts: 1 }], otherValues: 0 },
  });
  t.strictSame((await list('unrecognised=country')).items.map((item) => item.name), ['Dr Atlantis'], 'the list shows them');
  t.strictSame((await list('unrecognised=languages')).items.map((item) => item.name), ['Dr Atlantis']);
  t.match((await list('unrecognised=country')).items[0], { country: '', countryUnrecognised: 'Atlantis', languages: ['en'], languagesUnrecognised: ['Klingon', 'Elvish'] });

  const exported = (await write('GET', '/api/medical-contacts/export?unrecognised=country')).body;
  t.match(exported, ',Atlantis,', 'the export keeps the text, so an import refuses the row until it is fixed');
  t.match(exported, ',en; Klingon; Elvish,');

  const fixed = await write('PATCH', `/api/medical-contacts/${row!.id}`, { country: 'GR' });
  t.match(fixed.json(), { country: 'GR', countryUnrecognised: null, languagesUnrecognised: ['Klingon', 'Elvish'] }, 'choosing the country settles it; the languages wait');
  const history = (await write('GET', `/api/medical-contacts/${row!.id}/history`)).json();
  t.match(history[0].changes, { country: ['', 'GR'], countryUnrecognised: ['Atlantis', null] }, 'the history says what it was');
  await write('PATCH', `/api/medical-contacts/${row!.id}`, { languages: ['en', 'el'] });
  t.strictSame((await list()).unrecognised, {
    country: { contacts: 0, values: [], otherValues: 0 },
    languages: { contacts: 0, values: [], otherValues: 0 },
  }, 'nothing is left to fix');
});
