import t from 'tap';
import { formatPhone, phoneInE164, readPhone } from '../../api/contract/phone-numbers.js';
import { CreateContactSchema } from '../../api/contract/medical-contacts.js';

t.test("a phone is read as a number of the contact's country, stored in E.164 and shown in the international format", async (t) => {
  t.strictSame(readPhone('030 1234567', 'DE'), { phone: '+49301234567' });
  t.equal(formatPhone('+49301234567'), '+49 30 1234567');
  t.strictSame(readPhone('(030) 123-4567', 'DE'), { phone: '+49301234567' }, 'punctuation as people write it');
  t.strictSame(readPhone('0049 30 1234567', 'FR'), { phone: '+49301234567' }, 'an international number is its own country’s');
  t.strictSame(readPhone('044 123 45 67', 'UA'), { phone: '+380441234567' });
  t.equal(phoneInE164('030 1234567', 'DE'), '+49301234567');
  t.equal(formatPhone('030 12'), '030 12', 'a phone kept as typed is shown as typed');
});

t.test('a number that cannot be valid for the country is refused, saying why', async (t) => {
  const cases: [string, string, string][] = [
    ['030 12', 'DE', 'Phone "030 12" is too short for Germany.'],
    ['030 12345678901234', 'DE', 'Phone "030 12345678901234" is too long for Germany.'],
    ['12345', 'DE', 'Phone "12345" is not a valid number for Germany.'],
    ['+44 7700 900123', 'GB', 'Phone "+44 7700 900123" is not a valid number for United Kingdom.'],
    ['call 030 1234567', 'DE', 'Phone "call 030 1234567" is not a phone number: write its digits, with + and the country code, such as +44 20 7946 0958.'],
    ['030 1234567 ext. 12', 'DE', 'Phone "030 1234567 ext. 12" has an extension: enter the number alone, and the extension in Special Instructions.'],
    [
      '030 1234567',
      'AQ',
      'Phone "030 1234567" has no country code, and the country Antarctica has no numbering plan the directory knows: write it with + and the country code, such as +44 20 7946 0958.',
    ],
    [
      '030 1234567',
      '',
      'Phone "030 1234567" has no country code, and the contact has no country: write it with + and the country code, such as +44 20 7946 0958.',
    ],
  ];
  for (const [typed, country, error] of cases) {
    t.strictSame(readPhone(typed, country), { error }, `${typed} in ${country}`);
    t.equal(phoneInE164(typed, country), undefined);
  }
});

t.test('the create schema stores the phone in E.164 and names the field when it refuses it', async (t) => {
  const contact = { name: 'Dr Kinder', city: 'Berlin', region: 'Berlin', country: 'de' };
  const created = CreateContactSchema.parse({ ...contact, phone: '030 1234567' });
  t.equal(created.phone, '+49301234567');
  const refused = CreateContactSchema.safeParse({ ...contact, phone: '030 12' });
  t.strictSame(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message]), [['phone', 'Phone "030 12" is too short for Germany.']]);
});
