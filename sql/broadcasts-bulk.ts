import type { Sql } from './database.js';

/** A finished broadcast with its recipients' outcomes, as stored (bulk loads: demo data). */
export interface StoredBroadcast {
  title: string;
  content: string;
  targetType: 'all' | 'selected' | 'template';
  status: 'sent' | 'failed' | 'cancelled';
  createdAt: Date;
  startedAt: Date;
  finishedAt: Date;
  recipients: {
    telegramId: number;
    status: 'delivered' | 'failed';
    attempts: number;
    error: string | null;
    unreachable: boolean;
    sentAt: Date | null;
  }[];
}

/**
 * Inserts finished broadcasts and their recipients; the counts are the recipients'. Template
 * broadcasts use the active broadcast template; `createdBy` is the staff member who sent them.
 */
export async function insertStoredBroadcasts(sql: Sql, broadcasts: StoredBroadcast[], createdBy: number | null): Promise<void> {
  for (const broadcast of broadcasts) {
    const delivered = broadcast.recipients.filter((recipient) => recipient.status === 'delivered').length;
    const [row] = await sql<{ id: number }[]>`
      INSERT INTO broadcasts (title, content, template_id, target_type, status, success_count, failure_count,
        total_recipients, created_by, created_at, started_at, finished_at)
      VALUES (${broadcast.title}, ${broadcast.content},
        ${broadcast.targetType === 'template' ? sql`(SELECT id FROM message_templates WHERE type = 'broadcast' AND is_active ORDER BY id LIMIT 1)` : null},
        ${broadcast.targetType}, ${broadcast.status}, ${delivered}, ${broadcast.recipients.length - delivered},
        ${broadcast.recipients.length}, ${createdBy}, ${broadcast.createdAt}, ${broadcast.startedAt}, ${broadcast.finishedAt})
      RETURNING id`;
    await sql`INSERT INTO broadcast_recipients ${sql(broadcast.recipients.map((recipient) => ({ broadcastId: row!.id, ...recipient })))}`;
  }
}
