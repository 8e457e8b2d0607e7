import { CallToAction } from './call-to-action';
import { Capabilities } from './capabilities';
import { DemoVideos } from './demo-videos';
import { HowItWorks } from './how-it-works';
import { ModelGrid } from './model-grid';
import { TeamDashboard } from './team-dashboard';

// With the sections, so it does not show under the hero and then jump down.
export { LandingFooter } from './landing-footer';

/** The landing page's sections after the hero: loaded just after the first paint, not before it. */
export function BelowTheFold() {
  return (
    <>
      <DemoVideos />
      <ModelGrid />
      <HowItWorks />
      <TeamDashboard />
      <Capabilities />
      <CallToAction />
    </>
  );
}
