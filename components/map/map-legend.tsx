"use client";
import { useTranslations } from "next-intl";
import { clusterLook, ownLocationLook, pointLook, type MarkerLook } from "./marker-look";

/** A marker as the map draws it, for the legend: the same styles as its divIcon (marker-look.ts). */
function MarkerSample({ look }: { look: MarkerLook }) {
  return (
    <span aria-hidden="true" data-marker={look.kind} style={look.outer} className="shrink-0">
      <span style={look.body}>{look.label}</span>
      {look.tip && <span style={look.tip} />}
    </span>
  );
}

const SAMPLES = [
  { key: "point", look: pointLook("point", "22") },
  { key: "fast", look: pointLook("fast", "150") },
  { key: "down", look: pointLook("down", "11") },
  { key: "cluster", look: clusterLook(12) },
  { key: "own", look: ownLocationLook() },
] as const;

/** What a marker, a group and each colour mean (issue 36). The shapes carry the meaning; the colours add to it. */
export function MapLegend({ showOwn }: { showOwn: boolean }) {
  const t = useTranslations("map");
  return (
    <section aria-labelledby="map-legend-heading" className="text-sm">
      <h2 id="map-legend-heading" className="font-semibold">
        {t("legend.heading")}
      </h2>
      <ul className="mt-1 grid gap-x-4 gap-y-1.5 sm:grid-cols-2">
        {SAMPLES.filter((sample) => showOwn || sample.key !== "own").map((sample) => (
          <li key={sample.key} data-legend={sample.key} className="flex items-center gap-2">
            <span className="flex w-12 justify-center">
              <MarkerSample look={sample.look} />
            </span>
            <span>{t(`legend.${sample.key}`)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
