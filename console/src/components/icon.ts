import type { FunctionComponent, SVGProps } from 'react';

/**
 * An icon: a Remix Icon SVG file imported as a component (`remixicon/icons/…/name.svg?react`, made by
 * vite-plugin-svgr in console/vite.config.ts). Each icon is a module of its own, so a screen's icons
 * travel in that screen's chunk, not in the sign-in screen's.
 */
export type Icon = FunctionComponent<SVGProps<SVGSVGElement> & { title?: string }>;
