"use client";
import { RouteError } from "@/components/ui/route-error";

export default function CardsError({ error, retry }: { error: unknown; retry: () => void }) {
  return <RouteError heading="Charging cards" error={error} retry={retry} />;
}
