import type { Sql } from './database.js';

/** Reads a named secret, creating it with generate() the first time. Safe when two processes race. */
export async function getOrCreateSecret(sql: Sql, name: string, generate: () => string): Promise<string> {
  await sql`INSERT INTO app_secrets (name, value) VALUES (${name}, ${generate()}) ON CONFLICT (name) DO NOTHING`;
  const [row] = await sql<{ value: string }[]>`SELECT value FROM app_secrets WHERE name = ${name}`;
  return row!.value;
}
