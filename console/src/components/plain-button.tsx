import type { Icon } from './icon.js';
import { forwardRef, type ButtonHTMLAttributes } from 'react';

interface PlainButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary';
  icon?: Icon;
}

const VARIANTS = {
  primary: {
    base: 'border-tremor-brand bg-tremor-brand text-tremor-brand-inverted',
    hover: 'hover:border-tremor-brand-emphasis hover:bg-tremor-brand-emphasis hover:text-tremor-brand-inverted',
  },
  secondary: {
    base: 'border-tremor-brand bg-transparent text-tremor-brand',
    hover: 'hover:bg-tremor-brand-faint hover:text-tremor-brand-emphasis',
  },
};

/**
 * A button drawn like Tremor's Button (size sm) without its tooltip, which brings floating-ui and
 * tailwind-merge along: for the sign-in path, which must stay light. `className` adds classes and
 * cannot override these (there is no class merging).
 */
export const PlainButton = forwardRef<HTMLButtonElement, PlainButtonProps>(function PlainButton(
  { variant = 'primary', icon: Icon, className, children, disabled, ...buttonProps },
  ref,
) {
  const colours = VARIANTS[variant];
  return (
    <button
      ref={ref}
      disabled={disabled}
      className={`group inline-flex shrink-0 items-center justify-center rounded-tremor-default border px-4 py-2 text-sm font-medium shadow-tremor-input outline-none ${colours.base} ${
        disabled ? 'cursor-not-allowed opacity-50' : colours.hover
      } ${className ?? ''}`}
      {...buttonProps}
    >
      {Icon ? <Icon className="-ml-1 mr-1.5 h-5 w-5 shrink-0" /> : null}
      <span className="whitespace-nowrap text-tremor-default">{children}</span>
    </button>
  );
});
