"use client";
import { RouteError } from "@/components/ui/route-error";

export default function SessionsError({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <RouteError
      heading="Charging sessions"
      title="Your sessions could not be shown"
      error={error}
      retry={retry}
      wayOut={{ href: "/account", label: "Go to your account" }}
    />
  );
}
