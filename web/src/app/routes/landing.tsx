/** Landing page (/ and /landing). */
export { LandingPage as Component } from '../../features/landing/components/landing-page';
