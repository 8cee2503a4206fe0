import t, { type Test } from 'tap';
import type { Page } from 'playwright-core';
import { launchBrowser, signInAs } from '../helpers/browser.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const EDITOR = { username: 'sofia', password: 'sofia-the-editor-pass', role: 'editor' as const };

/** The editor signed in on the directory, which holds Clinique Lumière: its Telegram user Léa proposed these fields. */
async function clinicWithProposal(t: Test, fields: { field: string; text: string }[]): Promise<{ server: TestServer; contact: number; page: Page }> {
  const server = await startTestServer();
  t.teardown(() => server.close());
  await server.createUser(EDITOR);
  const [contact] = await server.sql<{ id: number }[]>`
    INSERT INTO medical_contacts (name, phone, specialty, city, region, country, latitude, longitude)
    VALUES ('Clinique Lumière', '+33 4 72 00 10 00', 'Cardiology', 'Lyon', 'Auvergne-Rhône-Alpes', 'FR', 45.764, 4.8357)
    RETURNING id`;
  await server.sql`INSERT INTO telegram_users (telegram_id, first_name, username) VALUES (880001, 'Léa', 'lea_clinic')`;
  await server.sql`
    INSERT INTO proposed_corrections (contact_id, telegram_id, proposed_at, fields)
    VALUES (${contact!.id}, 880001, now(), ${server.sql.json(fields)})`;
  const browser = await launchBrowser();
  t.teardown(() => browser.close());
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await signInAs(page, server.url, EDITOR.username, EDITOR.password, '/medical-contacts');
  return { server, contact: contact!.id, page };
}

t.test('an editor makes a confirmation link with its QR code, and accepts one of two fields a contact proposed', async (t) => {
  const { server, contact, page } = await clinicWithProposal(t, [{ field: 'phone', text: '04 72 00 20 00' }, { field: 'hours', text: 'mornings' }]);
  await server.sql`INSERT INTO contact_linked_accounts (contact_id, telegram_id, linked_at) VALUES (${contact}, 880001, now())`;
  await page.getByRole('button', { name: 'Edit Clinique Lumière' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Medical Contact' });
  const section = dialog.getByRole('region', { name: 'Confirmation by the contact' });
  await section.getByRole('listitem', { name: 'Léa' }).waitFor();

  await section.getByRole('button', { name: 'Create link' }).click();
  await page.getByText('Confirmation link created').waitFor();
  const link = section.getByLabel('Confirmation link');
  t.match(await link.inputValue(), /^https:\/\/t\.me\/simulated_bot\?start=v_[A-Za-z0-9_-]{32}$/);
  t.match(await section.getByRole('img', { name: 'QR code of the confirmation link' }).getAttribute('src'), /^data:image\/png;base64,/);
  await section.getByRole('button', { name: 'End link' }).waitFor();

  const proposals = dialog.getByRole('region', { name: 'Changes proposed by the contact' });
  const proposal = proposals.getByRole('listitem', { name: 'Proposed by Léa' });
  await proposal.getByText('Phone, in their words: “04 72 00 20 00”').waitFor();
  await proposal.getByLabel('Accept hours').uncheck();
  await proposal.getByLabel('Phone to save').fill('04 72 00 20 01');
  await proposal.getByRole('button', { name: 'Accept 1 of 2' }).click();
  await page.getByText('Correction partly accepted').waitFor();
  await dialog.waitFor({ state: 'detached' });
  const [after] = await server.sql`SELECT phone, last_verification_method, last_verification_outcome FROM medical_contacts WHERE id = ${contact}`;
  t.strictSame({ ...after }, { phone: '+33472002001', lastVerificationMethod: 'self_confirmed', lastVerificationOutcome: 'corrected' });

  await page.getByRole('button', { name: 'Edit Clinique Lumière' }).click();
  await dialog.getByText('No corrections proposed by the contact wait for review.').waitFor();
  await section.getByRole('listitem', { name: 'Léa' }).getByRole('button', { name: 'Remove' }).click();
  await page.getByRole('alertdialog', { name: 'Remove linked account' }).getByRole('button', { name: 'Remove' }).click();
  await section.getByText('No account has opened a link of this contact.').waitFor();
  t.pass('the linked account removed after its confirmation');
});

t.test('an acceptance answering after its dialog was closed leaves the dialog opened since then open', async (t) => {
  const { server, contact, page } = await clinicWithProposal(t, [{ field: 'phone', text: '04 72 00 20 00' }]);
  await page.getByRole('button', { name: 'Edit Clinique Lumière' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Medical Contact' });
  const proposal = dialog.getByRole('region', { name: 'Changes proposed by the contact' }).getByRole('listitem', { name: 'Proposed by Léa' });
  await proposal.getByText('Phone, in their words: “04 72 00 20 00”').waitFor();

  // The acceptance's answer held back, as on a slow link, while the editor closes the form and opens it again.
  let answer!: () => void;
  const held = new Promise<void>((resolve) => (answer = resolve));
  await page.route('**/api/proposed-corrections/*/accept', async (route) => {
    await held;
    await route.continue();
  });
  await proposal.getByLabel('Phone to save').fill('04 72 00 20 01');
  await proposal.getByRole('button', { name: 'Accept', exact: true }).click();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'Edit Clinique Lumière' }).click();
  await dialog.getByRole('heading', { name: 'History' }).waitFor();
  answer();
  await page.getByText('Correction accepted', { exact: true }).waitFor();
  await dialog.getByText('No corrections proposed by the contact wait for review.', { exact: true }).waitFor();
  // Typing in the form comes after the acceptance's answer has been handled: the form is still there to take it.
  await dialog.getByLabel('Comments').fill('Phone checked with Léa');
  t.equal(await dialog.getByLabel('Comments').inputValue(), 'Phone checked with Léa', 'the dialog opened after the acceptance was sent stays open when its answer arrives');
  const [after] = await server.sql`SELECT phone FROM medical_contacts WHERE id = ${contact}`;
  t.equal(after?.phone, '+33472002001', 'the acceptance is kept');
});
