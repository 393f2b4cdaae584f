"use client";
import type L from "leaflet";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Marker, Popup, useMapEvents } from "react-leaflet";
import type { PointIndex, MapPoint } from "@/lib/features/map/shared";
import { clusterIcon, pointIcon, POPUP_PLACEMENT } from "./marker-icons";
import { PointDetails, usePointTitle } from "./point-details";

/** Recomputed on zoom only: the clusters cover the whole index, so a pan draws nothing new. */
export function ClusteredPoints({
  index,
  register,
}: {
  index: PointIndex<MapPoint>;
  register: (key: string) => (marker: L.Marker | null) => void;
}) {
  const t = useTranslations("map");
  const titleOf = usePointTitle();
  const map = useMapEvents({
    zoomend() {
      setZoom(map.getZoom());
    },
  });
  const [zoom, setZoom] = useState(() => map.getZoom());

  return index.at(zoom).map((placed) =>
    placed.kind === "cluster" ? (
      <Marker
        key={`cluster-${placed.clusterId}`}
        position={[placed.lat, placed.lng]}
        icon={clusterIcon(placed.count)}
        title={t("leaflet.cluster", { count: placed.count })}
        // keyboard: false — the list beside the map is the keyboard and screen-reader path.
        keyboard={false}
        eventHandlers={{
          click: () => map.setView([placed.lat, placed.lng], index.expansionZoom(placed.clusterId)),
        }}
      />
    ) : (
      <Marker
        key={placed.point.id}
        position={[placed.point.lat, placed.point.lng]}
        icon={pointIcon(placed.point)}
        title={titleOf(placed.point)}
        keyboard={false}
        ref={register(`point:${placed.point.id}`)}
      >
        <Popup {...POPUP_PLACEMENT}>
          <PointDetails point={placed.point} />
        </Popup>
      </Marker>
    ),
  );
}
