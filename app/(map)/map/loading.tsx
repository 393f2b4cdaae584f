/** Shown while the map page streams in; same footprint as the map and list, so nothing jumps. */
export default function MapLoading() {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex flex-col gap-4 lg:grid lg:grid-cols-[minmax(18rem,26rem)_1fr]"
    >
      <span className="sr-only">Loading the charge-point map…</span>
      <div
        aria-hidden="true"
        className="order-2 h-64 motion-safe:animate-pulse rounded-lg bg-slate-200 lg:order-1 lg:h-[calc(100vh-12rem)] dark:bg-slate-800"
      />
      <div
        aria-hidden="true"
        className="order-1 h-[55vh] min-h-72 motion-safe:animate-pulse rounded-lg bg-slate-200 lg:order-2 lg:h-[calc(100vh-12rem)] dark:bg-slate-800"
      />
    </div>
  );
}
