import { z } from 'zod';
import { ExpectedUpdatedAtField, optionalText, tooLong } from './fields.js';

/** Access control (spec §2.9, §3, §5, §7): the authorized groups and the admin whitelist. */

export const GROUP_TYPES = ['supergroup', 'group', 'channel'] as const;
export type GroupType = (typeof GROUP_TYPES)[number];

/** Spec §9: a new group is a supergroup allowed 3 requests a day, active. */
export const GROUP_DEFAULTS = { groupType: 'supergroup', dailyLimit: 3, isActive: true } as const;

/** A daily limit above this is a typo, and would overflow the column long before it meant anything. */
export const MAX_DAILY_LIMIT = 10_000;

/**
 * Telegram gives supergroups and channels ids of the form -100…, that is below -10^12; a basic
 * group's id is negative and above that.
 */
const SUPERGROUP_ID_CEILING = -1_000_000_000_000;

const GROUP_ID_NEGATIVE = 'Group ID must be a negative number: Telegram group, supergroup and channel IDs start with a minus sign.';

/** What is wrong with a chat id for its type, or undefined when it fits. */
export function groupIdProblem(groupId: number, groupType: GroupType): string | undefined {
  if (groupId >= 0) return GROUP_ID_NEGATIVE;
  if (groupType === 'group' && groupId <= SUPERGROUP_ID_CEILING) {
    return 'This Group ID starts with -100, so it is a supergroup or channel: choose that type, or enter the basic group\'s ID.';
  }
  if (groupType !== 'group' && groupId > SUPERGROUP_ID_CEILING) {
    return `A ${groupType}'s Group ID starts with -100, such as -1001234567890. Check the ID, or choose the type "group".`;
  }
  return undefined;
}

/**
 * A whole number, with "is required" when it is missing and "must be a whole number" otherwise. The range
 * is checked first, so a number far out of it (1e20, which is no safe integer either) is told the range.
 */
const wholeNumber = (label: string, range: (number: z.ZodNumber) => z.ZodNumber, rule = `${label} must be a whole number.`) =>
  range(z.number({ error: (issue) => (issue.input === undefined || issue.input === null ? `${label} is required. Enter it.` : rule) })).int(rule);

const requiredText = (label: string, max: number) =>
  z.string({ error: `${label} is required. Enter it.` }).trim().min(1, `${label} is required. Enter it.`).max(max, tooLong(label, max));

const DAILY_LIMIT_RULE = `Daily limit must be a whole number from 1 to ${MAX_DAILY_LIMIT}.`;

const groupFields = {
  groupId: wholeNumber('Group ID', (number) => number.negative(GROUP_ID_NEGATIVE)),
  groupName: requiredText('Group name', 200),
  groupType: z.enum(GROUP_TYPES, { error: `Choose a group type: ${GROUP_TYPES.join(', ')}.` }),
  dailyLimit: wholeNumber('Daily limit', (number) => number.positive(DAILY_LIMIT_RULE).max(MAX_DAILY_LIMIT, DAILY_LIMIT_RULE), DAILY_LIMIT_RULE),
  description: optionalText('Description', 1000),
  isActive: z.boolean({ error: 'Active must be on or off (true or false).' }),
};

/** The id fits the type, when both are given (an edit checks the record as it will be saved). */
function checkGroupId(group: { groupId?: number; groupType?: GroupType }, context: z.RefinementCtx): void {
  if (group.groupId === undefined || group.groupType === undefined) return;
  const problem = groupIdProblem(group.groupId, group.groupType);
  if (problem) context.addIssue({ code: 'custom', path: ['groupId'], message: problem });
}

/** POST /api/authorized-groups. */
export const CreateAuthorizedGroupSchema = z
  .object({
    ...groupFields,
    groupType: groupFields.groupType.default(GROUP_DEFAULTS.groupType),
    dailyLimit: groupFields.dailyLimit.default(GROUP_DEFAULTS.dailyLimit),
    isActive: groupFields.isActive.default(GROUP_DEFAULTS.isActive),
  })
  .superRefine(checkGroupId);
export type CreateAuthorizedGroup = z.input<typeof CreateAuthorizedGroupSchema>;

/** PATCH /api/authorized-groups/{id}: any subset of the fields. */
export const UpdateAuthorizedGroupSchema = z.object(groupFields).partial().extend({ expectedUpdatedAt: ExpectedUpdatedAtField }).superRefine(checkGroupId);
export type UpdateAuthorizedGroup = z.input<typeof UpdateAuthorizedGroupSchema>;

export const AuthorizedGroupSchema = z.object({
  id: z.number(),
  groupId: z.number(),
  groupName: z.string(),
  groupType: z.enum(GROUP_TYPES),
  dailyLimit: z.number(),
  description: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Users stored as active members of the group (what getChatMember last said of them). */
  memberCount: z.number(),
  /**
   * Of those, the users this group is the only way in for: no other active authorized group, not
   * on the active whitelist. They lose access if the group is deleted or deactivated; 0 when the
   * group is inactive already.
   */
  membersLosingAccess: z.number(),
});
export type AuthorizedGroup = z.infer<typeof AuthorizedGroupSchema>;

/** Telegram usernames: 5 to 32 letters, digits and underscores; a leading @ is dropped. */
const usernameField = z
  .string()
  .trim()
  .transform((value) => value.replace(/^@/, ''))
  .refine((value) => value === '' || /^[A-Za-z0-9_]{5,32}$/.test(value), 'Username must be 5 to 32 letters, digits or underscores, such as dr_smith, or left empty.')
  .nullish()
  .transform((value) => (value ? value : null));

const whitelistFields = {
  telegramId: wholeNumber('Telegram ID', (number) => number.positive("Telegram ID must be a positive number: enter the user's Telegram ID, not a group's.")),
  username: usernameField,
  firstName: optionalText('First name', 100),
  lastName: optionalText('Last name', 100),
  reason: optionalText('Reason', 500),
  isActive: z.boolean({ error: 'Active must be on or off (true or false).' }),
};

/** POST /api/admin-whitelist. The client's addedBy is dropped: the server records who is signed in. */
export const CreateWhitelistEntrySchema = z.object({ ...whitelistFields, isActive: whitelistFields.isActive.default(true) });
export type CreateWhitelistEntry = z.input<typeof CreateWhitelistEntrySchema>;

/** PATCH /api/admin-whitelist/{id}: any subset of the fields. */
export const UpdateWhitelistEntrySchema = z.object(whitelistFields).partial();
export type UpdateWhitelistEntry = z.input<typeof UpdateWhitelistEntrySchema>;

export const WhitelistEntrySchema = z.object({
  id: z.number(),
  telegramId: z.number(),
  username: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  reason: z.string().nullable(),
  /** The username of the staff member who added the entry. */
  addedBy: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type WhitelistEntry = z.infer<typeof WhitelistEntrySchema>;

/** The longest search of the groups or the whitelist: the console's search boxes stop there. */
export const ACCESS_SEARCH_MAX_LENGTH = 200;

/** Both lists are small, so plain arrays; the search narrows them in SQL. */
export const AccessListQuerySchema = z.object({
  search: z.string().trim().max(ACCESS_SEARCH_MAX_LENGTH, tooLong('Search', ACCESS_SEARCH_MAX_LENGTH)).optional(),
});
export type AccessListQuery = z.infer<typeof AccessListQuerySchema>;
