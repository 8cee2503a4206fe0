import { insertBotLogs } from '../../sql/bot-logs.js';
import type { Sql } from '../../sql/database.js';
import { addLogPartitions } from '../../sql/log-partitions.js';
import { addDailyUsage } from '../../sql/daily-usage.js';
import { addContactDailyRequests, findContactIdsByPhone } from '../../sql/medical-contacts.js';
import { countTemplateUses, listTemplates } from '../../sql/message-templates.js';
import type { DemoContact } from './contacts.js';
import type { DemoTraffic, TemplateUses } from './traffic.js';

const BATCH_SIZE = 5_000;

/**
 * Stores the demo traffic: its log rows, daily usage and per-contact request counts. Contacts are
 * found by phone, so a demo contact staff have deleted since is simply left out.
 */
export async function insertDemoTraffic(sql: Sql, traffic: DemoTraffic, contacts: DemoContact[]): Promise<void> {
  const ids = await findContactIdsByPhone(sql, contacts.map((contact) => contact.phone));
  const idOf = (index: number) => ids.get(contacts[index]!.phone);
  const rows = traffic.requests.map(({ contacts: shown, ...request }) =>
    shown.length === 0
      ? request
      : { ...request, metadata: { ...request.metadata, contactIds: shown.map(idOf).filter((id) => id !== undefined) } },
  );
  if (rows.length > 0) {
    // The months of the demo's past, made before their rows come rather than moved out of the default partition after.
    const times = rows.map((row) => row.createdAt.getTime());
    await addLogPartitions(sql, new Date(times.reduce((a, b) => Math.min(a, b))), new Date(times.reduce((a, b) => Math.max(a, b))));
  }
  for (let start = 0; start < rows.length; start += BATCH_SIZE) await insertBotLogs(sql, rows.slice(start, start + BATCH_SIZE));
  await addDailyUsage(sql, traffic.dailyUsage);
  await addContactDailyRequests(
    sql,
    traffic.contactRequests.flatMap(({ contact, day, requests }) => {
      const contactId = idOf(contact);
      return contactId === undefined ? [] : [{ contactId, day, requests }];
    }),
  );
}

/** Counts the demo's answers as uses of the active template of their type and language, as the bot's recorder does. */
export async function countDemoTemplateUses(sql: Sql, uses: TemplateUses[]): Promise<void> {
  const active = new Map((await listTemplates(sql)).filter((template) => template.isActive).map((template) => [`${template.type}|${template.language}`, template.id]));
  await countTemplateUses(
    sql,
    uses.flatMap(({ type, language, uses: times }) => {
      const id = active.get(`${type}|${language}`);
      return id === undefined ? [] : Array<number>(times).fill(id);
    }),
  );
}
