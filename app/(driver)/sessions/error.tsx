"use client";
import { SessionsRouteError } from "@/components/sessions/sessions-route-error";

export default function SessionsError({ error, retry }: { error: unknown; retry: () => void }) {
  return <SessionsRouteError error={error} retry={retry} />;
}
