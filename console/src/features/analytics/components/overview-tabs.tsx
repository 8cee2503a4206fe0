import { AreaChart, BarChart, Card, DonutChart, LineChart, TabGroup, TabPanel, TabPanels, Title } from '@tremor/react';
import { Link } from 'react-router';
import { TOP_REGIONS, type AnalyticsOverview } from '@contract/analytics.js';
import { bucketLabel, windowSentence } from '@contract/figure-windows.js';
import { isLanguageCode, languageName } from '@contract/languages.js';
import { formatPercent } from '../../../lib/figure-format.js';
import { currentClock, formatCount, formatDate, formatNumber } from '../../../lib/format.js';
import { botUserPath } from '../../../lib/links.js';
import { EmptyChart } from '../../../components/empty-chart.js';
import { TabStrip } from '../../../components/tab-strip.js';
import { RankedList } from '../../../components/ranked-list.js';

const TABS = ['Overview', 'Locations', 'Users', 'Performance', 'Regions', 'Trends'] as const;

const placeName = (place: { country: string | null; region: string | null; city?: string | null }) =>
  [place.city, place.region, place.country].filter(Boolean).join(', ') || 'Unknown';

/** The six tabs of spec §2.12, every one from the server's figures. */
export function OverviewTabs({ overview }: { overview: AnalyticsOverview }) {
  const hasRequests = overview.kpis.totalRequests.value !== 0;
  const perWhat = overview.bucket === 'hour' ? 'per Hour' : 'per Day';
  const series = overview.series.map((point) => ({
    date: bucketLabel(new Date(point.at), { key: overview.period, timeZone: overview.timeZone, clockFormat: currentClock().clockFormat }),
    Requests: point.requests,
    'Unique Users': point.uniqueUsers,
  }));
  const hourly = overview.hourly.map((hour) => ({ hour: `${hour.hour}:00`, Requests: hour.requests }));
  const regions = overview.regions.map((place) => ({ name: placeName(place), requests: place.requests }));
  const languages = overview.languages.map((row) => ({ language: isLanguageCode(row.language) ? languageName(row.language) : row.language, Requests: row.requests }));
  return (
    <TabGroup>
      <TabStrip tabs={TABS} />
      <TabPanels>
        <TabPanel>
          <div className="mt-4 grid grid-cols-1 gap-4 lg:grid-cols-2">
            <Card className="min-w-0">
              <Title>Requests and Unique Users {perWhat}</Title>
              {overview.usersByUtcDay ? (
                <p className="text-tremor-label text-tremor-content" data-testid="users-by-utc-day">
                  Days run from midnight in {overview.timeZone}; a day&apos;s unique users are those of the UTC day of that date.
                </p>
              ) : null}
              {hasRequests ? (
                <AreaChart className="mt-4 h-64" data={series} index="date" categories={['Requests', 'Unique Users']} colors={['blue', 'emerald']} valueFormatter={formatNumber} />
              ) : (
                <EmptyChart />
              )}
            </Card>
            <Card className="min-w-0">
              <Title>Hourly Distribution ({overview.timeZone})</Title>
              {hasRequests ? (
                <BarChart className="mt-4 h-64" data={hourly} index="hour" categories={['Requests']} colors={['blue']} valueFormatter={formatNumber} />
              ) : (
                <EmptyChart />
              )}
            </Card>
            <Card className="min-w-0 lg:col-span-2" data-testid="requests-by-language">
              <Title>Requests by Language</Title>
              <p className="text-tremor-label text-tremor-content">
                {windowSentence({ key: overview.period, start: new Date(overview.from), end: new Date(overview.to), timeZone: overview.timeZone, clockFormat: currentClock().clockFormat })}. Each request counts in the
                language the bot answered in; requests from no bot user are left out.
              </p>
              {languages.length === 0 ? (
                <EmptyChart text="No requests with a language in this period." />
              ) : (
                <>
                  <BarChart className="mt-4 h-56" data={languages} index="language" categories={['Requests']} colors={['violet']} valueFormatter={formatNumber} allowDecimals={false} />
                  <RankedList
                    data-testid="language-requests"
                    rows={languages.map((row) => ({ key: row.language, label: row.language, figure: formatCount(row.Requests, 'request') }))}
                  />
                </>
              )}
            </Card>
          </div>
        </TabPanel>
        <TabPanel>
          <Card className="mt-4">
            <Title>Top 10 Locations</Title>
            {overview.topLocations.length === 0 ? (
              <EmptyChart text="No locations in this period." />
            ) : (
              <RankedList
                ordered
                wrap
                data-testid="top-locations"
                rows={overview.topLocations.map((place, index) => ({
                  key: placeName(place),
                  label: `${index + 1}. ${placeName(place)}`,
                  figure: formatCount(place.requests, 'request'),
                }))}
              />
            )}
          </Card>
        </TabPanel>
        <TabPanel>
          <Card className="mt-4">
            <Title>Top 20 Users</Title>
            {overview.topUsers.length === 0 ? (
              <EmptyChart text="No users in this period." />
            ) : (
              <RankedList
                ordered
                wrap
                data-testid="top-users"
                rows={overview.topUsers.map((user) => ({
                  key: user.userId,
                  label: (
                    <Link to={botUserPath(user.userId)} className="font-medium text-tremor-brand hover:underline">
                      {user.label}
                    </Link>
                  ),
                  figure: `${formatCount(user.requests, 'request')} · last active ${formatDate(user.lastActiveAt)}`,
                }))}
              />
            )}
          </Card>
        </TabPanel>
        <TabPanel>
          <div className="mt-4 grid grid-cols-1 gap-4 lg:grid-cols-3">
            <Card className="min-w-0 lg:col-span-2">
              <Title>Requests {perWhat}</Title>
              {hasRequests ? (
                <LineChart className="mt-4 h-64" data={series} index="date" categories={['Requests']} colors={['blue']} valueFormatter={formatNumber} />
              ) : (
                <EmptyChart />
              )}
            </Card>
            <Card>
              <Title>System Health</Title>
              <dl className="mt-4 space-y-3 text-tremor-default">
                <div className="flex justify-between gap-3">
                  <dt className="text-tremor-content">Success Rate</dt>
                  <dd className="font-medium text-tremor-content-strong">{formatPercent(overview.successRate)}</dd>
                </div>
                <div className="flex justify-between gap-3">
                  <dt className="text-tremor-content">Error Rate</dt>
                  <dd className="font-medium text-tremor-content-strong" data-testid="error-rate">
                    {formatPercent(overview.errorRate)}
                  </dd>
                </div>
                <div className="flex justify-between gap-3">
                  <dt className="text-tremor-content">Peak Hour ({overview.timeZone})</dt>
                  <dd className="font-medium text-tremor-content-strong" data-testid="peak-hour">
                    {overview.peakHour?.slot ?? '—'}
                  </dd>
                </div>
              </dl>
            </Card>
          </div>
        </TabPanel>
        <TabPanel>
          <div className="mt-4 grid grid-cols-1 gap-4 lg:grid-cols-2">
            <Card className="min-w-0">
              <Title>Requests by Region (Top {TOP_REGIONS})</Title>
              {regions.length === 0 ? (
                <EmptyChart />
              ) : (
                <>
                  <DonutChart className="mt-4 h-56" data={regions} index="name" category="requests" valueFormatter={formatNumber} />
                  <p className="mt-2 text-center text-tremor-label text-tremor-content" data-testid="regions-donut-note">
                    The centre adds up the {formatCount(regions.length, 'region')} shown; requests that named no place are not counted.
                  </p>
                </>
              )}
            </Card>
            <Card className="min-w-0">
              <Title>Top {TOP_REGIONS} Regions by Requests</Title>
              <p className="text-tremor-label text-tremor-content">Requests · Success Rate</p>
              <RankedList
                data-testid="regions"
                rows={overview.regions.map((place) => ({
                  key: placeName(place),
                  label: placeName(place),
                  figure: `${formatNumber(place.requests)} · ${formatPercent(place.successRate)}`,
                }))}
              />
            </Card>
          </div>
        </TabPanel>
        <TabPanel>
          <Card className="mt-4 min-w-0">
            <Title>Trend {perWhat}</Title>
            {hasRequests ? (
              <AreaChart className="mt-4 h-72" data={series} index="date" categories={['Requests', 'Unique Users']} colors={['indigo', 'cyan']} valueFormatter={formatNumber} />
            ) : (
              <EmptyChart />
            )}
          </Card>
        </TabPanel>
      </TabPanels>
    </TabGroup>
  );
}
