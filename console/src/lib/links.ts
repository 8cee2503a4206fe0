import { ROUTES } from './routes.js';

/** Links into one screen's detail, shared by the screens that point there. */

/** The Bot Users screen opened on one user's details (it reads the `user` query parameter). */
export function botUserPath(telegramId: number): string {
  return `${ROUTES.botUsers.path}?user=${encodeURIComponent(telegramId)}`;
}
