import { Badge, Card, TabGroup, TabPanel, TabPanels, Title } from '@tremor/react';
import { RegionBarChart } from '../../components/region-bar-chart.js';
import { GeographicQuerySchema, type AnalyticsPeriod, type GeographicAnalytics, type GeographicHeatmap, type PerformanceMetrics } from '@contract/analytics.js';
import { ErrorAlert } from '../../components/error-alert.js';
import { KpiCard } from '../../components/kpi-card.js';
import { formatMs, formatPercent } from '../../lib/figure-format.js';
import { LoadingSpinner } from '../../components/loading-spinner.js';
import { PageHeader } from '../../components/page-header.js';
import { PeriodSelect, readPeriod, withParam } from '../../components/period-select.js';
import { SelectField } from '../../components/select-field.js';
import { errorMessage } from '../../lib/api-client.js';
import { filterProblems, hasProblem } from '../../lib/filter-problems.js';
import { AsOfLine } from '../../components/as-of-line.js';
import { WindowSentence } from '../../components/window-sentence.js';
import { formatCount, formatDateTime, formatNumber } from '../../lib/format.js';
import { useGeographicFigures } from './geographic-analytics-api.js';
import { TabStrip } from '../../components/tab-strip.js';
import { RankedList } from '../../components/ranked-list.js';
import { useSearchParamsInOrder } from '../../lib/use-search-params-in-order.js';

const HEADING_ID = 'geographic-analytics-heading';
const PERIOD_LABELS: Record<AnalyticsPeriod, string> = { '24h': '24 Hours', '7d': '7 Days', '30d': '30 Days', '1y': '1 Year' };
const BADGE_COLOURS = { default: 'emerald', secondary: 'amber', destructive: 'red' } as const;
const EMPTY = 'No requests in this period.';
/** Spec §3 metric types, as a person reads them. */
const METRIC_LABELS: Record<PerformanceMetrics['items'][number]['metricType'], string> = { response_time: 'Response time', success_rate: 'Success rate' };

const placeName = (place: { country: string | null; region: string | null; city: string | null }) =>
  [place.city, place.region, place.country].filter(Boolean).join(', ') || 'Unknown';

/**
 * What an empty tab says. A country from the address that the period's requests never came from
 * (a typo, a hand-edited link) stays chosen, as Medical Contacts keeps one, and is named as such:
 * "No requests" alone would read as if it were a country that merely had none.
 */
function emptyText(country: string | undefined, countries: readonly string[]): string {
  return country && !countries.includes(country)
    ? `${country} is not among the countries requests came from in this period. Choose another in Country, or All Countries.`
    : EMPTY;
}

function Empty({ text }: { text: string }) {
  return <p className="py-8 text-tremor-default text-tremor-content">{text}</p>;
}

function Heatmap({ heatmap, empty }: { heatmap: GeographicHeatmap; empty: string }) {
  if (heatmap.items.length === 0) return <Empty text={empty} />;
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

type RegionMetric = PerformanceMetrics['items'][number];

const metricText = (metric: RegionMetric) =>
  `${METRIC_LABELS[metric.metricType]} ${metric.metricType === 'response_time' ? formatMs(metric.value) : formatPercent(metric.value)}`;

/** The metrics of each region together, in the API's order (most requests first): a region is one row, not one per metric type. */
function byRegion(items: RegionMetric[]): { key: string; label: string; metrics: RegionMetric[] }[] {
  const regions = new Map<string, { key: string; label: string; metrics: RegionMetric[] }>();
  for (const metric of items) {
    const key = JSON.stringify([metric.country, metric.region]);
    const region = regions.get(key) ?? { key, label: [metric.region, metric.country].filter(Boolean).join(', ') || 'Unknown', metrics: [] };
    region.metrics.push(metric);
    regions.set(key, region);
  }
  return [...regions.values()];
}

function RegionPerformance({ metrics, empty }: { metrics: PerformanceMetrics; empty: string }) {
  if (metrics.items.length === 0) return <Empty text={empty} />;
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
          rows={byRegion(metrics.items).map((region) => ({ key: region.key, label: region.label, figure: region.metrics.map(metricText).join(' · ') }))}
        />
      </Card>
    </div>
  );
}

function DetailedAnalytics({ analytics, empty }: { analytics: GeographicAnalytics; empty: string }) {
  if (analytics.items.length === 0) return <Empty text={empty} />;
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
  const [searchParams, setSearchParams] = useSearchParamsInOrder();
  const period = readPeriod(searchParams);
  const country = searchParams.get('country') || undefined;
  // A country the API would refuse (a long one from the address) is not asked for: the select says why.
  const problems = filterProblems(GeographicQuerySchema, { period, country });
  const refused = hasProblem(problems);
  const figures = useGeographicFigures(period, country, { enabled: !refused });
  const countries = figures.data?.analytics.countries ?? [];
  const empty = emptyText(country, countries);

  return (
    <section aria-labelledby={HEADING_ID} className="space-y-6">
      <PageHeader
        title="Geographic Analytics"
        description="Where requests come from and how the bot performs in each region."
        headingId={HEADING_ID}
        actions={
          <>
            <SelectField label="Country" value={country ?? ''} error={problems.country} onChange={(event) => setSearchParams((current) => withParam(current, 'country', event.target.value))}>
              <option value="">All Countries</option>
              {[...new Set([...countries, ...(country ? [country] : [])])].map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </SelectField>
            <PeriodSelect label="Period" labels={PERIOD_LABELS} value={period} onChange={(next) => setSearchParams((current) => withParam(current, 'period', next))} />
          </>
        }
      />
      {refused ? (
        <Card className="py-12 text-center text-tremor-default text-tremor-content">Change the country to see its figures.</Card>
      ) : figures.error ? (
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
                <Heatmap heatmap={figures.data.heatmap} empty={empty} />
              </TabPanel>
              <TabPanel>
                <RegionPerformance metrics={figures.data.metrics} empty={empty} />
              </TabPanel>
              <TabPanel>
                <DetailedAnalytics analytics={figures.data.analytics} empty={empty} />
              </TabPanel>
            </TabPanels>
          </TabGroup>
        </>
      )}
    </section>
  );
}
