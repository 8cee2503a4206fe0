/** What a chart shows when its window has no data. */
export function EmptyChart({ text = 'No requests in this period.' }: { text?: string }) {
  return <p className="flex h-48 items-center justify-center text-tremor-default text-tremor-content">{text}</p>;
}
