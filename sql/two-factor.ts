import type { Sql } from './database.js';
import { transaction } from './transaction.js';

/** Keeps the secret a user is enrolling with until they prove they hold it. */
export async function setPendingTwoFactorSecret(sql: Sql, userId: number, secret: string): Promise<void> {
  await sql`UPDATE admin_users SET two_factor_pending_secret = ${secret} WHERE id = ${userId}`;
}

/**
 * Records that a code of this time step was used. Atomic, so two requests racing with the same
 * code cannot both pass: false when this step (or a later one) was already used.
 */
export async function claimTwoFactorStep(sql: Sql, userId: number, step: number): Promise<boolean> {
  const claimed = await sql`
    UPDATE admin_users SET two_factor_last_step = ${step}
    WHERE id = ${userId} AND (two_factor_last_step IS NULL OR two_factor_last_step < ${step})
    RETURNING id`;
  return claimed.length > 0;
}

/** Makes the pending secret the user's secret, switches two-factor on and stores new recovery codes. */
export async function confirmTwoFactorEnrollment(sql: Sql, userId: number, step: number, recoveryCodeHashes: string[]): Promise<void> {
  await transaction(sql, async (tx) => {
    await tx`
      UPDATE admin_users SET
        two_factor_secret = two_factor_pending_secret, two_factor_pending_secret = NULL,
        two_factor_enabled = true, two_factor_last_step = ${step}, updated_at = now()
      WHERE id = ${userId} AND two_factor_pending_secret IS NOT NULL`;
    await tx`DELETE FROM admin_recovery_codes WHERE user_id = ${userId}`;
    await tx`INSERT INTO admin_recovery_codes ${tx(recoveryCodeHashes.map((codeHash) => ({ userId, codeHash })))}`;
  });
}

/** An administrator's switch: on means the user must enrol at their next sign-in. */
export async function requireTwoFactor(sql: Sql, userId: number): Promise<void> {
  await sql`UPDATE admin_users SET two_factor_enabled = true, updated_at = now() WHERE id = ${userId}`;
}

/** Switches two-factor off and forgets the secret and the recovery codes. */
export async function disableTwoFactor(sql: Sql, userId: number): Promise<void> {
  await transaction(sql, async (tx) => {
    await tx`
      UPDATE admin_users SET
        two_factor_enabled = false, two_factor_secret = NULL, two_factor_pending_secret = NULL,
        two_factor_last_step = NULL, updated_at = now()
      WHERE id = ${userId}`;
    await tx`DELETE FROM admin_recovery_codes WHERE user_id = ${userId}`;
  });
}

export async function replaceRecoveryCodes(sql: Sql, userId: number, codeHashes: string[]): Promise<void> {
  await transaction(sql, async (tx) => {
    await tx`DELETE FROM admin_recovery_codes WHERE user_id = ${userId}`;
    await tx`INSERT INTO admin_recovery_codes ${tx(codeHashes.map((codeHash) => ({ userId, codeHash })))}`;
  });
}

/** Spends a recovery code; false when it is unknown or already used. */
export async function useRecoveryCode(sql: Sql, userId: number, codeHash: string, now: Date): Promise<boolean> {
  const used = await sql`
    UPDATE admin_recovery_codes SET used_at = ${now}
    WHERE user_id = ${userId} AND code_hash = ${codeHash} AND used_at IS NULL
    RETURNING id`;
  return used.length > 0;
}

export async function countUnusedRecoveryCodes(sql: Sql, userId: number): Promise<number> {
  const [row] = await sql<{ count: number }[]>`
    SELECT count(*) AS count FROM admin_recovery_codes WHERE user_id = ${userId} AND used_at IS NULL`;
  return row?.count ?? 0;
}
