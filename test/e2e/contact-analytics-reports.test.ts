import t from 'tap';
import { launchBrowser, signInAs } from '../helpers/browser.js';
import { startTestServer } from '../helpers/server.js';
import { insertContactReport } from '../../sql/contact-reports.js';
import type { ContactProblem } from '../../api/contract/contact-reports.js';
import { countryName } from '../../api/contract/countries.js';

const VIEWER = { username: 'vera', password: 'vera-the-viewer-pass', role: 'viewer' as const };

t.test('the report cards of Contact Analytics show the figures of the stored reports', async (t) => {
  const server = await startTestServer();
  t.teardown(() => server.close());
  await server.createUser(VIEWER);
  const contacts = await server.sql<{ id: number; name: string }[]>`
    INSERT INTO medical_contacts (name, phone, specialty, city, region, country, latitude, longitude)
    VALUES ('Dora Reported', '+30 21 0555 0101', 'Cardiology', 'Athens', 'Attica', 'GR', 37.98, 23.73),
      ('Elio Twice', '+30 21 0555 0102', 'Pediatrics', 'Patras', 'Western Greece', 'GR', 38.25, 21.73),
      ('Fani Once', '+30 21 0555 0103', 'Dentistry', 'Piraeus', 'Attica', 'GR', 37.94, 23.65),
      ('Gus Quiet', '+30 21 0555 0104', 'Urology', 'Larissa', 'Thessaly', 'GR', 39.64, 22.42)
    RETURNING id, name`;
  const id = (name: string) => contacts.find((contact) => contact.name === name)!.id;
  const reports: [string, number, ContactProblem][] = [
    ['Dora Reported', 801, 'wrong_number'],
    ['Dora Reported', 802, 'no_answer'],
    ['Dora Reported', 803, 'closed_or_moved'],
    ['Elio Twice', 801, 'other'],
    ['Elio Twice', 804, 'no_answer'],
    ['Fani Once', 805, 'wrong_number'],
  ];
  for (const [name, telegramId, problem] of reports) {
    await insertContactReport(server.sql, { contactId: id(name), telegramId, problem, reportedOn: new Date().toISOString().slice(0, 10), createdAt: new Date() });
  }
  await server.sql`UPDATE contact_reports SET status = 'fixed', resolved_at = now() WHERE contact_id = ${id('Dora Reported')} AND telegram_id = 801`;

  // What the cards should say, from the raw rows.
  const byContact = await server.sql<{ name: string; city: string; reports: number; open: number }[]>`
    SELECT c.name, c.city, count(*)::int AS reports, count(*) FILTER (WHERE r.status = 'open')::int AS open
    FROM contact_reports r JOIN medical_contacts c ON c.id = r.contact_id GROUP BY c.name, c.city ORDER BY reports DESC`;
  const byRegion = await server.sql<{ region: string; country: string; reports: number; open: number }[]>`
    SELECT c.region, c.country, count(*)::int AS reports, count(*) FILTER (WHERE r.status = 'open')::int AS open
    FROM contact_reports r JOIN medical_contacts c ON c.id = r.contact_id GROUP BY c.region, c.country ORDER BY reports DESC`;
  const figures = (reports: number, open: number) => `${reports} ${reports === 1 ? 'report' : 'reports'} · ${open} open`;

  const browser = await launchBrowser();
  t.teardown(() => browser.close());
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await signInAs(page, server.url, VIEWER.username, VIEWER.password, '/contact-analytics');
  await page.getByRole('heading', { name: 'Contact Analytics', level: 1 }).waitFor();
  // Directory Freshness: the four contacts were never verified; the reports came in today.
  const freshness = page.getByRole('region', { name: 'Directory Freshness' });
  await freshness.getByRole('term').first().waitFor();
  const figure = async (label: string) =>
    (await freshness.locator('dl > div', { has: page.getByRole('term').filter({ hasText: label }) }).getByRole('definition').allInnerTexts()).join(' · ');
  t.equal(await figure('Verified within 90 days'), '0.0% · of 4 active contacts');
  t.equal(await figure('Overdue'), '4 · 100.0% of active contacts');
  t.equal(await figure('Median age of last verification'), '—');
  t.equal(await figure('Reports open over 2 business days'), '0 · From bot users, not yet resolved');
  t.equal(await figure('Confirmed by the contacts'), '— · Of the confirmations within 90 days, through the bot');
  await page.getByRole('tab', { name: 'Performance' }).click();
  const rowsOf = async (testId: string) => {
    const list = page.getByTestId(testId);
    await list.getByRole('listitem').first().waitFor();
    return (await list.getByRole('listitem').allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());
  };

  t.same(await rowsOf('reported-contacts'), byContact.map((row) => `${row.name} · ${row.city} ${figures(row.reports, row.open)}`));
  t.same(await rowsOf('reported-contacts'), ['Dora Reported · Athens 3 reports · 2 open', 'Elio Twice · Patras 2 reports · 2 open', 'Fani Once · Piraeus 1 report · 1 open'], 'a contact without reports is not listed');
  t.same(await rowsOf('reports-by-region'), byRegion.map((row) => `${row.region} · ${countryName(row.country)} ${figures(row.reports, row.open)}`));
  t.same(await rowsOf('reports-by-region'), ['Attica · Greece 4 reports · 3 open', 'Western Greece · Greece 2 reports · 2 open']);
});
