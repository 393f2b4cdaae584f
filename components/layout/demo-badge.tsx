/** Always visible in demo mode, so nobody mistakes emulator data for real data. */
export function DemoBadge({ parts }: { parts: string[] }) {
  return (
    <span
      className="inline-flex items-center gap-1 rounded-full border border-amber-400 bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900"
      title={`Running on built-in ${parts.join(" and ")}: all data is demo data`}
    >
      <span aria-hidden="true">●</span> Demo mode
      <span className="sr-only">: {parts.join(" and ")} are built-in emulators, all data is demo data</span>
    </span>
  );
}
