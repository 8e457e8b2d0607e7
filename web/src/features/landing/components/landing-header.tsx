import { BRAND_LINK_CLASS, BrandMark } from '../../../components/brand-mark';
import { buttonVariants } from '../../../components/ui/button';
import { LandingLink } from '../landing-navigation';
import { FOCUS_RING } from './styles';

const SECTION_LINKS = [
  { label: 'Models', href: '#models' },
  { label: 'How it works', href: '#how-it-works' },
  { label: 'Teams', href: '#teams' },
] as const;

/** The sticky top bar: logo, in-page navigation and the account links. */
export function LandingHeader() {
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200/70 bg-white/80 backdrop-blur">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-2 px-4 py-3 sm:px-6 lg:px-8">
        <LandingLink to="/" className={BRAND_LINK_CLASS}>
          <BrandMark collapseName />
        </LandingLink>
        <nav aria-label="Sections" className="hidden items-center gap-6 md:flex">
          {SECTION_LINKS.map((link) => (
            <a
              key={link.href}
              href={link.href}
              className={`rounded text-sm font-medium text-slate-600 transition hover:text-slate-900 ${FOCUS_RING}`}
            >
              {link.label}
            </a>
          ))}
        </nav>
        <nav aria-label="Account" className="flex items-center gap-1 sm:gap-2">
          <LandingLink
            to="/login"
            className={`whitespace-nowrap rounded-lg px-2.5 py-2 text-sm font-semibold text-slate-700 transition hover:bg-slate-100 sm:px-4 ${FOCUS_RING}`}
          >
            Sign In
          </LandingLink>
          <LandingLink to="/signup" className={buttonVariants({ variant: 'primary', className: 'sm:px-4' })}>
            Get Started
          </LandingLink>
        </nav>
      </div>
    </header>
  );
}
