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
];
