import {
  CreateAuthorizedGroupSchema,
  CreateWhitelistEntrySchema,
  GROUP_DEFAULTS,
  groupIdProblem,
  type AuthorizedGroup,
  type CreateAuthorizedGroup,
  type CreateWhitelistEntry,
  type GroupType,
  type WhitelistEntry,
} from '@contract/access-control.js';

/** What the group form holds: numbers stay text until they are checked. */
export interface GroupFormValues {
  groupId: string;
  groupName: string;
  groupType: GroupType;
  dailyLimit: string;
  description: string;
  isActive: boolean;
}

/** What the whitelist form holds. */
export interface WhitelistFormValues {
  telegramId: string;
  username: string;
  firstName: string;
  lastName: string;
  reason: string;
  isActive: boolean;
}

export type FieldErrors<Values> = Partial<Record<keyof Values, string>>;

export type Checked<Payload, Values> = { ok: true; payload: Payload } | { ok: false; errors: FieldErrors<Values> };

/** Spec §9: a new group is a supergroup with a daily limit of 3, active. */
export const EMPTY_GROUP: GroupFormValues = {
  groupId: '',
  groupName: '',
  groupType: GROUP_DEFAULTS.groupType,
  dailyLimit: String(GROUP_DEFAULTS.dailyLimit),
  description: '',
  isActive: GROUP_DEFAULTS.isActive,
};

export const EMPTY_WHITELIST_ENTRY: WhitelistFormValues = { telegramId: '', username: '', firstName: '', lastName: '', reason: '', isActive: true };

export const GROUP_LABELS: Record<keyof GroupFormValues, string> = {
  groupId: 'Group ID',
  groupName: 'Group Name',
  groupType: 'Group Type',
  dailyLimit: 'Daily Limit',
  description: 'Description',
  isActive: 'Active',
};

export const WHITELIST_LABELS: Record<keyof WhitelistFormValues, string> = {
  telegramId: 'Telegram ID',
  username: 'Username',
  firstName: 'First Name',
  lastName: 'Last Name',
  reason: 'Reason',
  isActive: 'Active',
};

export function groupFormValuesOf(group: AuthorizedGroup): GroupFormValues {
  return {
    groupId: String(group.groupId),
    groupName: group.groupName,
    groupType: group.groupType,
    dailyLimit: String(group.dailyLimit),
    description: group.description ?? '',
    isActive: group.isActive,
  };
}

export function whitelistFormValuesOf(entry: WhitelistEntry): WhitelistFormValues {
  return {
    telegramId: String(entry.telegramId),
    username: entry.username ?? '',
    firstName: entry.firstName ?? '',
    lastName: entry.lastName ?? '',
    reason: entry.reason ?? '',
    isActive: entry.isActive,
  };
}

/**
 * A whole number typed in a text box. Empty is null, so the schema says the field is required
 * rather than filling in its default; other text is passed on for the schema to refuse by name.
 */
function wholeNumber(text: string): number | string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^[-+]?\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
}

/** The contract's messages of the form's own fields, first one each; the contract words them for a person. */
function fieldErrors<Values>(issues: readonly { path: PropertyKey[]; message: string }[], labels: Record<keyof Values, string>): FieldErrors<Values> {
  const errors: FieldErrors<Values> = {};
  for (const issue of issues) {
    const field = issue.path[0] as keyof Values;
    if (!(field in labels) || errors[field]) continue;
    errors[field] = issue.message;
  }
  return errors;
}

/** The group form checked with the API's own rules, before anything is sent. */
export function checkGroupForm(values: GroupFormValues): Checked<CreateAuthorizedGroup, GroupFormValues> {
  const groupId = wholeNumber(values.groupId);
  const result = CreateAuthorizedGroupSchema.safeParse({ ...values, groupId, dailyLimit: wholeNumber(values.dailyLimit) });
  if (result.success) return { ok: true, payload: result.data };
  const errors = fieldErrors<GroupFormValues>(result.error.issues, GROUP_LABELS);
  // The schema checks the id against the type only once every field is valid; the form says it at once.
  const problem = typeof groupId === 'number' && !errors.groupId ? groupIdProblem(groupId, values.groupType) : undefined;
  if (problem) errors.groupId = problem;
  return { ok: false, errors };
}

/** The whitelist form checked with the API's own rules, before anything is sent. */
export function checkWhitelistForm(values: WhitelistFormValues): Checked<CreateWhitelistEntry, WhitelistFormValues> {
  const result = CreateWhitelistEntrySchema.safeParse({ ...values, telegramId: wholeNumber(values.telegramId) });
  return result.success ? { ok: true, payload: result.data } : { ok: false, errors: fieldErrors(result.error.issues, WHITELIST_LABELS) };
}

/** The server's per-field messages of a refused save, for the form's own fields. */
export function serverFieldErrors<Values>(fields: Record<string, string> | undefined, labels: Record<keyof Values, string>): FieldErrors<Values> {
  return fieldErrors(
    Object.entries(fields ?? {}).map(([path, message]) => ({ path: [path], message })),
    labels,
  );
}
