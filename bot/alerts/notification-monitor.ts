import type { EventEmitter } from 'node:events';
import { HttpError } from 'grammy';
import type { Sql } from '../../sql/database.js';
import { createNotification, latestNotificationOfKind, notificationExists, requeueAlerts, takePendingAlerts } from '../../sql/notifications.js';
import { claimDailyJobs, getNotificationSettings, markOverdueAlert } from '../../sql/notification-settings.js';
import { overdueShare } from '../../sql/verification-figures.js';
import { countBotUsers, countErrorsBetween, dayFigures, usersRefusedEveryDay } from '../../sql/notification-triggers.js';
import { getSystemSettings } from '../../sql/settings.js';
import { DAILY_LIMIT_REFUSAL } from '../answering/answer.js';
import { alertChats, alertText, dailyReportText, reportChats, type AlertApi } from './telegram-alerts.js';
import { localDay } from '../../api/contract/time-zone.js';
import { formatCount } from '../../api/contract/plural.js';
import { NOTIFICATION_STYLES, userMilestone } from '../../api/contract/notifications.js';

/** An error spike is more than this many ERROR log rows within ERROR_SPIKE_WINDOW_MS (a constant, not a setting). */
export const ERROR_SPIKE_THRESHOLD = 10;
export const ERROR_SPIKE_WINDOW_MS = 5 * 60 * 1000;

/** A user refused by the daily limit on this many days in a row is reported once per run of days. */
export const LIMIT_STREAK_DAYS = 3;
/** Bot user counts worth a notification: 100, 1,000, 10,000 … */
/** How often the product runs the checks. */
export const NOTIFICATION_CHECK_INTERVAL_MS = 15_000;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export interface NotificationMonitorOptions {
  sql: Sql;
  /** The live bot's API: alerts and daily reports are sent through it. */
  api: AlertApi;
  /** The bot's events: 'connection' (boolean) raises the disconnected and reconnected notifications. */
  events?: EventEmitter;
  now?: () => Date;
  onError?: (error: unknown) => void;
}

export interface NotificationMonitor {
  /** Starts following the bot's connection. */
  start(): void;
  /** Stops following it and waits for a check in progress. */
  stop(): Promise<void>;
  /**
   * Runs every check once: error spike, user milestones, the overdue share, the daily jobs, then sends pending
   * alerts. The job runner calls it every NOTIFICATION_CHECK_INTERVAL_MS.
   */
  tick(): Promise<void>;
}

const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The notice of an error spike of `errors` errors within the window (the demo seeds one alike). */
export function errorSpikeNotice(errors: number) {
  const windowMinutes = ERROR_SPIKE_WINDOW_MS / 60_000;
  return {
    kind: 'error_spike',
    ...NOTIFICATION_STYLES.error_spike,
    title: 'Error spike',
    message: `${formatCount(errors, 'error')} in the last ${windowMinutes} minutes`,
    metadata: { errors, windowMinutes, level: 'ERROR' },
  } as const;
}

/**
 * The periodic checks that raise notifications the bot's handlers cannot (conditions over time),
 * and the dispatcher that sends critical notifications to the admins on Telegram under the
 * notification settings.
 */
