/**
 * Screens whose content arrives with later issues. Until then each route shows its title and
 * purpose in the shell, so navigation, role filtering and deep links work end to end.
 */
export interface FramedScreen {
  paths: readonly string[];
  title: string;
  description: string;
}

export const FRAMED_SCREENS: readonly FramedScreen[] = [];
