import { PRODUCT_NAME } from '@agentforge/shared';

type BrandMarkProps = {
  /** 'light' on dark backgrounds (the landing footer). */
  tone?: 'dark' | 'light';
  /** Only the mark on very narrow screens (the name stays available to screen readers). */
  collapseName?: boolean;
};

/** The class of the link around the mark (BrandLogo's, and the landing page's own). */
export const BRAND_LINK_CLASS =
  'inline-flex shrink-0 items-center gap-2 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';

/** The product mark and name, without the link (the landing page links it without the router). */
export function BrandMark({ tone = 'dark', collapseName = false }: BrandMarkProps) {
  const text = tone === 'dark' ? 'text-slate-900' : 'text-white';
  const collapse = collapseName ? 'max-[380px]:sr-only' : '';
  return (
    <>
      <svg viewBox="0 0 32 32" className="size-8" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" className="fill-indigo-600" />
        <path
          d="M9 22 16 9l7 13M12 17.5h8"
          fill="none"
          stroke="white"
          strokeWidth="2.5"
          strokeLinecap="round"
        />
      </svg>
      <span className={`text-lg font-bold tracking-tight ${text} ${collapse}`}>{PRODUCT_NAME}</span>
    </>
  );
}
