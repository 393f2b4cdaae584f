import { Skeleton } from "@/components/ui/card";

/** One grey block (its classes), or blocks laid out together by a wrapper's classes (a grid, a stack). */
export type SkeletonShape = string | { layout: string; blocks: readonly SkeletonShape[] };

/**
 * A loading state in the footprint of the page or section that replaces it, so nothing jumps when it
 * arrives; `label` says what is loading to screen readers.
 */
export function PageSkeleton({
  label,
  blocks,
  className = "space-y-6",
}: {
  label: string;
  blocks: readonly SkeletonShape[];
  className?: string;
}) {
  return (
    <div role="status" aria-live="polite" className={className}>
      <span className="sr-only">{label}</span>
      <SkeletonBlocks blocks={blocks} />
    </div>
  );
}

function SkeletonBlocks({ blocks }: { blocks: readonly SkeletonShape[] }) {
  return blocks.map((block, index) =>
    typeof block === "string" ? (
      <Skeleton key={index} className={block} />
    ) : (
      <div key={index} className={block.layout}>
        <SkeletonBlocks blocks={block.blocks} />
      </div>
    ),
  );
}
