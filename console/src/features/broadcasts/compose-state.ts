import { z } from 'zod';
import { BroadcastTargetTypeSchema, unknownPlaceholderProblem, type BroadcastTranslations } from '@contract/broadcasts.js';
import { LanguageCodeSchema, nativeLanguageName, type LanguageCode } from '@contract/languages.js';
import type { MessageTemplate } from '@contract/message-templates.js';
import { formatCount, pluralForm } from '../../lib/format.js';

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

/** The compose form as its draft keeps it (use-form-draft.ts): JSON has no sets. */
const ComposeDraftSchema = z.object({
  type: BroadcastTargetTypeSchema,
  title: z.string(),
  content: z.string(),
  translations: z.partialRecord(LanguageCodeSchema, z.string()),
  templateId: z.number().int().positive().nullable(),
  selectedUsers: z.array(z.string()),
});

export function composeToDraft(state: ComposeState): z.infer<typeof ComposeDraftSchema> {
  return { ...state, selectedUsers: [...state.selectedUsers] };
}

/** A stored draft back as the form's state; undefined when it is not one. */
export function composeFromDraft(stored: unknown): ComposeState | undefined {
  const parsed = ComposeDraftSchema.safeParse(stored);
  return parsed.success ? { ...parsed.data, selectedUsers: new Set(parsed.data.selectedUsers) } : undefined;
}

/** Whether the form holds something a person would miss: typed text or ticked users, not a bare choice of type. */
export function composeWorthKeeping(state: ComposeState): boolean {
  const typed = [state.title, state.content, ...Object.values(state.translations)].some((text) => text?.trim());
  return typed || state.selectedUsers.size > 0;
}

export const BROADCAST_TYPES: readonly { value: BroadcastType; label: string; hint: string }[] = [
  { value: 'all', label: 'All Users', hint: 'Every active bot user' },
  { value: 'selected', label: 'Selected Users', hint: 'Users you tick in the list' },
  { value: 'template', label: 'Use Template', hint: 'Every active user, with a saved template' },
];

/** "all 3 reachable bot users", "the 1 reachable bot user": everyone a broadcast to all reaches, counted. */
export function wholeAudience(count: number, noun: string): string {
  return `${pluralForm(count, 'the', 'all')} ${formatCount(count, noun)}`;
}

/** The first spec §5 rule a send breaks, in the spec's order; undefined when the form can be sent. */
export function sendProblem(state: ComposeState): string | undefined {
  if (!state.title.trim()) return 'Please enter a message title';
  if (state.type === 'template' && state.templateId === null) return 'Please select a template';
  if (state.type === 'selected' && state.selectedUsers.size === 0) return 'Please select at least one user';
  if (!state.content.trim() && !(state.type === 'template' && state.templateId !== null)) return 'Please enter message content or select a template';
  if (state.type !== 'template') {
    const blank = (Object.keys(state.translations) as LanguageCode[]).find((language) => !state.translations[language]?.trim());
    if (blank) return `Write the ${nativeLanguageName(blank)} text, or remove that language`;
    return placeholderProblem([state.content, ...Object.values(state.translations)]);
  }
  return undefined;
}

/** A placeholder in the typed texts that no recipient's values fill, named as the server refuses it. */
function placeholderProblem(texts: readonly (string | undefined)[]): string | undefined {
  return texts.map((text) => unknownPlaceholderProblem(text ?? '')).find((problem) => problem !== undefined);
}

/** The texts per language a send carries: none for a template broadcast, whose text is the template's. */
export function translationsToSend(state: ComposeState): BroadcastTranslations | undefined {
  return state.type === 'template' || Object.keys(state.translations).length === 0 ? undefined : state.translations;
}

/**
 * The languages a test message can be sent in, in the order offered: the default language, and each other
 * with a text of its own in this broadcast (one written here, or an active template of the chosen one's type).
 */
export function testLanguages(
  state: ComposeState,
  languages: { defaultLanguage: LanguageCode; offered: readonly LanguageCode[] },
  activeTemplates: readonly MessageTemplate[] | undefined,
): LanguageCode[] {
  const chosen = state.type === 'template' ? activeTemplates?.find((template) => template.id === state.templateId) : undefined;
  const withText: readonly LanguageCode[] =
    state.type === 'template' ? templateLanguages(chosen, activeTemplates, languages.offered) : (Object.keys(state.translations) as LanguageCode[]);
  return languages.offered.filter((code) => code === languages.defaultLanguage || withText.includes(code));
}

/**
 * The offered languages a template broadcast speaks: those with an active template of the chosen one's
 * type (the server sends each reader that one).
 */
export function templateLanguages(
  chosen: MessageTemplate | undefined,
  activeTemplates: readonly MessageTemplate[] | undefined,
  offered: readonly LanguageCode[],
): LanguageCode[] {
  if (!chosen) return [];
  const languages = new Set((activeTemplates ?? []).filter((template) => template.type === chosen.type).map((template) => template.language));
  return offered.filter((code) => languages.has(code));
}

/**
 * The spec §5 test-message rules; the test sends to one user what the form holds for readers of `language`
 * (undefined: the default language, Message Content).
 */
export function testProblem(userId: string, state: ComposeState, language?: LanguageCode): string | undefined {
  if (!userId.trim()) return 'Please enter a test user ID';
  if (!state.content.trim() && !(state.type === 'template' && state.templateId !== null)) return 'Please enter message content';
  if (state.type !== 'template' && language && !state.translations[language]?.trim()) {
    return `Write the ${nativeLanguageName(language)} text, or choose another language`;
  }
  return state.type === 'template' ? undefined : placeholderProblem([language ? state.translations[language] : state.content]);
}
