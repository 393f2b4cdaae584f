"use client";
import { lazy, Suspense, useState } from "react";

const loadPanel = () => import("./followed-download-panel");
// The following code loads when the link is first reached for: pages at their first-load budget stay within it.
const FollowedDownloadPanel = lazy(() => loadPanel().then((module) => ({ default: module.FollowedDownloadPanel })));

/**
 * A download link whose file the page follows (issue 36): progress as the server works, a Cancel, and "… is
 * downloaded". Without JavaScript, or with a modifier key, it is the plain link.
 */
export function FollowedDownloadLink({
  href,
  filename,
  className,
  children,
}: {
  href: string;
  /** The name to save under when the answer names none. */
  filename: string;
  className?: string;
  children: React.ReactNode;
}) {
  const [request, setRequest] = useState(0);
  return (
    <div className="flex flex-col items-end gap-1">
      <a
        href={href}
        download
        className={className}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        onClick={(event) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
          event.preventDefault();
          setRequest((count) => count + 1);
        }}
      >
        {children}
      </a>
      {request > 0 && (
        <Suspense>
          <FollowedDownloadPanel href={href} filename={filename} request={request} />
        </Suspense>
      )}
    </div>
  );
}
