import RiStethoscopeLine from 'remixicon/icons/Health & Medical/stethoscope-line.svg?react';

/** The product's logo. Decorative: the product title always sits beside it. */
export function BrandMark({ size = 'md' }: { size?: 'md' | 'lg' }) {
  const box = size === 'lg' ? 'h-12 w-12' : 'h-9 w-9';
  const icon = size === 'lg' ? 'h-7 w-7' : 'h-5 w-5';
  return (
    <span className={`inline-flex ${box} shrink-0 items-center justify-center rounded-tremor-default bg-tremor-brand text-white`} aria-hidden="true">
      <RiStethoscopeLine className={icon} />
    </span>
  );
}
