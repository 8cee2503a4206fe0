import type { TemplateType } from '../../api/contract/message-templates.js';

/**
 * Everything the bot says in one language: one interface, so a language missing a text does not compile.
 * Templates hold {placeholders} as the console's templates do; counts in prose take their plural forms
 * from the language (formatCountIn); a number standing alone is written "label: {count}" so no form is needed.
 */
export interface BotTexts {
  /** The built-in content of each template type: seeded as the language's active templates, and the fallback of last resort. */
  templates: Record<TemplateType, string>;
  /** What the bot says when it refuses or cannot help, shown through the error template. */
  refusals: {
    accessDenied: string;
    blocked: string;
    /** In an authorized group staff switched off. */
    groupPaused: string;
    /** The one sentence the bot says before it leaves a group nobody authorized. */
    unauthorizedGroup: string;
    maintenance: string;
    failure: string;
    noResults: (radiusKm: number, place: string) => string;
    badLocation: string;
  };
  /** The answer when the database stays away: plain text, sent without any template. */
  unavailable: string;
  /** The button that closes a choice of places. */
  cancel: string;
  /** The descriptions of the command menu (setMyCommands). */
  commands: { start: string; help: string; language: string };
  /** /language: the question above the buttons, and the confirmation, written in the language just chosen. */
  languageChoice: { question: string; chosen: string };
}
