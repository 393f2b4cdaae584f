"use client";
import { useEffect } from "react";
import { Alert } from "@/components/ui/alert";
import { buttonClasses } from "@/components/ui/button-classes";

/** Fallback for an unexpected failure while rendering a driver page (error.tsx of each route). */
export function RouteError({ heading, error, retry }: { heading: string; error: unknown; retry: () => void }) {
  useEffect(() => {
    // Only the digest: the server logged the details under it.
    const digest = error instanceof Error && "digest" in error ? String((error as { digest?: unknown }).digest) : "none";
    console.error(`[${heading}] page failed to render (digest ${digest})`);
  }, [error, heading]);
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">{heading}</h1>
      <Alert tone="error" title="This page could not be shown">
        <p>Something went wrong on our side. Try again; if it keeps happening, contact support.</p>
      </Alert>
      <button type="button" className={buttonClasses("primary")} onClick={() => retry()}>
        Try again
      </button>
    </div>
  );
}
