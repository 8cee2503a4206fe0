import { Badge } from '@tremor/react';
import { priorityLevel, type PriorityLevel } from '@contract/notifications.js';

/** Spec §2.15: Critical destructive, High and Medium filled, Low outline — in Tremor's colours. */
const VARIANTS: Record<PriorityLevel, { color: string; className?: string }> = {
  Critical: { color: 'red' },
  High: { color: 'orange' },
  Medium: { color: 'blue' },
  Low: { color: 'slate', className: 'bg-transparent ring-1 ring-inset ring-tremor-border' },
};

export function PriorityBadge({ priority }: { priority: number }) {
  const level = priorityLevel(priority);
  const { color, className } = VARIANTS[level];
  return (
    <Badge color={color} className={className}>
      {level}
    </Badge>
  );
}
