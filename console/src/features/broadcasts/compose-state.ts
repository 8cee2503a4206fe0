import type { BroadcastTranslations } from '@contract/broadcasts.js';
import { nativeLanguageName, type LanguageCode } from '@contract/languages.js';

/** What the compose form holds; a successful send returns it to {@link EMPTY_COMPOSE} (spec §4). */
export type BroadcastType = 'all' | 'selected' | 'template';

export interface ComposeState {
  type: BroadcastType;
  title: string;
  content: string;
  /** Texts in other languages than the default (whose text is `content`), in the order they were added. */
  translations: BroadcastTranslations;
  templateId: number | null;
  /** Telegram ids of the ticked users, kept across search and paging of the checklist. */
  selectedUsers: ReadonlySet<string>;
}

export const EMPTY_COMPOSE: ComposeState = { type: 'all', title: '', content: '', translations: {}, templateId: null, selectedUsers: new Set() };

export const BROADCAST_TYPES: readonly { value: BroadcastType; label: string; hint: string }[] = [
  { value: 'all', label: 'All Users', hint: 'Every active bot user' },
  { value: 'selected', label: 'Selected Users', hint: 'Users you tick in the list' },
  { value: 'template', label: 'Use Template', hint: 'Every active user, with a saved template' },
];

/** The first spec §5 rule a send breaks, in the spec's order; undefined when the form can be sent. */
export function sendProblem(state: ComposeState): string | undefined {
  if (!state.title.trim()) return 'Please enter a message title';
  if (state.type === 'template' && state.templateId === null) return 'Please select a template';
  if (state.type === 'selected' && state.selectedUsers.size === 0) return 'Please select at least one user';
  if (!state.content.trim() && !(state.type === 'template' && state.templateId !== null)) return 'Please enter message content or select a template';
  if (state.type !== 'template') {
    const blank = (Object.keys(state.translations) as LanguageCode[]).find((language) => !state.translations[language]?.trim());
    if (blank) return `Write the ${nativeLanguageName(blank)} text, or remove that language`;
  }
  return undefined;
}

/** The texts per language a send carries: none for a template broadcast, whose text is the template's. */
export function translationsToSend(state: ComposeState): BroadcastTranslations | undefined {
  return state.type === 'template' || Object.keys(state.translations).length === 0 ? undefined : state.translations;
}

/** The spec §5 test-message rules; the test sends what the form holds to one user. */
export function testProblem(userId: string, state: ComposeState): string | undefined {
  if (!userId.trim()) return 'Please enter a test user ID';
  if (!state.content.trim() && !(state.type === 'template' && state.templateId !== null)) return 'Please enter message content';
  return undefined;
}
