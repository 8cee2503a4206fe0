/** The dashboard's addresses and cache keys. */
export const SYSTEM_SETTINGS_URL = '/api/system-settings';
export const SYSTEM_HEALTH_URL = '/api/system-health';
export const BACKUPS_URL = '/api/backups';

export const systemSettingsQueryKey = [SYSTEM_SETTINGS_URL] as const;
export const systemHealthQueryKey = [SYSTEM_HEALTH_URL] as const;
