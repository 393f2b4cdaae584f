import { Skeleton } from "@/components/ui/card";

export default function CreateDriverLoading() {
  return (
    <div role="status" aria-live="polite" className="mx-auto max-w-2xl space-y-4">
      <span className="sr-only">Loading the form…</span>
      <Skeleton className="h-8 w-56" />
      <Skeleton className="h-96 w-full" />
    </div>
  );
}
