import { Tab, TabList } from '@tremor/react';

/**
 * A screen's line of tabs. On a phone the labels wrap onto a second row instead of scrolling sideways:
 * a strip that scrolls shows nothing that says it can, so its last labels looked cut ("Performan").
 */
export function TabStrip({ tabs }: { tabs: readonly string[] }) {
  return (
    <TabList variant="line" className="flex-wrap gap-x-4 space-x-0">
      {tabs.map((tab) => (
        <Tab key={tab}>{tab}</Tab>
      ))}
    </TabList>
  );
}
