import RiErrorWarningLine from 'remixicon/icons/System/error-warning-line.svg?react';

/**
 * The red alert for a failed action; the detail line is left out when it repeats the title.
 * Drawn like Tremor's red Callout, without its class merging, because the login screen shows it.
 */
export function ErrorAlert({ title, detail }: { title: string; detail?: string }) {
  const body = detail && detail !== title ? detail : null;
  return (
    <div
      role="alert"
      className="flex flex-col overflow-hidden rounded-tremor-default border-l-4 border-red-700 bg-red-500 bg-opacity-10 py-3 pl-4 pr-3 text-tremor-default text-red-700"
    >
      <div className="flex items-start">
        <RiErrorWarningLine className="mr-1.5 h-5 w-5 flex-none" />
        <h4 className="font-semibold">{title}</h4>
      </div>
      <p className={`overflow-y-auto ${body ? 'mt-2' : ''}`}>{body}</p>
    </div>
  );
}
