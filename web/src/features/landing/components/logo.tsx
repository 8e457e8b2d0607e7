import { PRODUCT_NAME } from '@agentforge/shared';
import { Link } from 'react-router-dom';
import { LogoMark } from './icons';
import { FOCUS_RING } from './styles';

type LogoProps = {
  tone?: 'dark' | 'light';
  /** Show only the mark on very narrow screens (the name stays available to screen readers). */
  collapseName?: boolean;
};

/** The product logo, linking to the landing page. */
export function Logo({ tone = 'dark', collapseName = false }: LogoProps) {
  const text = tone === 'dark' ? 'text-slate-900' : 'text-white';
  const collapse = collapseName ? 'max-[380px]:sr-only' : '';
  return (
    <Link to="/" className={`inline-flex shrink-0 items-center gap-2 rounded-lg ${FOCUS_RING}`}>
      <LogoMark />
      <span className={`text-lg font-bold tracking-tight ${text} ${collapse}`}>{PRODUCT_NAME}</span>
    </Link>
  );
}
