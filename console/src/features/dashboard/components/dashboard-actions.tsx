import RiDownloadLine from 'remixicon/icons/System/download-line.svg?react';
import RiPrinterLine from 'remixicon/icons/Business/printer-line.svg?react';
import RiRefreshLine from 'remixicon/icons/System/refresh-line.svg?react';
import { Button } from '@tremor/react';
import type { DashboardPeriod } from '@contract/dashboard.js';
import { useExportDashboard } from '../api/export-dashboard.js';

interface DashboardActionsProps {
  period: DashboardPeriod;
  /** Editors and up: the server refuses the export to viewers too. */
  canExport: boolean;
  refreshing: boolean;
  onRefresh: () => void;
}

/** Export Data, Print Report and Refresh (spec §2.4). */
export function DashboardActions({ period, canExport, refreshing, onRefresh }: DashboardActionsProps) {
  const exportData = useExportDashboard();
  return (
    <div className="flex flex-wrap gap-2" data-print="hide">
      {canExport ? (
        <Button type="button" variant="secondary" icon={RiDownloadLine} loading={exportData.isPending} onClick={() => exportData.mutate(period)}>
          Export Data
        </Button>
      ) : null}
      <Button type="button" variant="secondary" icon={RiPrinterLine} onClick={() => window.print()}>
        Print Report
      </Button>
      <Button type="button" variant="secondary" icon={RiRefreshLine} loading={refreshing} onClick={onRefresh}>
        Refresh
      </Button>
    </div>
  );
}
