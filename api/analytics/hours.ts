/** Hours of the day as the screens show them: "00"–"23", with the share of requests that did not fail. */
export function hourlyFigures(hours: { hour: number; requests: number; errorCount: number }[]) {
  return hours.map((hour) => ({
    hour: String(hour.hour).padStart(2, '0'),
    requests: hour.requests,
    successRate: hour.requests === 0 ? null : ((hour.requests - hour.errorCount) / hour.requests) * 100,
  }));
}
