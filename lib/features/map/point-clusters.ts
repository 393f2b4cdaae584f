import Supercluster, { type ClusterProperties } from "supercluster";

/**
 * Clustering with supercluster (~3 KB) rather than leaflet.markercluster; points arrive in batches of a few hundred.
 * Pure and DOM-free.
 */

/** Cluster within 50 screen pixels, as the map did with markercluster. */
const CLUSTER_RADIUS_PX = 50;
/** From this zoom on, every point is drawn on its own (a street view has room for each). */
export const UNCLUSTERED_FROM_ZOOM = 17;
/** Leaflet's tiles are 256 px: supercluster measures its radius against this extent. */
const TILE_EXTENT_PX = 256;
/** The whole world: the few hundred points of a search are clustered at once, not per view. */
const WORLD: [number, number, number, number] = [-180, -85, 180, 85];

export interface ClusterablePoint {
  id: number;
  lat: number;
  lng: number;
}

export type PointCluster = { kind: "cluster"; clusterId: number; lat: number; lng: number; count: number };
export type PlacedPoint<P> = { kind: "point"; point: P };

export interface PointIndex<P extends ClusterablePoint> {
  /** What the map draws at a zoom level: clusters, and the points that stand alone. */
  at(zoom: number): (PointCluster | PlacedPoint<P>)[];
  /** The zoom at which a cluster splits: clicking a cluster zooms there. */
  expansionZoom(clusterId: number): number;
  /** The lowest zoom, from `fromZoom` on, at which the point is drawn on its own; null for an unknown id. */
  revealZoom(id: number, fromZoom: number): number | null;
}

type Props<P> = { point: P };

export function indexPoints<P extends ClusterablePoint>(points: P[]): PointIndex<P> {
  const index = new Supercluster<Props<P>>({
    radius: CLUSTER_RADIUS_PX,
    extent: TILE_EXTENT_PX,
    maxZoom: UNCLUSTERED_FROM_ZOOM - 1,
  });
  index.load(
    points.map((point) => ({
      type: "Feature" as const,
      properties: { point },
      geometry: { type: "Point" as const, coordinates: [point.lng, point.lat] },
    })),
  );
  const byId = new Set(points.map((point) => point.id));

  const at = (zoom: number): (PointCluster | PlacedPoint<P>)[] =>
    index.getClusters(WORLD, Math.round(zoom)).map((feature) => {
      const [lng, lat] = feature.geometry.coordinates as [number, number];
      const properties = feature.properties as Partial<ClusterProperties> & Partial<Props<P>>;
      if (properties.cluster && properties.cluster_id !== undefined)
        return { kind: "cluster", clusterId: properties.cluster_id, lat, lng, count: properties.point_count ?? 0 };
      return { kind: "point", point: properties.point as P };
    });

  return {
    at,
    expansionZoom: (clusterId) => index.getClusterExpansionZoom(clusterId),
    revealZoom(id, fromZoom) {
      if (!byId.has(id)) return null;
      // Clusters only split as the zoom grows: the first zoom at which the point is drawn alone.
      for (let zoom = Math.round(fromZoom); zoom < UNCLUSTERED_FROM_ZOOM; zoom += 1)
        if (at(zoom).some((placed) => placed.kind === "point" && placed.point.id === id)) return zoom;
      return Math.max(Math.round(fromZoom), UNCLUSTERED_FROM_ZOOM);
    },
  };
}
