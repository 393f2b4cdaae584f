/** A page's heading and the sentence under it that says what the page is for. */
export function PageHeading({ title, intro }: { title: string; intro: string }) {
  return (
    <div>
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{intro}</p>
    </div>
  );
}
