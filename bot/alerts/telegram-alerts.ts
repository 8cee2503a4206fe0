import type { Api } from 'grammy';
import { PRIORITY_THRESHOLDS, type NotificationSettings } from '../../api/contract/notifications.js';
import type { StoredLiveNotification } from '../../sql/notifications.js';
import type { DayFigures } from '../../sql/notification-triggers.js';
import { escapeHtml } from '../../api/contract/message-templates.js';

/** What alerting needs of the live bot's API. */
export type AlertApi = Pick<Api, 'sendMessage'>;

/**
 * The chats a notification is sent to on Telegram: critical ones only, with Telegram
 * notifications on, to the admin's id and (with admin group alerts on) the admin group;
 * error spikes only with error alerts on.
 */
export function alertChats(settings: NotificationSettings, notification: Pick<StoredLiveNotification, 'kind' | 'priority'>): number[] {
  if (!settings.telegramNotifications || notification.priority < PRIORITY_THRESHOLDS.critical) return [];
  if (notification.kind === 'error_spike' && !settings.errorAlerts) return [];
  return reportChats(settings, settings.adminGroupAlerts);
}

/** The admin's id, and the admin group when asked for; whichever are set. */
export function reportChats(settings: NotificationSettings, includeGroup: boolean): number[] {
  const chats = [settings.adminTelegramId, includeGroup ? settings.adminGroupId : null];
  return chats.filter((chat): chat is number => chat !== null);
}

export function alertText(notification: Pick<StoredLiveNotification, 'title' | 'message'>): string {
  return `🚨 <b>${escapeHtml(notification.title)}</b>\n${escapeHtml(notification.message)}`;
}

const count = new Intl.NumberFormat('en-US');

/** The daily report's text: one local day's figures. */
export function dailyReportText(day: string, figures: DayFigures): string {
  return [
    `📊 <b>Daily report for ${day}</b>`,
    `Requests: ${count.format(figures.requests)}`,
    `Success rate: ${figures.successRate === null ? 'no requests' : `${figures.successRate}%`}`,
    `Unique users: ${count.format(figures.uniqueUsers)}`,
    `New users: ${count.format(figures.newUsers)}`,
    `Errors: ${count.format(figures.errors)}`,
  ].join('\n');
}
