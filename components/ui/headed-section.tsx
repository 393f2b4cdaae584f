/** A part of a page named by its own h2 (aria-labelledby): a region screen-reader users can jump to. */
export function HeadedSection({
  headingId,
  heading,
  children,
}: {
  headingId: string;
  heading: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="text-lg font-semibold">
        {heading}
      </h2>
      {children}
    </section>
  );
}
