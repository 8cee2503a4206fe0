import colors from 'tailwindcss/colors';
import forms from '@tailwindcss/forms';

// Tremor builds class names from colour props at run time, so Tailwind cannot see them in the source.
const tremorColours = 'slate|gray|zinc|neutral|stone|red|orange|amber|yellow|lime|green|emerald|teal|cyan|sky|blue|indigo|violet|purple|fuchsia|pink|rose';
const tremorShades = '50|100|200|300|400|500|600|700|800|900|950';
const safelistFor = (utility, variants) => ({
  pattern: new RegExp(`^(${utility}-(?:${tremorColours})-(?:${tremorShades}))$`),
  ...(variants ? { variants } : {}),
});

/** Tremor 3's theme (npm.tremor.so, "Installation: Vite"), light mode only. */
/** @type {import('tailwindcss').Config} */
export default {
  // Relative to this file: builds run from the repository root, and node_modules lives there.
  content: {
    relative: true,
    files: ['./index.html', './src/**/*.{ts,tsx}', '../node_modules/@tremor/**/*.{js,ts,jsx,tsx}'],
  },
  theme: {
    transparent: 'transparent',
    current: 'currentColor',
    extend: {
      colors: {
        tremor: {
          brand: {
            faint: colors.blue[50],
            muted: colors.blue[200],
            subtle: colors.blue[400],
            DEFAULT: colors.blue[500],
            emphasis: colors.blue[700],
            inverted: colors.white,
          },
          background: {
            muted: colors.gray[50],
            subtle: colors.gray[100],
            DEFAULT: colors.white,
            emphasis: colors.gray[700],
          },
          border: { DEFAULT: colors.gray[200] },
          ring: { DEFAULT: colors.gray[200] },
          content: {
            subtle: colors.gray[400],
            DEFAULT: colors.gray[500],
            emphasis: colors.gray[700],
            strong: colors.gray[900],
            inverted: colors.white,
          },
        },
      },
      boxShadow: {
        'tremor-input': '0 1px 2px 0 rgb(0 0 0 / 0.05)',
        'tremor-card': '0 1px 3px 0 rgb(0 0 0 / 0.1), 0 1px 2px -1px rgb(0 0 0 / 0.1)',
        'tremor-dropdown': '0 4px 6px -1px rgb(0 0 0 / 0.1), 0 2px 4px -2px rgb(0 0 0 / 0.1)',
      },
      // Dialogs animate in with CSS rather than Headless UI's `transition`: a dialog closed during that
      // transition's enter stayed mounted, invisible, over the whole screen (headlessui#3892).
      keyframes: {
        'fade-in': { from: { opacity: '0' } },
        'dialog-in': { from: { opacity: '0', transform: 'scale(0.95)' } },
        'drawer-in': { from: { transform: 'translateX(100%)' } },
      },
      animation: {
        'fade-in': 'fade-in 200ms ease-out',
        'dialog-in': 'dialog-in 200ms ease-out',
        'drawer-in': 'drawer-in 200ms ease-out',
      },
      borderRadius: {
        'tremor-small': '0.375rem',
        'tremor-default': '0.5rem',
        'tremor-full': '9999px',
      },
      fontSize: {
        'tremor-label': ['0.75rem', { lineHeight: '1rem' }],
        'tremor-default': ['0.875rem', { lineHeight: '1.25rem' }],
        'tremor-title': ['1.125rem', { lineHeight: '1.75rem' }],
        'tremor-metric': ['1.875rem', { lineHeight: '2.25rem' }],
      },
    },
  },
  safelist: [
    safelistFor('bg', ['hover', 'data-[selected]']),
    safelistFor('text', ['hover', 'data-[selected]']),
    safelistFor('border', ['hover', 'data-[selected]']),
    safelistFor('ring'),
    safelistFor('stroke'),
    safelistFor('fill'),
  ],
  plugins: [forms],
};
