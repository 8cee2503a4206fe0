import { RiErrorWarningLine } from '@remixicon/react';
import { Callout } from '@tremor/react';

/** The red alert for a failed action; the detail line is left out when it repeats the title. */
export function ErrorAlert({ title, detail }: { title: string; detail?: string }) {
  return (
    <Callout role="alert" color="red" icon={RiErrorWarningLine} title={title}>
      {detail && detail !== title ? detail : null}
    </Callout>
  );
}
