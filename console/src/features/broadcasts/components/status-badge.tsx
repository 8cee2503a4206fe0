import { Badge } from '@tremor/react';

/**
 * Spec §4's badge variants: sent default, failed destructive, sending secondary, anything else
 * outline — in Tremor's colours.
 */
const VARIANTS: Record<string, { color: string; className?: string }> = {
  sent: { color: 'blue' },
  failed: { color: 'red' },
  sending: { color: 'gray' },
};
const OUTLINE = { color: 'slate', className: 'bg-transparent ring-1 ring-inset ring-tremor-border' };

export function StatusBadge({ status }: { status: string }) {
  const { color, className } = VARIANTS[status] ?? OUTLINE;
  return (
    <Badge color={color} className={className}>
      {status}
    </Badge>
  );
}
