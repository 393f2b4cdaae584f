import nlExport from "./data/poi-nl-ocm-export.json";
import deList from "./data/poi-de-evmap-list_compact.json";
import deHanover from "./data/poi-de-evmap-175585_compact.json";
import referenceData from "./data/referencedata-2023-08-ocm-app.json";
import { generateDemoPoints } from "./demo-points";
import type { EmulatorPoi, EmulatorReferenceData } from "./types";

/**
 * The emulator's data: the shipped real points (CC BY 4.0, see data/SOURCES.md) plus the generated
 * demo set, and the real 2023-08 reference data. Built once per process, then shared read-only.
 * JSON is imported (not read from disk) so the same code works under Next's bundler, tsx and vitest.
 */

export interface MapDataset {
  points: readonly EmulatorPoi[];
  reference: EmulatorReferenceData;
  /** The reference file's JSON text, served as is. */
  referenceJson: string;
}

function asPoints(value: unknown): EmulatorPoi[] {
  return (value as EmulatorPoi[]).filter(
    (p) =>
      typeof p?.ID === "number" &&
      typeof p.AddressInfo?.Latitude === "number" &&
      typeof p.AddressInfo?.Longitude === "number",
  );
}

let dataset: MapDataset | null = null;

export function getMapDataset(): MapDataset {
  if (dataset) return dataset;
  const real = [...asPoints(nlExport), ...asPoints(deList), ...asPoints(deHanover)];
  const seen = new Set<number>();
  const points = [...real, ...generateDemoPoints()].filter((p) => (seen.has(p.ID) ? false : (seen.add(p.ID), true)));
  // Kept in the API's default order (ID descending), which answers without a distance search use.
  points.sort((a, b) => b.ID - a.ID);
  dataset = {
    points: Object.freeze(points),
    reference: referenceData as unknown as EmulatorReferenceData,
    referenceJson: JSON.stringify(referenceData),
  };
  return dataset;
}
