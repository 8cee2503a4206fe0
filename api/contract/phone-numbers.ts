import {
  getCountryCallingCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
  validatePhoneNumberLength,
  type CountryCode,
  type PhoneNumber,
} from 'libphonenumber-js/max';
import { countryName } from './countries.js';

/** A typed phone read as a number: stored in E.164, or the reason it cannot be one, in words. */
export type PhoneReading = { phone: string } | { error: string };

/** The example every refusal that asks for the country code gives. */
const EXAMPLE = '+44 20 7946 0958';
/** 15 digits: the most an international number has (ITU-T E.164). */
const MAX_DIGITS = 15;
/** Digits a completion of a short number is tried with: any one of them making it valid means it is only short. */
const FILL_DIGITS = ['0', '5', '9'];

/** The contact's country (its ISO code) as libphonenumber's region; undefined when it has no numbering plan there, or no country. */
function regionOf(country: string): CountryCode | undefined {
  return isSupportedCountry(country) ? country : undefined;
}

function parse(text: string, region?: CountryCode): PhoneNumber | undefined {
  // extract: false: text around a number ("call 030 …") is not a number, and is not silently dropped.
  return parsePhoneNumberFromString(text, { ...(region ? { defaultCountry: region } : {}), extract: false });
}

/** A number of this calling code with these national digits, if it is a valid one. */
function validWith(callingCode: string, national: string): boolean {
  return parse(`+${callingCode}${national}`)?.isValid() ?? false;
}

/** Too short when some completion of it is valid; too long when some shortening is. */
function lengthProblem(number: PhoneNumber): 'short' | 'long' | undefined {
  const { countryCallingCode: code, nationalNumber: national } = number;
  const room = MAX_DIGITS - code.length - national.length;
  for (let extra = 1; extra <= room; extra++) {
    if (FILL_DIGITS.some((digit) => validWith(code, national + digit.repeat(extra)))) return 'short';
  }
  for (let cut = 1; cut < national.length; cut++) {
    if (validWith(code, national.slice(0, -cut))) return 'long';
  }
  return undefined;
}

/** Readings kept: the schema checks and converts each phone (two readings), a form reads it as staff type. */
const readings = new Map<string, PhoneReading>();
const MAX_READINGS = 10_000;

/**
 * Reads a typed phone as the contact's country (its ISO code) writes its numbers ("030 1234567" in Germany is
 * +49301234567), or as an international number when it starts with + or 00. The number is kept
 * in E.164; one that cannot be a valid number says why, for a person ("Phone "030 12" is too short
 * for Germany.").
 */
export function readPhone(typed: string, country: string): PhoneReading {
  const key = `${typed}\u0000${country}`;
  let reading = readings.get(key);
  if (!reading) {
    if (readings.size >= MAX_READINGS) readings.clear();
    reading = read(typed, country);
    readings.set(key, reading);
  }
  return reading;
}

/**
 * The phone in E.164 when it is a valid number (readPhone's answer), else undefined, without
 * working out why: for reading many stored phones at once, where only the answer is kept.
 */
export function phoneInE164(typed: string, country: string): string | undefined {
  const number = parse(typed.trim(), regionOf(country));
  return number && !number.ext && number.isValid() ? number.number : undefined;
}

function read(typed: string, country: string): PhoneReading {
  const valid = phoneInE164(typed, country);
  if (valid) return { phone: valid };
  const text = typed.trim();
  const region = regionOf(country);
  const number = parse(text, region);
  const lengthCheck = validatePhoneNumberLength(text, region ? { defaultCountry: region } : undefined);
  if (!number || lengthCheck === 'NOT_A_NUMBER') {
    if (/\d/.test(text) && !/^(\+|00)/.test(text) && !region) {
      return { error: `Phone "${text}" has no country code, and ${country ? `the country ${countryName(country)} has no numbering plan the directory knows` : 'the contact has no country'}: write it with + and the country code, such as ${EXAMPLE}.` };
    }
    return { error: `Phone "${text}" is not a phone number: write its digits, with + and the country code, such as ${EXAMPLE}.` };
  }
  if (number.ext) {
    return { error: `Phone "${text}" has an extension: enter the number alone, and the extension in Special Instructions.` };
  }
  // The country the number belongs to, as its calling code says; the contact's, for a national number.
  const owner = number.country ?? (region && getCountryCallingCode(region) === number.countryCallingCode ? region : undefined);
  const where = owner ? countryName(owner) : `country code +${number.countryCallingCode}`;
  const problem = lengthCheck === 'TOO_SHORT' ? 'short' : lengthCheck === 'TOO_LONG' ? 'long' : lengthProblem(number);
  if (problem) return { error: `Phone "${text}" is too ${problem} for ${where}.` };
  return { error: `Phone "${text}" is not a valid number for ${where}.` };
}

/**
 * A stored phone as people read it and Telegram links it: E.164 in the international format
 * ("+49 30 1234567"); a phone not yet in E.164 (kept as typed) as it is.
 */
export function formatPhone(stored: string): string {
  if (!stored.startsWith('+')) return stored;
  const number = parse(stored);
  return number?.isValid() ? number.formatInternational() : stored;
}
