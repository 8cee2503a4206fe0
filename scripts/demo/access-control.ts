/** The demo's authorized groups: the Telegram simulator creates these chats at start. */
export const DEMO_GROUPS = [
  {
    groupId: -1001234567890,
    groupName: 'Medical Help Network',
    dailyLimit: 3,
    description: 'The main community: everyone who needs a doctor nearby.',
    isActive: true,
  },
  {
    groupId: -1001987654321,
    groupName: 'Volunteer Coordinators',
    dailyLimit: 5,
    description: 'Volunteers who search on behalf of the families they help.',
    isActive: true,
  },
  {
    groupId: -1001555000111,
    groupName: 'Clinic Partners Pilot',
    dailyLimit: 10,
    description: 'A pilot with partner clinics, paused until the agreement is renewed.',
    isActive: false,
  },
] as const;

/** The chat ids of the demo's authorized groups. */
export const DEMO_GROUP_IDS: readonly number[] = DEMO_GROUPS.map((group) => group.groupId);

/** The demo's whitelisted admins: bot users too, added by the demo admin accounts. */
export const DEMO_WHITELISTED_ADMINS = [
  {
    telegramId: 5012345678,
    firstName: 'Oksana',
    lastName: 'Melnyk',
    username: 'oksana_coordinator',
    languageCode: 'uk',
    reason: 'Coordinates the volunteers; searches for many families each day.',
    addedBy: 'demo.admin',
  },
  {
    telegramId: 412987654,
    firstName: 'Tom',
    lastName: 'Harris',
    username: 'tomh_medic',
    languageCode: 'en',
    reason: 'Checks new contacts before they are verified.',
    addedBy: 'demo.superadmin',
  },
] as const;

/** The Telegram ids of the demo's whitelisted admins. */
export const DEMO_WHITELISTED_IDS: readonly number[] = DEMO_WHITELISTED_ADMINS.map((admin) => admin.telegramId);
