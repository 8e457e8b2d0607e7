type SectionHeadingProps = {
  id: string;
  eyebrow: string;
  title: string;
  lead?: string;
  tone?: 'light' | 'dark';
};

/** A section's eyebrow, h2 (with `id`, for aria-labelledby) and optional lead paragraph. */
export function SectionHeading({ id, eyebrow, title, lead, tone = 'light' }: SectionHeadingProps) {
  const dark = tone === 'dark';
  return (
    <div className="mx-auto max-w-2xl text-center">
      <p
        className={`text-sm font-semibold tracking-wide uppercase ${dark ? 'text-indigo-300' : 'text-indigo-600'}`}
      >
        {eyebrow}
      </p>
      <h2
        id={id}
        className={`mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl ${dark ? 'text-white' : 'text-slate-900'}`}
      >
        {title}
      </h2>
      {lead ? (
        <p className={`mt-4 text-lg text-pretty ${dark ? 'text-slate-300' : 'text-slate-600'}`}>{lead}</p>
      ) : null}
    </div>
  );
}
