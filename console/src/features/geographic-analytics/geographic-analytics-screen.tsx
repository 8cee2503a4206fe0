import { Badge, Card, TabGroup, TabPanel, TabPanels, Title } from '@tremor/react';
import { RegionBarChart } from '../../components/region-bar-chart.js';
import { useSearchParams } from 'react-router-dom';
import type { AnalyticsPeriod, GeographicAnalytics, GeographicHeatmap, PerformanceMetrics } from '@contract/analytics.js';
import { ErrorAlert } from '../../components/error-alert.js';
import { formatMs, formatPercent, KpiCard } from '../../components/kpi-card.js';
import { LoadingSpinner } from '../../components/loading-spinner.js';
import { PageHeader } from '../../components/page-header.js';
import { PeriodSelect, readPeriod, withParam } from '../../components/period-select.js';
import { SelectField } from '../../components/select-field.js';
import { errorMessage } from '../../lib/api-client.js';
import { AsOfLine } from '../../components/as-of-line.js';
import { WindowSentence } from '../../components/window-sentence.js';
import { formatCount, formatDateTime, formatNumber } from '../../lib/format.js';
import { useGeographicFigures } from './geographic-analytics-api.js';
import { TabStrip } from '../../components/tab-strip.js';
import { RankedList } from '../../components/ranked-list.js';

const HEADING_ID = 'geographic-analytics-heading';
const PERIOD_LABELS: Record<AnalyticsPeriod, string> = { '24h': '24 Hours', '7d': '7 Days', '30d': '30 Days', '1y': '1 Year' };
const BADGE_COLOURS = { default: 'emerald', secondary: 'amber', destructive: 'red' } as const;
const EMPTY = 'No requests in this period.';
/** Spec §3 metric types, as a person reads them. */
const METRIC_LABELS: Record<PerformanceMetrics['items'][number]['metricType'], string> = { response_time: 'Response time', success_rate: 'Success rate' };

const placeName = (place: { country: string | null; region: string | null; city: string | null }) =>
  [place.city, place.region, place.country].filter(Boolean).join(', ') || 'Unknown';

function Heatmap({ heatmap }: { heatmap: GeographicHeatmap }) {
  if (heatmap.items.length === 0) return <p className="py-8 text-tremor-default text-tremor-content">{EMPTY}</p>;
  return (
    <div className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="heatmap">
      {heatmap.items.map((point) => (
        <Card key={point.id} className="min-w-0 p-4">
          <div className="flex items-start justify-between gap-2">
            <p className="min-w-0 break-words font-medium text-tremor-content-strong">{placeName(point)}</p>
            <Badge color={BADGE_COLOURS[point.badge]}>{formatPercent(point.successRate)}</Badge>
          </div>
          <p className="mt-2 text-tremor-default text-tremor-content">{formatCount(point.requestCount, 'request')}</p>
          <p className="text-tremor-label text-tremor-content">Last updated {formatDateTime(point.lastUpdated)}</p>
        </Card>
      ))}
    </div>
  );
}

function RegionPerformance({ metrics }: { metrics: PerformanceMetrics }) {
  if (metrics.items.length === 0) return <p className="py-8 text-tremor-default text-tremor-content">{EMPTY}</p>;
  const responseTimes = metrics.items
    .filter((metric) => metric.metricType === 'response_time')
    .slice(0, 15)
    .map((metric) => ({ region: metric.region ?? metric.country ?? 'Unknown', 'Response time (ms)': Math.round(metric.value) }));
  return (
    <div className="mt-4 grid grid-cols-1 gap-4 lg:grid-cols-2">
      <Card className="min-w-0">
        <Title>Average Response Time by Region</Title>
        <RegionBarChart data={responseTimes} category="Response time (ms)" />
      </Card>
      <Card className="min-w-0">
        <Title>Performance by Region</Title>
        <RankedList
          scroll
          wrap
          data-testid="region-metrics"
          rows={metrics.items.map((metric) => ({
            key: metric.id,
            label: [metric.region, metric.country].filter(Boolean).join(', ') || 'Unknown',
            figure: `${METRIC_LABELS[metric.metricType]} ${metric.metricType === 'response_time' ? formatMs(metric.value) : formatPercent(metric.value)}`,
          }))}
        />
      </Card>
    </div>
  );
}

