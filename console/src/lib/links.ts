import { ROUTES } from './routes.js';

/** Links into one screen's detail, shared by the screens that point there. */

/** The Bot Users screen opened on one user's details (it reads the `user` query parameter). */
export function botUserPath(telegramId: number): string {
  return `${ROUTES.botUsers.path}?user=${encodeURIComponent(telegramId)}`;
}

/** The sections of Settings, in screen order; each is the id of its part of the page. */
export const SETTINGS_SECTIONS = ['account', 'notifications', 'system', 'specialties'] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

/** Settings opened at one section (`/settings?section=system`; `/settings#system` works too). */
export function settingsSectionPath(section: SettingsSection): string {
  return `${ROUTES.settings.path}?section=${section}`;
}