export function createNotificationMonitor(options: NotificationMonitorOptions): NotificationMonitor {
  const { sql, api } = options;
  const now = options.now ?? (() => new Date());
  const onError = options.onError ?? ((error: unknown) => console.error('notification monitor error', error));
  let running: Promise<void> = Promise.resolve();
  /** Whether the last check saw a spike; undefined until the first check reads the last one raised. */
  let spiking: boolean | undefined;
  let disconnected = false;

  async function checkErrorSpike(at: Date): Promise<void> {
    const since = new Date(at.getTime() - ERROR_SPIKE_WINDOW_MS);
    if (spiking === undefined) {
      const last = await latestNotificationOfKind(sql, 'error_spike');
      spiking = last !== undefined && last.createdAt >= since;
    }
    const errors = await countErrorsBetween(sql, since, new Date(at.getTime() + 1));
    const spikeNow = errors > ERROR_SPIKE_THRESHOLD;
    // One notification per spike: raised when it starts, not again while it lasts.
    if (spikeNow && !spiking) {
      await createNotification(sql, { ...errorSpikeNotice(errors), expiresAt: new Date(at.getTime() + 7 * DAY_MS) }, at);
    }
    spiking = spikeNow;
  }

  async function checkUserMilestone(at: Date): Promise<void> {
    const milestone = userMilestone(await countBotUsers(sql));
    if (milestone === null) return;
    if (await notificationExists(sql, 'user_milestone', 'users', milestone)) return;
    const figure = milestone.toLocaleString('en-US');
    await createNotification(sql, {
      kind: 'user_milestone',
      ...NOTIFICATION_STYLES.user_milestone,
      title: `${figure} bot users`,
      message: `The bot now has ${figure} users.`,
      expiresAt: null,
      metadata: { users: milestone },
    }, at);
  }

  /**
   * The share of active contacts overdue for verification above Notification Settings' threshold:
   * one notification when it passes it, none while it stays above, and another only after it fell
   * back below and passed it again.
   */
  async function checkOverdueShare(at: Date): Promise<void> {
    const threshold = (await getNotificationSettings(sql)).overdueAlertPercent ?? null;
    // Off, the share is not read: the mark falls back, so setting a threshold alerts at once if it is passed.
    const { activeContacts, overdue } = threshold === null ? { activeContacts: 0, overdue: 0 } : await overdueShare(sql, at);
    const percent = activeContacts === 0 ? 0 : (overdue / activeContacts) * 100;
    if (!(await markOverdueAlert(sql, threshold !== null && percent > threshold))) return;
    const shown = Math.round(percent * 10) / 10;
    await createNotification(sql, {
      kind: 'verification_overdue',
      ...NOTIFICATION_STYLES.verification_overdue,
      title: 'Contacts overdue for verification',
      message: `${shown}% of active contacts are overdue for verification (${formatCount(overdue, 'contact')} of ${activeContacts.toLocaleString('en-GB')}), above the ${threshold}% set in Notification Settings.`,
      expiresAt: null,
      metadata: { overdue, activeContacts, percent: shown, threshold },
    }, at);
  }

  /** Once per local day: the report on yesterday and the users refused by the limit day after day. */
  async function runDailyJobs(at: Date): Promise<void> {
    const { timeZone } = await getSystemSettings(sql);
    const yesterday = addDays(localDay(at, timeZone), -1);
    if (!(await claimDailyJobs(sql, yesterday))) return;

    const settings = await getNotificationSettings(sql);
    if (settings.dailyReports) {
      const text = dailyReportText(yesterday, await dayFigures(sql, yesterday, timeZone));
      await sendToEach(reportChats(settings, settings.adminGroupAlerts), text);
    }

    const refused = await usersRefusedEveryDay(sql, { refusal: DAILY_LIMIT_REFUSAL, lastDay: yesterday, days: LIMIT_STREAK_DAYS, timeZone });
    const streakStart = new Date(at.getTime() - LIMIT_STREAK_DAYS * DAY_MS);
    for (const user of refused) {
      // A longer run is the same condition: one notification per run of days.
      if (await notificationExists(sql, 'daily_limit_repeated', 'telegramId', user.telegramId, streakStart)) continue;
      await createNotification(sql, {
        kind: 'daily_limit_repeated',
        ...NOTIFICATION_STYLES.daily_limit_repeated,
        title: 'Daily limit reached repeatedly',
        message: `${user.firstName || 'A user'} (${user.telegramId}) reached the daily limit on ${LIMIT_STREAK_DAYS} days in a row.`,
        expiresAt: new Date(at.getTime() + LIMIT_STREAK_DAYS * DAY_MS),
        metadata: { telegramId: user.telegramId, days: LIMIT_STREAK_DAYS },
      }, at);
    }
  }

  /** Sends to each chat; false when Telegram could not be reached at all, so nothing went out. */
  async function sendToEach(chats: number[], html: string): Promise<boolean> {
    for (const [index, chat] of chats.entries()) {
      try {
        await api.sendMessage(chat, html, { parse_mode: 'HTML' });
      } catch (error) {
        if (index === 0 && error instanceof HttpError) return false;
        onError(error);
      }
    }
    return true;
  }

  async function dispatchAlerts(): Promise<void> {
    const pending = await takePendingAlerts(sql);
    if (pending.length === 0) return;
    const settings = await getNotificationSettings(sql);
    for (const [index, notification] of pending.entries()) {
      if (!(await sendToEach(alertChats(settings, notification), alertText(notification)))) {
        // Telegram is out of reach (a lost connection is itself alerted): try these again on the next check.
        await requeueAlerts(sql, pending.slice(index).map((item) => item.id));
        return;
      }
    }
  }

  async function connectionChanged(connected: boolean): Promise<void> {
    const at = now();
    if (!connected) {
      disconnected = true;
      await createNotification(sql, {
        kind: 'bot_disconnected',
        ...NOTIFICATION_STYLES.bot_disconnected,
        title: 'Bot disconnected',
        message: 'The bot lost its connection to Telegram.',
        expiresAt: new Date(at.getTime() + DAY_MS),
        metadata: { since: at.toISOString() },
      }, at);
    } else if (disconnected) {
      disconnected = false;
      await createNotification(sql, {
        kind: 'bot_reconnected',
        ...NOTIFICATION_STYLES.bot_reconnected,
        title: 'Bot reconnected',
        message: 'The bot is connected to Telegram again.',
        expiresAt: new Date(at.getTime() + DAY_MS),
        metadata: {},
      }, at);
    }
  }
  const onConnection = (connected: boolean) => {
    connectionChanged(connected).catch(onError);
  };

  async function tick(): Promise<void> {
    const at = now();
    for (const check of [() => checkErrorSpike(at), () => checkUserMilestone(at), () => checkOverdueShare(at), () => runDailyJobs(at), dispatchAlerts]) {
      // One failing check does not keep the others from running.
      await check().catch(onError);
    }
  }

  return {
    start() {
      options.events?.on('connection', onConnection);
    },
    async stop() {
      options.events?.off('connection', onConnection);
      await running;
    },
    tick: () => (running = running.then(tick)),
  };
}
