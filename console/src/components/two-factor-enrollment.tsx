import type { TwoFactorEnrollment as Enrollment } from '@contract/auth.js';

/** The QR code and secret a user scans into an authenticator app. */
export function TwoFactorEnrollment({ enrollment }: { enrollment: Enrollment }) {
  return (
    <div className="space-y-3">
      <p className="text-tremor-default text-tremor-content">
        Scan this QR code with your authenticator app, or type the secret key into it by hand. Then enter the 6-digit
        code the app shows.
      </p>
      <img
        src={enrollment.qrCodeDataUrl}
        alt="Two-factor QR code"
        width={176}
        height={176}
        className="mx-auto h-44 w-44 rounded-tremor-default border border-tremor-border bg-white p-2"
      />
      <dl className="text-center">
        <dt className="text-tremor-label text-tremor-content">Secret key</dt>
        <dd className="mt-1 break-all font-mono text-tremor-default font-medium text-tremor-content-strong">{enrollment.secret}</dd>
      </dl>
    </div>
  );
}
