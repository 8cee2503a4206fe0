import t from 'tap';
import { AUDIT_ACTIONS } from '../../api/contract/audit-actions.js';
import { AUDIT_SENTENCES, actionSentence, auditActionLabel, auditFieldLabel, auditSentence, auditValue } from '../../api/contract/audit-sentences.js';

const day = (iso: string) => `day ${iso.slice(0, 10)}`;

t.test('every action the product records has a sentence, and each reads as one', async (t) => {
  t.strictSame(Object.keys(AUDIT_SENTENCES).sort(), Object.keys(AUDIT_ACTIONS).sort(), 'one sentence per action, none left over');
  for (const action of Object.keys(AUDIT_ACTIONS)) {
    const sentence = actionSentence(action, 'anna', 'Boris');
    t.match(sentence, /^anna [a-z]/, `${action} starts with who did it`);
    t.notMatch(sentence, /[._]|#|undefined|null/, `${action} has no identifiers: ${sentence}`);
  }
});

t.test('a sentence names the target from the row, else its id, and the actor', async (t) => {
  t.equal(
    auditSentence({ action: 'admin-user.create', actorUsername: 'anna', targetId: '7', before: null, after: { username: 'boris', role: 'editor' } }),
    'anna created the admin user boris',
  );
  t.equal(
    auditSentence({ action: 'contact.update', actorUsername: 'anna', targetId: '304', before: { name: 'Dr. Old' }, after: { name: 'Dr. Tetiana Kravchenko' } }),
    'anna updated the medical contact Dr. Tetiana Kravchenko',
  );
  t.equal(auditSentence({ action: 'contact.delete', actorUsername: 'anna', targetId: '304', before: null, after: null }), 'anna deleted the medical contact #304');
  t.equal(auditSentence({ action: 'backup.start', actorUsername: null, targetId: null, before: null, after: null }), 'The system started a backup');
  t.equal(auditSentence({ action: 'contact.renamed-long-ago', actorUsername: 'anna', targetId: '9', before: null, after: null }), 'anna: contact.renamed-long-ago on #9');
});

t.test('the Action menu names each action in words, each differently, and keeps unknown ones as recorded', async (t) => {
  t.equal(auditActionLabel('admin-user.create'), 'Created an admin user');
  t.equal(auditActionLabel('authorized-group.delete'), 'Removed an authorized group');
  t.equal(auditActionLabel('admin-user.reset-password'), 'Reset the password of an admin user');
  t.equal(auditActionLabel('bot-logs.export'), 'Exported the bot logs');
  t.equal(auditActionLabel('telegram-user.block'), 'Blocked a bot user');
  t.equal(auditActionLabel('account.change-password'), 'Changed their password');
  t.equal(auditActionLabel('contact.renamed-long-ago'), 'contact.renamed-long-ago');
  const labels = Object.keys(AUDIT_ACTIONS).map(auditActionLabel);
  t.equal(new Set(labels).size, labels.length, 'no two actions read alike');
  for (const label of labels) t.match(label, /^[A-Z][a-z][^._#]*$/, label);
  t.equal(actionSentence('admin-user.delete', 'anna', null), 'anna deleted an admin user', '"an" before a vowel in sentences too');
});

t.test('fields under the labels the screens give them', async (t) => {
  t.equal(auditFieldLabel('twoFactorEnabled'), 'Two-factor authentication');
  t.equal(auditFieldLabel('createdAt'), 'Created');
  t.equal(auditFieldLabel('isWhatsappOnly'), 'WhatsApp only');
  t.equal(auditFieldLabel('phone'), 'Phone');
  t.equal(auditFieldLabel('specialInstructions'), 'Special instructions');
});

t.test('values as people read them', async (t) => {
  t.equal(auditValue('twoFactorEnabled', true, day), 'Yes');
  t.equal(auditValue('isActive', false, day), 'No');
  t.equal(auditValue('languages', ['en', 'de'], day), 'en, de');
  t.equal(auditValue('languages', [], day), '(empty)');
  t.equal(auditValue('comments', null, day), '(empty)');
  t.equal(auditValue('createdAt', '2026-11-21T14:05:00.000Z', day), 'day 2026-11-21', 'an instant in the console\'s date format');
  t.equal(auditValue('phone', '+493012345678', day), '+49 30 12345678');
  t.equal(auditValue('content', '<b>Hello</b> &amp; <i>welcome</i>', day), 'Hello & welcome', 'a template as text, without tags');
  t.equal(auditValue('role', 'super_admin', day), 'Super Admin');
  t.equal(auditValue('latitude', 50.4501, day), '50.4501');
  t.equal(auditValue(null, { ended: 2, twoFactorEnabled: false }, day), 'Ended: 2; Two-factor authentication: No');
});
