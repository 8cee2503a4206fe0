import { openDatabase } from '../../sql/database.js';

/*
 * A process of its own for test/sql/pool-warm-up.test.ts: tap counts any unhandled rejection in a test
 * process as a failure, so whether the product's process lives through one is seen from outside it.
 * Asks the database named by the first argument until it answers, and prints the answer.
 */
const database = await openDatabase({ databaseUrl: process.argv[2], maxConnections: 1 });
let answer: string | undefined;
for (let attempt = 1; answer === undefined && attempt <= 3; attempt += 1) {
  try {
    const [row] = await database.sql<{ answer: string }[]>`SELECT 'answered' AS answer`;
    answer = row!.answer;
  } catch (error) {
    console.log(`attempt ${attempt}: ${(error as Error).message}`);
  }
}
console.log(answer);
await database.close();