function DetailedAnalytics({ analytics }: { analytics: GeographicAnalytics }) {
  if (analytics.items.length === 0) return <p className="py-8 text-tremor-default text-tremor-content">{EMPTY}</p>;
  return (
    <Card className="mt-4 min-w-0 p-0">
      <div className="overflow-x-auto">
        <table className="w-full text-left text-tremor-default" data-testid="geographic-details">
          <thead className="border-b border-tremor-border text-tremor-content">
            <tr>
              <th className="px-4 py-2 font-medium">Location</th>
              <th className="px-4 py-2 font-medium">Requests</th>
              <th className="px-4 py-2 font-medium">Successful</th>
              <th className="px-4 py-2 font-medium">Avg Response</th>
              <th className="px-4 py-2 font-medium">Unique Users</th>
              <th className="px-4 py-2 font-medium">Last Request</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-tremor-border">
            {analytics.items.map((place) => (
              <tr key={place.id}>
                <td className="px-4 py-2 text-tremor-content-strong">{placeName(place)}</td>
                <td className="px-4 py-2">{formatNumber(place.requestCount)}</td>
                <td className="px-4 py-2">
                  {formatNumber(place.successCount)} ({formatPercent(place.successRate)})
                </td>
                <td className="px-4 py-2">{formatMs(place.avgResponseTimeMs)}</td>
                <td className="px-4 py-2">{formatNumber(place.uniqueUsers)}</td>
                <td className="whitespace-nowrap px-4 py-2">{formatDateTime(place.lastRequestAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}

/** Geographic Analytics (/geographic-analytics) of spec §2.13, for every role. */
export function GeographicAnalyticsScreen() {
  const [searchParams, setSearchParams] = useSearchParams();
  const period = readPeriod(searchParams);
  const country = searchParams.get('country') || undefined;
  const figures = useGeographicFigures(period, country);
  const countries = figures.data?.analytics.countries ?? [];

  return (
    <section aria-labelledby={HEADING_ID} className="space-y-6">
      <PageHeader
        title="Geographic Analytics"
        description="Where requests come from and how the bot performs in each region."
        headingId={HEADING_ID}
        actions={
          <>
            <SelectField label="Country" value={country ?? ''} onChange={(event) => setSearchParams(withParam(searchParams, 'country', event.target.value))}>
              <option value="">All Countries</option>
              {[...new Set([...countries, ...(country ? [country] : [])])].map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </SelectField>
            <PeriodSelect label="Period" labels={PERIOD_LABELS} value={period} onChange={(next) => setSearchParams(withParam(searchParams, 'period', next))} />
          </>
        }
      />
      {figures.error ? (
        <ErrorAlert title="Could not load the geographic analytics" detail={errorMessage(figures.error, 'Check your connection and try again.')} />
      ) : !figures.data ? (
        <LoadingSpinner label="Loading geographic analytics..." />
      ) : (
        <>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <KpiCard title="Total Requests" value={formatNumber(figures.data.analytics.summary.totalRequests)} note="Requests that named a place" />
            <KpiCard
              title="Success Rate"
              value={formatPercent(figures.data.analytics.summary.successRate)}
              note="Each region's share of requests without an error, averaged"
            />
            <KpiCard title="Avg Response Time" value={formatMs(figures.data.analytics.summary.avgResponseTimeMs)} note="Mean over the requests that named a place" />
            <KpiCard title="Active Regions" value={formatNumber(figures.data.analytics.summary.activeRegions)} note="Regions with at least one request" />
          </div>
          <WindowSentence period={figures.data.analytics.period} from={figures.data.analytics.from} to={figures.data.analytics.to} timeZone={figures.data.analytics.timeZone} />
          <AsOfLine asOf={figures.data.analytics.asOf} />
          <TabGroup>
            <TabStrip tabs={['Geographic Heatmap', 'Performance by Region', 'Detailed Analytics']} />
            <TabPanels>
              <TabPanel>
                <Heatmap heatmap={figures.data.heatmap} />
              </TabPanel>
              <TabPanel>
                <RegionPerformance metrics={figures.data.metrics} />
              </TabPanel>
              <TabPanel>
                <DetailedAnalytics analytics={figures.data.analytics} />
              </TabPanel>
            </TabPanels>
          </TabGroup>
        </>
      )}
    </section>
  );
}
