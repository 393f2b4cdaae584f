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
import { PageHeading } from "@/components/ui/page-heading";

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
    <div className="space-y-4">
      <PageHeading title={t("page.heading")} intro={t("page.intro")} />
      {/* useSearchParams (the filters) needs a Suspense boundary. */}
      <Suspense fallback={<MapLoading />}>
        <MapExplorer tileUrl={map.tileUrl} defaultCentre={map.defaultCenter} freshForSeconds={map.tileTtlSeconds} />
      </Suspense>
    </div>
  );
}
