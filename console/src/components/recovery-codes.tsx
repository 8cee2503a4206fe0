import RiFileCopyLine from 'remixicon/icons/Document/file-copy-line.svg?react';
import { useId } from 'react';
import { PlainButton } from './plain-button.js';
import { notifyError, notifySuccess } from '../lib/notify.js';

/** One-time recovery codes, shown once after two-factor enrolment or regeneration. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const headingId = useId();

  async function copyCodes() {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      notifySuccess('Recovery Codes Copied', 'Keep them somewhere safe, away from your authenticator.');
    } catch {
      notifyError('Error', 'The browser did not allow copying; select the codes and copy them by hand.');
    }
  }

  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="text-tremor-title font-semibold text-tremor-content-strong">
        Save your recovery codes
      </h2>
      <p className="text-tremor-default text-tremor-content">
        Each code signs you in once if you lose access to your authenticator app. They will not be shown again.
      </p>
      <ul className="grid grid-cols-2 gap-2 rounded-tremor-default border border-tremor-border bg-tremor-background-muted p-4 font-mono text-tremor-default text-tremor-content-strong">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <PlainButton type="button" variant="secondary" icon={RiFileCopyLine} onClick={() => void copyCodes()}>
        Copy codes
      </PlainButton>
    </section>
  );
}
