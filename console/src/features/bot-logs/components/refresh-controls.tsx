import RiRefreshLine from 'remixicon/icons/System/refresh-line.svg?react';
import { Button } from '@tremor/react';
import { ToggleSwitch } from '../../../components/toggle-switch.js';

interface RefreshControlsProps {
  autoRefresh: boolean;
  onAutoRefreshChange: (on: boolean) => void;
  refreshing: boolean;
  onRefresh: () => void;
}

/** Auto refresh (every 5 seconds, on by default) or manual, and a Refresh button that reloads (spec §2.8, §4). */
export function RefreshControls({ autoRefresh, onAutoRefreshChange, refreshing, onRefresh }: RefreshControlsProps) {
  return (
    <div className="flex items-center gap-3">
      <div className="flex items-center gap-2">
        <ToggleSwitch checked={autoRefresh} onChange={onAutoRefreshChange} label="Auto refresh" />
        <span className="text-tremor-default text-tremor-content" aria-hidden="true">
          {autoRefresh ? 'Auto' : 'Manual'}
        </span>
      </div>
      <Button type="button" variant="secondary" icon={RiRefreshLine} loading={refreshing} onClick={onRefresh}>
        Refresh
      </Button>
    </div>
  );
}
