import { Tab, TabList } from '@tremor/react';

/** A screen's line of tabs, scrolling sideways on a phone instead of wrapping or overflowing the page. */
export function ScrollableTabList({ tabs }: { tabs: readonly string[] }) {
  return (
    <div className="overflow-x-auto">
      <TabList variant="line" className="min-w-max">
        {tabs.map((tab) => (
          <Tab key={tab}>{tab}</Tab>
        ))}
      </TabList>
    </div>
  );
}
