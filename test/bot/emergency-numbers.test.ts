import t from 'tap';
import countries from 'i18n-iso-countries';
import libphonenumber from 'google-libphonenumber';
import { EMERGENCY_NUMBERS, emergencyNumber } from '../../bot/answering/emergency-numbers.js';

t.test('every ISO 3166-1 country and territory has an entry, and the table nothing else', async (t) => {
  const codes = Object.keys(countries.getAlpha2Codes()).sort();
  t.same(Object.keys(EMERGENCY_NUMBERS).sort(), codes);
});

t.test("every number is an emergency number of its region in libphonenumber's short-number metadata", async (t) => {
  const shortNumbers = libphonenumber.ShortNumberInfo.getInstance();
  for (const [region, number] of Object.entries(EMERGENCY_NUMBERS)) {
    if (number === null) continue;
    t.ok(shortNumbers.isEmergencyNumber(number, region as libphonenumber.RegionCode), `${region} ${number}`);
  }
});

t.test('a few well-known numbers, looked up by any case', async (t) => {
  t.equal(emergencyNumber('IE'), '112');
  t.equal(emergencyNumber('gb'), '999');
  t.equal(emergencyNumber('US'), '911');
  t.equal(emergencyNumber('AU'), '000');
  t.equal(emergencyNumber('UA'), '103');
  t.equal(emergencyNumber('AQ'), undefined, 'Antarctica has no public service');
  t.equal(emergencyNumber('ZZ'), undefined);
});
