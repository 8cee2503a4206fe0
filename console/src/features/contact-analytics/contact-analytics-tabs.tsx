import { AreaChart, BarChart, Card, DonutChart, TabGroup, TabPanel, TabPanels, Title } from '@tremor/react';
import { RegionBarChart } from '../../components/region-bar-chart.js';
import type { ContactAnalytics } from '@contract/analytics.js';
import { countryName } from '@contract/countries.js';
import { formatMs, formatPercent } from '../../lib/figure-format.js';
import { formatCalendarDay, formatCount, formatNumber } from '../../lib/format.js';
import { TabStrip } from '../../components/tab-strip.js';
import { EmptyChart } from '../../components/empty-chart.js';
import { RankedList } from '../../components/ranked-list.js';
import { ContactDistributionMap } from './contact-distribution-map.js';

const TABS = ['Geographic Distribution', 'Specialties', 'Performance', 'Usage Patterns', 'Trends'] as const;

/** A percentile estimated from a histogram reads "≈ 880 ms", an exact one "880 ms". */
const estimate = (estimated: boolean, text: string) => (estimated && text !== '—' ? `≈ ${text}` : text);

/** The five tabs of spec §2.14; `region` is the filter the figures were narrowed to, if any. */
export function ContactAnalyticsTabs({ analytics, region }: { analytics: ContactAnalytics; region: string | undefined }) {
  const whose = region === undefined ? 'every request' : `the requests that named a place in ${region}`;
  const byRegion = analytics.contactsByRegion.slice(0, 15).map((entry) => ({ region: entry.region || 'Unknown', Contacts: entry.count }));
  const specialties = analytics.contactsBySpecialty.map((entry) => ({ name: entry.specialty || 'Unknown', count: entry.count }));
  const usage = analytics.usagePatterns.map((hour) => ({ hour: `${hour.hour}:00`, Requests: hour.requests }));
  const trends = analytics.dailyRequests.map((day) => ({ date: formatCalendarDay(day.day), 'Contacts shown': day.requests }));
  const anyUsage = analytics.usagePatterns.some((hour) => hour.requests > 0);
  const anyShown = analytics.dailyRequests.some((day) => day.requests > 0);
  return (
    <TabGroup>
      <TabStrip tabs={TABS} />
      <TabPanels>
        <TabPanel>
          <Card className="mt-4 min-w-0">
            <Title>Where the Contacts Are</Title>
            <div className="mt-4">
              <ContactDistributionMap distribution={analytics.geographicDistribution} />
            </div>
          </Card>
          <div className="mt-4 grid grid-cols-1 gap-4 lg:grid-cols-2">
            <Card className="min-w-0">
              <Title>Contacts by Region</Title>
              {byRegion.length === 0 ? (
                <EmptyChart text="No contacts." />
              ) : (
                <RegionBarChart data={byRegion} category="Contacts" />
              )}
            </Card>
            <Card className="min-w-0">
              <Title>Regions</Title>
              <RankedList
                scroll
                wrap
                data-testid="contacts-by-region"
                rows={analytics.contactsByRegion.map((entry) => ({
                  key: entry.region,
                  label: entry.region || 'Unknown',
                  figure: `${formatCount(entry.count, 'contact')} · ${formatPercent(entry.successRate)} success`,
                }))}
              />
            </Card>
          </div>
        </TabPanel>
        <TabPanel>
          <div className="mt-4 grid grid-cols-1 gap-4 lg:grid-cols-2">
            <Card className="min-w-0">
              <Title>Contacts by Specialty</Title>
              {specialties.length === 0 ? <EmptyChart text="No contacts." /> : <DonutChart className="mt-4 h-56" data={specialties} index="name" category="count" valueFormatter={formatNumber} />}
            </Card>
            <Card className="min-w-0">
              <Title>Specialties</Title>
              <RankedList
                scroll
                wrap
                rows={analytics.contactsBySpecialty.map((entry) => ({
                  key: entry.specialty,
                  label: entry.specialty || 'Unknown',
                  figure: `${formatNumber(entry.count)} · ★ ${entry.avgRating.toFixed(1)}`,
                }))}
              />
            </Card>
          </div>
        </TabPanel>
        <TabPanel>
          <div className="mt-4 grid grid-cols-1 gap-4 lg:grid-cols-2">
            <Card className="min-w-0">
              <Title>Top Performing Contacts</Title>
              {analytics.topPerformingContacts.length === 0 ? (
                <EmptyChart text="No contact was shown in this period." />
              ) : (
                <RankedList
                  ordered
                  wrap
                  data-testid="top-contacts"
                  rows={analytics.topPerformingContacts.map((contact) => ({
                    key: contact.id,
                    label: (
                      <>
                        {contact.name} <span className="text-tremor-content">· {contact.city}</span>
                      </>
                    ),
                    figure: `${formatCount(contact.requests, 'request')} · ★ ${contact.rating.toFixed(1)}`,
                  }))}
                />
              )}
            </Card>
            <Card className="min-w-0">
              <Title>Response Time Distribution</Title>
              <div className="mt-4 overflow-x-auto">
                <table className="w-full text-left text-tremor-default">
                  <thead className="text-tremor-content">
                    <tr>
                      <th className="py-1 pr-3 font-medium">Period</th>
                      <th className="py-1 pr-3 font-medium">Average</th>
                      <th className="py-1 pr-3 font-medium">Median</th>
                      <th className="py-1 font-medium">95th percentile</th>
                    </tr>
                  </thead>
                  <tbody>
                    {analytics.responseTimeMetrics.map((entry) => (
                      <tr key={entry.timeRange}>
                        <td className="py-1 pr-3 text-tremor-content-strong">{entry.timeRange}</td>
                        <td className="py-1 pr-3">{formatMs(entry.avgTime)}</td>
                        <td className="py-1 pr-3">{estimate(entry.estimated, formatMs(entry.medianTime))}</td>
                        <td className="py-1">{estimate(entry.estimated, formatMs(entry.p95Time))}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <p className="mt-2 text-tremor-label text-tremor-content" data-testid="response-times-note">
                How fast the bot answered {whose}.
                {analytics.responseTimeMetrics.some((entry) => entry.estimated)
                  ? ' "≈": estimated from grouped response times, as older requests are no longer kept one by one.'
                  : ''}
              </p>
            </Card>
            <Card className="min-w-0">
              <Title>Most Reported Contacts</Title>
              {analytics.reportsByContact.length === 0 ? (
                <EmptyChart text="No problem was reported in this period." />
              ) : (
                <RankedList
                  ordered
                  wrap
                  data-testid="reported-contacts"
                  rows={analytics.reportsByContact.map((contact) => ({
                    key: contact.id,
                    label: (
                      <>
                        {contact.name} <span className="text-tremor-content">· {contact.city}</span>
                      </>
                    ),
                    figure: `${formatCount(contact.reports, 'report')} · ${formatNumber(contact.open)} open`,
                  }))}
                />
              )}
            </Card>
            <Card className="min-w-0">
              <Title>Reports by Region</Title>
              {analytics.reportsByRegion.length === 0 ? (
                <EmptyChart text="No problem was reported in this period." />
              ) : (
                <RankedList
                  wrap
                  data-testid="reports-by-region"
                  rows={analytics.reportsByRegion.map((entry) => ({
                    key: `${entry.country}/${entry.region}`,
                    label: (
                      <>
                        {entry.region || 'Unknown region'} <span className="text-tremor-content">· {entry.country ? countryName(entry.country) : 'Unknown country'}</span>
                      </>
                    ),
                    figure: `${formatCount(entry.reports, 'report')} · ${formatNumber(entry.open)} open`,
                  }))}
                />
              )}
            </Card>
          </div>
        </TabPanel>
        <TabPanel>
          <Card className="mt-4 min-w-0">
            <Title>Requests by Hour of Day ({analytics.timeZone})</Title>
            {anyUsage ? (
              <BarChart className="mt-4 h-64" data={usage} index="hour" categories={['Requests']} colors={['blue']} valueFormatter={formatNumber} />
            ) : (
              <EmptyChart text="No requests in this period." />
            )}
            <p className="mt-2 text-tremor-label text-tremor-content" data-testid="usage-note">
              Counts {whose}.
            </p>
          </Card>
        </TabPanel>
        <TabPanel>
          <Card className="mt-4 min-w-0">
            <Title>Contacts Shown per Day</Title>
            {anyShown ? (
              <AreaChart className="mt-4 h-64" data={trends} index="date" categories={['Contacts shown']} colors={['indigo']} valueFormatter={formatNumber} />
            ) : (
              <EmptyChart text="No contact was shown in this period." />
            )}
          </Card>
        </TabPanel>
      </TabPanels>
    </TabGroup>
  );
}
