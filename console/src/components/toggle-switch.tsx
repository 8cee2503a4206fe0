import { Switch } from '@headlessui/react';

interface ToggleSwitchProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The accessible name, saying whose setting this is ("Active: alice"); omit it inside a labelled Field. */
  label?: string;
  disabled?: boolean;
}

/**
 * Headless UI's switch, not Tremor's: Tremor's lays an unlabelled checkbox over its button,
 * which both catches clicks and leaves screen readers an input without a name.
 */
export function ToggleSwitch({ checked, onChange, label, disabled = false }: ToggleSwitchProps) {
  return (
    <Switch
      checked={checked}
      onChange={onChange}
      disabled={disabled}
      aria-label={label}
      className="group relative inline-flex h-5 w-9 shrink-0 cursor-pointer items-center rounded-full bg-tremor-border transition-colors duration-150 focus:outline-none data-[checked]:bg-tremor-brand data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50 data-[focus]:ring-2 data-[focus]:ring-tremor-brand-muted data-[focus]:ring-offset-1"
    >
      <span
        aria-hidden="true"
        className="inline-block h-4 w-4 translate-x-0.5 rounded-full bg-white shadow transition-transform duration-150 group-data-[checked]:translate-x-[1.125rem]"
      />
    </Switch>
  );
}
