import t from 'tap';
import { createTestApp } from '../helpers/app.js';
import { CONTACT_PLACES, manyContacts, searchTextOf, type GeneratedContact } from '../helpers/contacts.js';
import type { ContactFilterOptions, ContactListResponse } from '../../api/contract/medical-contacts.js';

const DAY = 86_400_000;
const COUNT = 3_000;

t.test('the contact list on a few thousand contacts', async (t) => {
  const { db, clock, call, userWithToken } = await createTestApp(t);
  const contacts = await manyContacts(db.sql, COUNT, 7, clock.now());
  const { token } = await userWithToken('viewer');
  const list = async (query: Record<string, string | number>) => {
    const search = new URLSearchParams(Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]));
    const response = await call(token, { method: 'GET', url: `/api/medical-contacts?${search}` });
    t.equal(response.statusCode, 200, `GET ?${search}`);
    return response.json() as ContactListResponse;
  };
  // Verified: confirmed within the cycle (90 days by default). Due: active and not verified (none is reported here).
  const verifiedNow = (contact: GeneratedContact) => contact.verified && contact.verifiedAt!.getTime() >= clock.now().getTime() - 90 * DAY;
  const due = (contact: GeneratedContact) => contact.isActive && !verifiedNow(contact);
  const ids = (matching: GeneratedContact[]) => matching.map((contact) => contact.id).sort((a, b) => a - b);
  /** Every id matching the query, through the paged API. */
  const allIds = async (query: Record<string, string | number>) => {
    const first = await list({ ...query, pageSize: 200, sort: 'createdAt' });
    const found = first.items.map((item) => item.id);
    for (let page = 2; (page - 1) * 200 < first.total; page++) found.push(...(await list({ ...query, pageSize: 200, sort: 'createdAt', page })).items.map((item) => item.id));
    return { total: first.total, ids: found.sort((a, b) => a - b) };
  };

  t.test('stats over the whole directory and the filter options', async (t) => {
    const body = await list({});
    t.equal(body.total, COUNT);
    t.strictSame(body.stats, {
      total: COUNT,
      locationApproximate: 0,
      phonesNotReadable: 0,
      masterOfMedicine: contacts.filter((contact) => contact.isMasterOfMedicine).length,
      verified: contacts.filter(verifiedNow).length,
      active: contacts.filter((contact) => contact.isActive).length,
      dueForReverification: contacts.filter(due).length,
      notFindable: contacts.filter((contact) => contact.latitude === null).length,
      // The builder gives no hours: none to verify.
      hoursNotVerified: 0,
      countries: new Set(CONTACT_PLACES.map((place) => place.country)).size,
      regions: new Set(CONTACT_PLACES.map((place) => `${place.country}/${place.region}`)).size,
      specialties: new Set(contacts.map((contact) => contact.specialty)).size,
    });
    t.notOk('filterOptions' in body, 'the filter values are not sent with every page');
    const response = await call(token, { method: 'GET', url: '/api/medical-contacts/filter-options' });
    t.equal(response.statusCode, 200);
    const filterOptions = response.json() as ContactFilterOptions;
    t.strictSame(filterOptions.countries, ['DE', 'FR', 'IT', 'KE'], 'countries by their codes');
    t.strictSame(filterOptions.specialties, [...new Set(contacts.map((contact) => contact.specialty))].sort());
    t.strictSame(
      filterOptions.regions,
      [...new Map(CONTACT_PLACES.map((place) => [`${place.country}/${place.region}`, { country: place.country, region: place.region }])).values()].sort(
        (a, b) => a.country.localeCompare(b.country) || a.region.localeCompare(b.region),
      ),
    );
    const filtered = await list({ country: 'Kenya' });
    t.equal(filtered.stats.total, COUNT, 'stats ignore the filter');
  });

  t.test('each filter matches what the test computes', async (t) => {
    const cases: [Record<string, string>, (contact: GeneratedContact) => boolean][] = [
      [{ specialty: 'Cardiology' }, (contact) => contact.specialty === 'Cardiology'],
      [{ country: 'DE' }, (contact) => contact.country === 'DE'],
      [{ country: 'Germany' }, (contact) => contact.country === 'DE'],
      [{ country: 'Німеччина' }, (contact) => contact.country === 'DE'],
      [{ country: 'France', region: 'Auvergne' }, (contact) => contact.region === 'Auvergne'],
      [{ city: 'milan' }, (contact) => contact.city === 'Milan'],
      [{ contactMethod: 'telegram' }, (contact) => contact.contactMethod === 'telegram'],
      [{ status: 'active' }, (contact) => contact.isActive],
      [{ status: 'inactive' }, (contact) => !contact.isActive],
      [{ verified: 'verified' }, verifiedNow],
      [{ verified: 'unverified' }, (contact) => !verifiedNow(contact)],
      [{ verified: 'due' }, due],
      [{ masterOfMedicine: 'true' }, (contact) => contact.isMasterOfMedicine],
      [{ masterOfMedicine: 'false' }, (contact) => !contact.isMasterOfMedicine],
      [{ findable: 'yes' }, (contact) => contact.latitude !== null],
      [{ findable: 'no' }, (contact) => contact.latitude === null],
      [{ country: 'IT', specialty: 'Neurology', status: 'active' }, (contact) => contact.country === 'IT' && contact.specialty === 'Neurology' && contact.isActive],
    ];
    for (const [query, matches] of cases) {
      const expected = ids(contacts.filter(matches));
      t.ok(expected.length > 0, `${JSON.stringify(query)} matches some contacts`);
      const found = await allIds(query);
      t.equal(found.total, expected.length, `${JSON.stringify(query)}: total`);
      t.strictSame(found.ids, expected, `${JSON.stringify(query)}: the same contacts`);
    }
  });

  t.test('search looks in every searched field, ignoring case', async (t) => {
    const sample = contacts[123]!;
    const terms = {
      name: sample.name.slice(0, 9).toUpperCase(),
      phone: sample.phone.slice(-6),
      city: 'NUREMB',
      region: 'lombard',
      specialty: 'dermato',
    };
    for (const [field, term] of Object.entries(terms)) {
      const expected = ids(contacts.filter((contact) => searchTextOf(contact).includes(term.toLowerCase())));
      t.ok(expected.length > 0, `${field}: "${term}" matches some contacts`);
      const found = await allIds({ search: term });
      t.strictSame(found.ids, expected, `${field}: "${term}"`);
    }
    const kenyan = ids(contacts.filter((contact) => contact.country === 'KE'));
    t.strictSame((await allIds({ search: 'kenya' })).ids, kenyan, 'a country is found by its name, which the code it is stored as does not hold');
    t.equal((await list({ search: '100%_' })).total, 0, 'LIKE wildcards are taken literally');
  });

  t.test('sort both ways with id breaking ties, and paging', async (t) => {
    const byName = [...contacts].sort((a, b) => (a.name.toLowerCase() < b.name.toLowerCase() ? -1 : a.name.toLowerCase() > b.name.toLowerCase() ? 1 : a.id - b.id));
    t.strictSame((await list({ sort: 'name', pageSize: 50 })).items.map((item) => item.id), byName.slice(0, 50).map((contact) => contact.id), 'name ascending');
    t.strictSame(
      (await list({ sort: 'name', order: 'desc', pageSize: 50 })).items.map((item) => item.id),
      [...byName].reverse().slice(0, 50).map((contact) => contact.id),
      'name descending',
    );
    const byRating = [...contacts].sort((a, b) => a.rating - b.rating || a.id - b.id);
    const page2 = await list({ sort: 'rating', pageSize: 40, page: 2 });
    t.strictSame(page2.items.map((item) => item.id), byRating.slice(40, 80).map((contact) => contact.id), 'rating ascending, page 2');
    t.equal(page2.total, COUNT);
    t.equal(page2.page, 2);
    t.equal(page2.pageSize, 40);
    const germanByRating = contacts.filter((contact) => contact.country === 'DE').sort((a, b) => b.rating - a.rating || b.id - a.id);
    const desc = await list({ country: 'Germany', sort: 'rating', order: 'desc', pageSize: 30, page: 3 });
    t.strictSame(desc.items.map((item) => item.id), germanByRating.slice(60, 90).map((contact) => contact.id), 'filtered, rating descending, page 3');
    t.equal(desc.total, germanByRating.length);
    const byVerified = await list({ sort: 'verifiedAt', order: 'desc', pageSize: 5 });
    const newest = contacts.filter((contact) => contact.verified).sort((a, b) => b.verifiedAt!.getTime() - a.verifiedAt!.getTime() || b.id - a.id);
    t.strictSame(byVerified.items.map((item) => item.id), newest.slice(0, 5).map((contact) => contact.id), 'verifiedAt descending, unverified last');
    const beyond = await list({ page: 1000, pageSize: 200 });
    t.strictSame(beyond.items, [], 'a page past the end is empty');
    t.equal(beyond.total, COUNT);
  });

  t.test('the list answers each contact in the contract shape', async (t) => {
    const [item] = (await list({ verified: 'due', pageSize: 1 })).items;
    t.ok(item);
    t.equal(item!.dueForReverification, true);
    t.equal(typeof item!.rating, 'number');
    const [unfindable] = (await list({ findable: 'no', pageSize: 1 })).items;
    t.equal(unfindable!.findable, false);
  });

  t.test("a filter's total is kept only until the directory changes, whoever changes it", async (t) => {
    const before = (await list({ search: 'kenya' })).total;
    t.equal((await list({ search: 'kenya', page: 2 })).total, before, 'the same total on another page');
    const outsider = contacts.find((contact) => contact.country !== 'KE')!;
    const [{ country } = { country: '' }] = await db.sql<{ country: string }[]>`SELECT country FROM medical_contacts WHERE id = ${outsider.id}`;
    await db.sql`UPDATE medical_contacts SET country = 'KE' WHERE id = ${outsider.id}`;
    t.equal((await list({ search: 'kenya' })).total, before + 1, 'a contact moved to Kenya by SQL is counted');
    await db.sql`UPDATE medical_contacts SET country = ${country} WHERE id = ${outsider.id}`;
    t.equal((await list({ search: 'kenya' })).total, before, 'and no longer once moved back');
  });

  t.test('bad queries answer 400 naming the field', async (t) => {
    for (const [query, field] of [['sort=password', 'sort'], ['pageSize=500', 'pageSize'], ['page=0', 'page'], ['verified=maybe', 'verified'], ['contactMethod=fax', 'contactMethod']] as const) {
      const response = await call(token, { method: 'GET', url: `/api/medical-contacts?${query}` });
      t.equal(response.statusCode, 400, query);
      t.ok(field in response.json().fields, `${query} names ${field}`);
    }
  });
});
