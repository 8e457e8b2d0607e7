import { DEMO_VIDEOS, demoVideoEmbedUrl } from '../landing-content';
import { SectionHeading } from './section-heading';

/** The two demo videos, autoplaying, muted and looping in the external player. */
export function DemoVideos() {
  return (
    <section aria-labelledby="landing-demos-title" className="bg-slate-950 py-20 sm:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="landing-demos-title"
          tone="dark"
          eyebrow="See it in action"
          title="From tool server to answer in minutes"
          lead="Deploy a tool server for your agent, then chat with the model of your choice."
        />
        <div className="mt-14 grid gap-8 lg:grid-cols-2">
          {DEMO_VIDEOS.map((video) => (
            <figure
              key={video.id}
              className="overflow-hidden rounded-2xl bg-slate-900 shadow-2xl ring-1 ring-white/10"
            >
              <div className="aspect-video bg-slate-800">
                <iframe
                  src={demoVideoEmbedUrl(video.videoId)}
                  title={`Demo video: ${video.title}`}
                  loading="lazy"
                  allow="autoplay; encrypted-media; picture-in-picture"
                  referrerPolicy="strict-origin-when-cross-origin"
                  allowFullScreen
                  className="size-full border-0"
                />
              </div>
              <figcaption className="p-6">
                <h3 className="text-lg font-semibold text-white">{video.title}</h3>
                <p className="mt-2 text-sm text-slate-400">{video.description}</p>
              </figcaption>
            </figure>
          ))}
        </div>
      </div>
    </section>
  );
}
