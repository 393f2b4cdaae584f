import { connection } from "next/server";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { Suspense } from "react";
import { hintFirstTiles } from "@/components/map/first-tile-hints";
import { MapExplorer } from "@/components/map/map-explorer";
import { getConfig } from "@/lib/core/config";
import { canViewMap } from "@/lib/features/map/access";
import MapLoading from "./loading";
import { titleFrom } from "@/components/layout/page-title";

export const generateMetadata = titleFrom("map.page.title");

/**
 * Public charge points near you (issue 5). The server hands the client only what is safe to
 * show: the tile URL, the default centre and the cache lifetime — never the map data key.
 */
export default async function MapPage() {
  // Configuration is read at request time, never baked in at build time.
  await connection();
  if (!(await canViewMap())) redirect("/signin?callbackUrl=%2Fmap");
  const { map } = getConfig();
  hintFirstTiles(map.tileUrl, map.defaultCenter);
  const t = await getTranslations("map");

  return (
    <div className="space-y-3">
      {/* The intro sentence is the explorer's: on a phone it follows the map, which comes right under the heading. */}
      <h1 className="text-2xl font-bold">{t("page.heading")}</h1>
      {/* useSearchParams (the filters) needs a Suspense boundary. */}
      <Suspense fallback={<MapLoading />}>
        <MapExplorer tileUrl={map.tileUrl} defaultCentre={map.defaultCenter} freshForSeconds={map.tileTtlSeconds} />
      </Suspense>
    </div>
  );
}
