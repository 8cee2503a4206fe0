import { z } from 'zod';
import { optionalText } from './fields.js';

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

/** What is wrong with a chat id for its type, or undefined when it fits. */
export function groupIdProblem(groupId: number, groupType: GroupType): string | undefined {
  if (groupId >= 0) return 'groupId must be negative: Telegram group, supergroup and channel ids are';
  if (groupType === 'group' && groupId <= SUPERGROUP_ID_CEILING) {
    return 'groupId starts with -100, which is a supergroup or channel id: choose that type, or the basic group id';
  }
  if (groupType !== 'group' && groupId > SUPERGROUP_ID_CEILING) {
    return `groupId of a ${groupType} starts with -100 (for example -1001234567890)`;
  }
  return undefined;
}

/**
 * A whole number, with "is required" when it is missing and "must be a whole number" otherwise. The range
 * is checked first, so a number far out of it (1e20, which is no safe integer either) is told the range.
 */
const wholeNumber = (field: string, range: (number: z.ZodNumber) => z.ZodNumber) =>
  range(z.number({ error: (issue) => (issue.input === undefined || issue.input === null ? `${field} is required` : `${field} must be a whole number`) })).int(
    `${field} must be a whole number`,
  );

const requiredText = (field: string, max: number) =>
  z.string({ error: `${field} is required` }).trim().min(1, `${field} is required`).max(max, `${field} must be at most ${max} characters`);

const groupFields = {
  groupId: wholeNumber('groupId', (number) => number.negative('groupId must be negative: Telegram group, supergroup and channel ids are')),
  groupName: requiredText('groupName', 200),
  groupType: z.enum(GROUP_TYPES, { error: `groupType must be one of ${GROUP_TYPES.join(', ')}` }),
  dailyLimit: wholeNumber('dailyLimit', (number) =>
    number.positive('dailyLimit must be a positive whole number').max(MAX_DAILY_LIMIT, `dailyLimit must be at most ${MAX_DAILY_LIMIT}`),
  ),
  description: optionalText('description', 1000),
  isActive: z.boolean({ error: 'isActive must be true or false' }),
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
export const UpdateAuthorizedGroupSchema = z.object(groupFields).partial().superRefine(checkGroupId);
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
  .refine((value) => value === '' || /^[A-Za-z0-9_]{5,32}$/.test(value), 'username must be 5 to 32 letters, digits or underscores')
  .nullish()
  .transform((value) => (value ? value : null));

const whitelistFields = {
  telegramId: wholeNumber('telegramId', (number) => number.positive("telegramId must be positive: it is the user's Telegram ID, not a group's")),
  username: usernameField,
  firstName: optionalText('firstName', 100),
  lastName: optionalText('lastName', 100),
  reason: optionalText('reason', 500),
  isActive: z.boolean({ error: 'isActive must be true or false' }),
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

/** Both lists are small, so plain arrays; the search narrows them in SQL. */
export const AccessListQuerySchema = z.object({
  search: z.string().trim().max(200, 'search must be at most 200 characters').optional(),
});
export type AccessListQuery = z.infer<typeof AccessListQuerySchema>;
