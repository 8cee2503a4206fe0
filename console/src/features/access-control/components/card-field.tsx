/** One labelled figure of a card's description list; `wide` spans both columns (long text). */
export function CardField({ term, value, wide = false }: { term: string; value: string; wide?: boolean }) {
  return (
    <div className={wide ? 'col-span-2' : undefined}>
      <dt className="text-tremor-content">{term}</dt>
      <dd className="break-words font-medium text-tremor-content-strong">{value}</dd>
    </div>
  );
}
