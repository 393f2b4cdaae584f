import { memo } from "react";
import { MAP_INITIAL_ZOOM, tilesAround } from "@/lib/features/map/shared";

/**
 * The tiles around the default centre, drawn by the HTML where Leaflet will draw them, so the map shows before its
 * script runs (docs/quality.md, issue 37). Memoised: the explorer renders again at every move; these never change.
 */
export const FirstViewPreview = memo(function FirstViewPreview({
  tileUrl,
  centre,
}: {
  tileUrl: string;
  centre: { lat: number; lng: number };
}) {
  const tiles = tilesAround(tileUrl, centre, MAP_INITIAL_ZOOM);
  if (tiles.length === 0) return null;
  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-0 overflow-hidden">
      {tiles.map((tile) => (
        // eslint-disable-next-line @next/next/no-img-element -- a map tile from the tile server, as Leaflet draws it
        <img
          key={tile.url}
          src={tile.url}
          alt=""
          width={256}
          height={256}
          draggable={false}
          className="absolute max-w-none select-none"
          style={{ left: `calc(50% + ${tile.left}px)`, top: `calc(50% + ${tile.top}px)` }}
        />
      ))}
    </div>
  );
});
