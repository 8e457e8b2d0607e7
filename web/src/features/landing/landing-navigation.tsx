import { type ComponentProps, createContext, type ReactNode, useContext } from 'react';

type LandingLinkProps = Omit<ComponentProps<'a'>, 'href'> & { to: string; children: ReactNode };

/**
 * How the landing page leaves for the app. The prerendered page (`landing.html`) has no router:
 * plain links and page loads, so it ships without react-router. Inside the app (a client-side
 * visit to / or /landing) `RouterNavigation` makes them client-side navigations.
 */
export type LandingNavigation = {
  Link: (props: LandingLinkProps) => ReactNode;
  navigate: (to: string) => void;
};

const pageNavigation: LandingNavigation = {
  Link: ({ to, ...props }) => <a href={to} {...props} />,
  navigate: (to) => window.location.assign(to),
};

export const LandingNavigationContext = createContext<LandingNavigation>(pageNavigation);

export function useLandingNavigation(): LandingNavigation {
  return useContext(LandingNavigationContext);
}

/** A link of the landing page to another page (see {@link LandingNavigation}). */
export function LandingLink(props: LandingLinkProps) {
  const { Link } = useLandingNavigation();
  return <Link {...props} />;
}
