import { randomBytes } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { TwoFactorEnrollment } from '../contract/auth.js';

const ISSUER = 'MedContacts Admin';
const RECOVERY_CODE_COUNT = 10;

/** A fresh TOTP secret with what an authenticator app needs to enrol it. */
export async function createEnrollment(secret: string, accountName: string): Promise<TwoFactorEnrollment> {
  const otpauthUrl = generateURI({ issuer: ISSUER, label: accountName, secret });
  return { secret, otpauthUrl, qrCodeDataUrl: await QRCode.toDataURL(otpauthUrl) };
}

export function newTwoFactorSecret(): string {
  return generateSecret();
}

/** What a code turned out to be: accepted at a time step, already used (its step is spent), or wrong. */
export type TwoFactorCodeCheck = { kind: 'accepted'; step: number } | { kind: 'reused' } | { kind: 'invalid' };

/**
 * Checks a 6-digit code, 30 s steps, one step either side. Codes at or before lastStep are
 * refused as 'reused', so each code is accepted at most once and the person is told to wait for
 * the next one rather than that their code is wrong.
 */
export async function checkTwoFactorCode(secret: string, code: string, now: Date, lastStep: number | null): Promise<TwoFactorCodeCheck> {
  const result = await verify({ secret, token: code, epoch: Math.floor(now.getTime() / 1000), epochTolerance: 30 }).catch(() => undefined);
  if (!result?.valid || !('timeStep' in result)) return { kind: 'invalid' };
  if (lastStep !== null && result.timeStep <= lastStep) return { kind: 'reused' };
  return { kind: 'accepted', step: result.timeStep };
}

/** Ten one-time codes like "k3f9-2hx7-qm4p", for when the authenticator is lost. */
export function newRecoveryCodes(): string[] {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from(randomBytes(12), (byte) => alphabet[byte % alphabet.length]).join('');
    return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}`;
  });
}

/** Recovery codes are compared without case, spaces or dashes. */
export function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[^a-z0-9]/g, '');
}
