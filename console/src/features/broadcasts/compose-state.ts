/** What the compose form holds; a successful send returns it to {@link EMPTY_COMPOSE} (spec §4). */
export type BroadcastType = 'all' | 'selected' | 'template';

export interface ComposeState {
  type: BroadcastType;
  title: string;
  content: string;
  templateId: number | null;
  /** Telegram ids of the ticked users, kept across search and paging of the checklist. */
  selectedUsers: ReadonlySet<string>;
}

export const EMPTY_COMPOSE: ComposeState = { type: 'all', title: '', content: '', templateId: null, selectedUsers: new Set() };

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
  return undefined;
}

/** The spec §5 test-message rules; the test sends what the form holds to one user. */
export function testProblem(userId: string, state: ComposeState): string | undefined {
  if (!userId.trim()) return 'Please enter a test user ID';
  if (!state.content.trim() && !(state.type === 'template' && state.templateId !== null)) return 'Please enter message content';
  return undefined;
}
