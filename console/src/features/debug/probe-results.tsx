import { Badge, Card } from '@tremor/react';
import { useId } from 'react';
import type { ProbeResult } from './auth-probe.js';

function ResultCard({ result }: { result: ProbeResult }) {
  return (
    <li>
      <Card className="p-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className={`text-tremor-default font-semibold ${result.ok ? 'text-emerald-700' : 'text-red-700'}`}>{result.verdict}</p>
          <Badge color={result.ok ? 'emerald' : 'red'}>
            {result.status === undefined ? 'no response' : `${result.status} ${result.statusText ?? ''}`.trim()}
          </Badge>
        </div>
        <dl className="mt-3 grid gap-x-4 gap-y-1 text-tremor-label sm:grid-cols-[auto_1fr]">
          <dt className="text-tremor-content">Request</dt>
          <dd className="font-mono text-tremor-content-strong">{result.request}</dd>
          {result.durationMs === undefined ? null : (
            <>
              <dt className="text-tremor-content">Time</dt>
              <dd className="text-tremor-content-strong">{result.durationMs} ms</dd>
            </>
          )}
          {result.networkError ? (
            <>
              <dt className="text-tremor-content">Network error</dt>
              <dd className="text-red-700">{result.networkError}</dd>
            </>
          ) : null}
          {result.parseError ? (
            <>
              <dt className="text-tremor-content">Parse error</dt>
              <dd className="text-red-700">{result.parseError}</dd>
            </>
          ) : null}
        </dl>
        {result.bodyText === undefined ? null : (
          <pre className="mt-3 max-h-64 overflow-auto whitespace-pre-wrap break-all rounded-tremor-small bg-tremor-background-muted p-3 font-mono text-tremor-label text-tremor-content-strong">
            {result.bodyText || '(empty body)'}
          </pre>
        )}
      </Card>
    </li>
  );
}

/** The raw answers of the debugging tools, newest first. */
export function ProbeResults({ results }: { results: ProbeResult[] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="text-tremor-title font-semibold text-tremor-content-strong">
        Results
      </h2>
      {results.length === 0 ? (
        <p className="rounded-tremor-default border border-dashed border-tremor-border p-6 text-center text-tremor-default text-tremor-content">
          Run a test to see the server&apos;s raw answer here.
        </p>
      ) : (
        <ol className="space-y-3" aria-live="polite">
          {results.map((result) => (
            <ResultCard key={result.id} result={result} />
          ))}
        </ol>
      )}
    </section>
  );
}
