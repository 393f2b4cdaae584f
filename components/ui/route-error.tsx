"use client";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useEffect } from "react";
import { Alert } from "@/components/ui/alert";
import { buttonClasses } from "@/components/ui/button-classes";

/**
 * Fallback for an unexpected failure while rendering a page (the error.tsx of each route): what
 * happened in plain words, a retry, and optionally a way out to another page.
 */
export function RouteError({
  heading,
  error,
  retry,
  title,
  wayOut,
}: {
  heading: string;
  error: unknown;
  retry: () => void;
  /** The alert's title; "This page could not be shown" when left out. */
  title?: string;
  wayOut?: { href: string; label: string };
}) {
  const t = useTranslations("routeErrors");
  useEffect(() => {
    // Only the digest: the server logged the details under it.
    const digest =
      error instanceof Error && "digest" in error ? String((error as { digest?: unknown }).digest) : "none";
    console.error(`[${heading}] page failed to render (digest ${digest})`);
  }, [error, heading]);
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">{heading}</h1>
      <Alert tone="error" title={title ?? t("title")}>
        <p>{t("body")}</p>
      </Alert>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={buttonClasses("primary")} onClick={() => retry()}>
          {t("retry")}
        </button>
        {wayOut && (
          <Link
            href={wayOut.href}
            className="inline-flex min-h-10 items-center px-2 text-sm font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-100"
          >
            {wayOut.label}
          </Link>
        )}
      </div>
    </div>
  );
}
