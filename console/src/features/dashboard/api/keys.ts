/** The dashboard's addresses and cache keys. */
export const SYSTEM_SETTINGS_URL = '/api/system-settings';
export const SYSTEM_HEALTH_URL = '/api/system-health';
export const BACKUPS_URL = '/api/backups';

export const systemSettingsQueryKey = [SYSTEM_SETTINGS_URL] as const;
export const systemHealthQueryKey = [SYSTEM_HEALTH_URL] as const;
export const BOT_STATS_URL = '/api/bot-stats';

/** Every window's figures share the prefix, so Refresh reloads them all. */
export const botStatsQueryKey = (period: string) => [BOT_STATS_URL, period] as const;
