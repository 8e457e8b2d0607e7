import { PRODUCT_NAME } from '@agentforge/shared';
import { BRAND_LINK_CLASS, BrandMark } from '../../../components/brand-mark';
import { FOOTER_LINK_GROUPS, SOCIAL_LINKS } from '../landing-content';
import { LandingLink } from '../landing-navigation';
import { FOCUS_RING } from './styles';

const LINK = `rounded text-sm text-slate-400 transition hover:text-white ${FOCUS_RING} focus-visible:outline-white`;

/** The footer: logo, placeholder links, social links and the copyright line. */
export function LandingFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="bg-slate-950">
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:px-8">
        <div className="grid gap-10 md:grid-cols-[2fr_repeat(3,1fr)]">
          <div>
            <LandingLink to="/" className={BRAND_LINK_CLASS}>
              <BrandMark tone="light" />
            </LandingLink>
            <p className="mt-4 max-w-xs text-sm text-slate-400">
              Build AI agents that use your tools, with the models you choose.
            </p>
          </div>
          {FOOTER_LINK_GROUPS.map((group) => (
            <nav key={group.title} aria-label={group.title}>
              <h2 className="text-sm font-semibold text-white">{group.title}</h2>
              <ul className="mt-4 space-y-3">
                {group.links.map((link) => (
                  <li key={link.label}>
                    <a href={link.href} className={LINK}>
                      {link.label}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
        <div className="mt-12 flex flex-col gap-4 border-t border-white/10 pt-8 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-slate-400">
            © {year} {PRODUCT_NAME}. All rights reserved.
          </p>
          <nav aria-label="Social">
            <ul className="flex flex-wrap gap-5">
              {SOCIAL_LINKS.map((link) => (
                <li key={link.label}>
                  <a href={link.href} className={LINK}>
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
    </footer>
  );
}
