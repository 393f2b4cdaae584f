"use client";
import Link from "next/link";
import { useEffect } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

/** Error boundary content for the sessions pages: what happened in plain words and what to do next. */
export function SessionsRouteError({ error, retry }: { error: unknown; retry: () => void }) {
  useEffect(() => {
    // Server errors arrive with a digest only; log it so support can match the server log line.
    const digest = error instanceof Error && "digest" in error ? String((error as { digest?: unknown }).digest) : undefined;
    console.error("[sessions] page failed", digest ?? "");
  }, [error]);
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Charging sessions</h1>
      <Alert tone="error" title="Your sessions could not be shown">
        Something went wrong on our side. Try again; if it keeps happening, contact support.
      </Alert>
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => retry()}>Try again</Button>
        <Link href="/account" className="inline-flex min-h-10 items-center px-2 text-sm font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-100">
          Go to your account
        </Link>
      </div>
    </div>
  );
}
