import RiLoader4Line from 'remixicon/icons/System/loader-4-line.svg?react';

/** A spinner with a visible label, announced politely to screen readers. */
export function LoadingSpinner({ label = 'Loading...', fullScreen = false }: { label?: string; fullScreen?: boolean }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={`flex items-center justify-center gap-2 text-tremor-default text-tremor-content ${fullScreen ? 'min-h-screen' : 'py-16'}`}
    >
      <RiLoader4Line className="h-5 w-5 animate-spin text-tremor-brand" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
