/**
 * Screens whose content arrives with later issues. Until then each route shows its title and
 * purpose in the shell, so navigation, role filtering and deep links work end to end.
 */
export interface FramedScreen {
  paths: readonly string[];
  title: string;
  description: string;
}

export const FRAMED_SCREENS: readonly FramedScreen[] = [
  {
    paths: ['/', '/dashboard'],
    title: 'Dashboard',
    description: 'An overview of bot activity: requests, success rate, active users and response times.',
  },
  {
    paths: ['/users'],
    title: 'Bot Users',
    description: "Monitor bot users' activity, their group memberships and their daily usage.",
  },
  {
    paths: ['/analytics'],
    title: 'Analytics Dashboard',
    description: 'Request volume, users, locations and performance of the bot over time.',
  },
  {
    paths: ['/geographic-analytics'],
    title: 'Geographic Analytics',
    description: 'Where requests come from and how the bot performs in each region.',
  },
  {
    paths: ['/contact-analytics'],
    title: 'Contact Analytics',
    description: 'How medical contacts are spread, how often they are recommended and how quickly they respond.',
  },
  {
    paths: ['/notifications'],
    title: 'Notifications',
    description: 'Real-time alerts about the bot and the system, with critical ones kept at the top.',
  },
  {
    paths: ['/access-control'],
    title: 'Access Control',
    description: 'Manage the groups allowed to use the bot and the admins exempt from the daily request limit.',
  },
];
