import { BarChart } from '@tremor/react';

/** Room per bar for its label: recharts drops the labels of a category axis that would overlap. */
const BAR_PX = 28;
const AXIS_PX = 48;
const MIN_HEIGHT_PX = 288;
/** Wide enough for a long region's name at the axis's size ("Auvergne-Rhône-Alpes", which has no space to wrap at). */
const LABEL_WIDTH_PX = 160;

/** Horizontal bars, one per region, each named on the axis however many there are. */
export function RegionBarChart({ data, category }: { data: ({ region: string } & Record<string, string | number>)[]; category: string }) {
  return (
    <BarChart
      className="mt-4"
      style={{ height: Math.max(MIN_HEIGHT_PX, data.length * BAR_PX + AXIS_PX) }}
      data={data}
      index="region"
      categories={[category]}
      colors={['blue']}
      layout="vertical"
      yAxisWidth={LABEL_WIDTH_PX}
    />
  );
}
