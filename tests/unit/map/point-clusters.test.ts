import { describe, expect, it } from "vitest";
import { indexPoints, UNCLUSTERED_FROM_ZOOM } from "@/lib/features/map/point-clusters";

// Three points within ~50 m of each other in Amsterdam, one in Utrecht (~35 km away).
const points = [
  { id: 1, lat: 52.3702, lng: 4.8952 },
  { id: 2, lat: 52.3705, lng: 4.8955 },
  { id: 3, lat: 52.3699, lng: 4.8949 },
  { id: 4, lat: 52.0907, lng: 5.1214 },
];

describe("point clusters", () => {
  it("group nearby points at a city zoom and leave a distant one alone", () => {
    const placed = indexPoints(points).at(13);
    const clusters = placed.filter((p) => p.kind === "cluster");
    expect(clusters).toHaveLength(1);
    expect(clusters[0]).toMatchObject({ kind: "cluster", count: 3 });
    expect(placed.filter((p) => p.kind === "point").map((p) => p.kind === "point" && p.point.id)).toEqual([4]);
  });

  it("draw every point on its own from the street zoom on", () => {
    const placed = indexPoints(points).at(UNCLUSTERED_FROM_ZOOM);
    expect(placed.every((p) => p.kind === "point")).toBe(true);
    expect(placed).toHaveLength(4);
  });

  it("name the zoom a cluster splits at and the zoom a point stands alone at", () => {
    const index = indexPoints(points);
    const cluster = index.at(13).find((p) => p.kind === "cluster");
    if (cluster?.kind !== "cluster") throw new Error("no cluster");
    const split = index.expansionZoom(cluster.clusterId);
    expect(split).toBeGreaterThan(13);

    const reveal = index.revealZoom(1, 13);
    expect(reveal).not.toBeNull();
    expect(index.at(reveal as number).some((p) => p.kind === "point" && p.point.id === 1)).toBe(true);
    expect(index.at((reveal as number) - 1).some((p) => p.kind === "point" && p.point.id === 1)).toBe(false);
    // Already alone: the current zoom will do.
    expect(index.revealZoom(4, 13)).toBe(13);
    expect(index.revealZoom(99, 13)).toBeNull();
  });
});
