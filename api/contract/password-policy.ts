import { z } from 'zod';

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 256;
export const TWO_FACTOR_CODE_LENGTH = 6;

/** The most common passwords of eight characters or more, from public breach corpora. */
const COMMON_PASSWORDS = new Set([
  '12345678', '123456789', '1234567890', '12345678910', '11111111', '00000000', '88888888',
  '87654321', '11223344', '12341234', '123123123', '987654321', '1q2w3e4r', '1q2w3e4r5t',
  '1qaz2wsx', 'qwertyuiop', 'qwerty123', 'qwerty12', 'qwertyui', 'asdfghjkl', 'zxcvbnm1',
  'password', 'password1', 'password12', 'password123', 'password!', 'passw0rd', 'p@ssw0rd',
  'p@ssword', 'pa$$word', 'iloveyou', 'iloveyou1', 'sunshine', 'princess', 'football',
  'baseball', 'superman', 'starwars', 'whatever', 'trustno1', 'welcome1', 'welcome123',
  'letmein1', 'letmein123', 'master123', 'michael1', 'jennifer', 'jordan23', 'computer',
  'internet', 'mercedes', 'corvette', 'midnight', 'blink182', 'abcd1234', 'abc12345',
  'abcdefgh', 'aa123456', 'a1234567', 'admin123', 'admin1234', 'administrator', 'changeme',
  'changeme1', 'default1', 'secret123', 'monkey123', 'dragon123', 'shadow123', 'qazwsxedc',
  'zaq12wsx', 'q1w2e3r4', 'q1w2e3r4t5', 'asdf1234', 'asdfasdf', 'football1', 'baseball1',
  'liverpool', 'chelsea1', 'arsenal1', 'minecraft', 'pokemon1', 'charlie1', 'samsung1',
  'freedom1', 'nicole12', 'michelle', 'jessica1', 'victoria', 'cocacola', 'loveyou1',
  'lovely12', 'hello123', 'helloworld', 'testtest', 'test1234', 'testing123', 'summer2024',
  'summer2025', 'summer2026', 'winter2025', 'winter2026', 'spring2026', 'autumn2026',
]);

/** True for a password found in the common-passwords list (case-insensitive). */
export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}

export const PasswordSchema = z
  .string({ error: 'Password is required' })
  .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters long. Choose a longer one.`)
  .max(MAX_PASSWORD_LENGTH, `Password can be at most ${MAX_PASSWORD_LENGTH} characters long. Choose a shorter one.`)
  .refine((password) => !isCommonPassword(password), {
    message: 'This password is too common. Choose a longer or less common password.',
  });
