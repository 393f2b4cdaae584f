"use client";
import { useSearchParams } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import {
  OCM_ATTRIBUTION,
  OSM_COPYRIGHT_URL,
  applyFiltersToSearchParams,
  describeFilters,
  filterPoints,
  filtersFromSearchParams,
  hasFilters,
  type PointFilters,
  formatDistance,
  formatKw,
  createTileMemory,
  clamp,
  INITIAL_POINT_COUNT,
  INITIAL_RADIUS_KM,
  MAX_DISTANCE_KM,
  tileFor,
  type PlaceResult,
} from "@/lib/features/map/shared";
import { formatDateTime } from "@/lib/core/format";
import type { FocusRequest } from "./focus-marker";
import type { LatLng, MoveRequest } from "./leaflet-map";
import { LocateButton, LocateMessage, useLocateMe } from "./locate-control";
import { MapFilters } from "./map-filters";
import { MapLegend } from "./map-legend";
import { PlaceSearchForm } from "./place-search-form";
import { FirstViewPreview } from "./first-view-preview";
import { MapNotice, MapView, usePrefetchedMap } from "./map-view";
import { OwnLocationList, PointList } from "./point-list";
import { useInitialCentre } from "./use-initial-centre";
import { usePoints, type PointsRequest } from "./use-points";

/**
 * The map page's client side: where to look, what to load (never a fresh tile twice), and what to show (the same
 * filtered points on the map and in the list).
 */

export interface MapExplorerProps {
  tileUrl: string;
  defaultCentre: LatLng;
  /** How long a loaded tile counts as fresh; the server's tile cache lifetime. */
  freshForSeconds: number;
}

/** Points asked for once the user moves the map: enough for a city view, clustered on the map. */
const AREA_POINT_LIMIT = 100;
/** How close the map goes to the visitor's location, a town found, and one charge point found. */
const HERE_ZOOM = 14;
const TOWN_ZOOM = 13;
const POINT_ZOOM = 16;

export function MapExplorer({ tileUrl, defaultCentre, freshForSeconds }: MapExplorerProps) {
  const t = useTranslations("map");
  const locale = useLocale();
  const searchParams = useSearchParams();
  const filters = useMemo(() => filtersFromSearchParams(searchParams), [searchParams]);
  const setFilters = useCallback((next: PointFilters) => {
    // Native history update: Next keeps useSearchParams in sync and nothing is fetched. The state must be
    // null: passing Next's own history state marks the call as internal and skips that sync.
    const query = applyFiltersToSearchParams(new URLSearchParams(window.location.search), next).toString();
    window.history.replaceState(null, "", `${window.location.pathname}${query ? `?${query}` : ""}`);
  }, []);

  usePrefetchedMap();
  const start = useInitialCentre(defaultCentre);
  const freshForMs = freshForSeconds * 1000;
  const tiles = useRef(createTileMemory<PointsRequest>(freshForMs));
  const [request, setRequest] = useState<PointsRequest | null>(null);

  useEffect(() => {
    if (!start.centre) return;
    const opening = { ...start.centre, radiusKm: INITIAL_RADIUS_KM, limit: INITIAL_POINT_COUNT };
    tiles.current.remember(tileFor(start.centre, INITIAL_RADIUS_KM).key, opening);
    // The opening request follows the browser's position, which arrives from outside React.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setRequest(opening);
  }, [start.centre]);

  const onViewChange = useCallback((centre: LatLng, viewRadiusKm: number) => {
    const radiusKm = Math.round(clamp(viewRadiusKm, 1, MAX_DISTANCE_KM) * 10) / 10;
    const tile = tileFor(centre, radiusKm);
    const known = tiles.current.fresh(tile.key);
    if (known) {
      setRequest(known);
      return;
    }
    const next = { lat: centre.lat, lng: centre.lng, radiusKm, limit: AREA_POINT_LIMIT };
    tiles.current.remember(tile.key, next);
    setRequest(next);
  }, []);

  const { data, error, isLoading, mutate } = usePoints(request, freshForMs);
  const points = useMemo(() => filterPoints(data?.points ?? [], filters), [data, filters]);
  const ownLocations = useMemo(() => data?.ownLocations ?? [], [data]);

  const [focus, setFocus] = useState<FocusRequest | null>(null);
  const showPoint = useCallback((id: number) => setFocus({ kind: "point", id, nonce: Date.now() }), []);
  const showOwnLocation = useCallback((id: number) => setFocus({ kind: "own", id, nonce: Date.now() }), []);

  const [moveTo, setMoveTo] = useState<MoveRequest | null>(null);
  const [here, setHere] = useState<LatLng | null>(null);
  const goHere = useCallback((position: LatLng) => {
    setHere(position);
    setMoveTo({ ...position, zoom: HERE_ZOOM, nonce: Date.now() });
  }, []);
  const { state: locateState, locate } = useLocateMe(goHere);
  const showPlace = useCallback((place: PlaceResult) => {
    setMoveTo({
      lat: place.lat,
      lng: place.lng,
      zoom: place.kind === "town" ? TOWN_ZOOM : POINT_ZOOM,
      nonce: Date.now(),
    });
    if (place.kind === "point") setFocus({ kind: "point", id: place.id, nonce: Date.now() });
  }, []);

  // On a phone the map comes first, right under the heading (issue 36: it started 454 px down); the words about the
  // page follow it. From lg on, the list and its tools sit left of the map.
  return (
    <div className="grid gap-3 lg:grid-cols-[minmax(18rem,26rem)_1fr] lg:gap-x-4 lg:gap-y-3">
      <div className="order-2 space-y-1 lg:order-none lg:col-span-2">
        <p className="text-sm text-slate-600 dark:text-slate-300">{t("page.intro")}</p>
        {start.source === "default" && (
          <p className="text-sm text-slate-600 dark:text-slate-300">{t("explorer.defaultCentre")}</p>
        )}
      </div>
      <div className="order-1 space-y-3 lg:order-none lg:col-start-2 lg:row-start-2">
        <section
          aria-label={t("explorer.mapLabel")}
          className="relative h-[60svh] min-h-72 overflow-hidden rounded-lg border border-slate-200 bg-slate-100 lg:h-[calc(100vh-16rem)] dark:border-slate-700 dark:bg-slate-800"
        >
          <FirstViewPreview tileUrl={tileUrl} centre={defaultCentre} />
          {start.centre ? (
            <MapView
              tileUrl={tileUrl}
              centre={start.centre}
              points={points}
              ownLocations={ownLocations}
              focus={focus}
              moveTo={moveTo}
              here={here}
              onViewChange={onViewChange}
            />
          ) : (
            <MapNotice>{t("explorer.locating")}</MapNotice>
          )}
          <LocateButton state={locateState} onLocate={locate} />
        </section>
        <LocateMessage state={locateState} />
        <MapLegend showOwn={ownLocations.length > 0} />
      </div>
      <div className="order-3 space-y-4 lg:order-none lg:col-start-1 lg:row-start-2">
        <PlaceSearchForm near={request} onPick={showPlace} />
        <MapFilters filters={filters} onChange={setFilters} />
        <section
          aria-labelledby="charge-points-heading"
          aria-busy={isLoading}
          className="rounded-lg border border-slate-200 bg-white lg:max-h-[calc(100vh-16rem)] lg:overflow-y-auto dark:border-slate-700 dark:bg-slate-900"
        >
          <h2 id="charge-points-heading" className="px-3 pt-3 text-lg font-semibold">
            {t("explorer.listHeading")}
          </h2>
          <ListState
            locating={request === null}
            loading={isLoading}
            error={error?.message ?? null}
            hasData={data !== undefined}
            total={data?.points.length ?? 0}
            shown={points.length}
            filters={filters}
            radiusKm={request?.radiusKm ?? INITIAL_RADIUS_KM}
            notice={
              data?.stale
                ? [data.notice, t("status.saved", { savedAt: formatDateTime(data.fetchedAt, locale) })]
                    .filter(Boolean)
                    .join(" ")
                : null
            }
            onRetry={() => void mutate()}
            onClearFilters={() => setFilters({ connector: null, minKw: null })}
          />
          <OwnLocationList locations={ownLocations} onShow={showOwnLocation} />
          <PointList
            points={points}
            selectedId={focus?.kind === "point" ? focus.id : null}
            onShow={showPoint}
            headed={ownLocations.length > 0}
          />
          {/* The credits' own words (names, licence) stay as the licences give them; only the words around are translated. */}
          <p className="border-t border-slate-200 px-3 py-2 text-xs text-slate-600 dark:border-slate-700 dark:text-slate-300">
            {t.rich("explorer.credits", {
              ocm: (chunks) => (
                <a href={OCM_ATTRIBUTION.url} className="underline" target="_blank" rel="noopener">
                  {chunks}
                </a>
              ),
              licence: (chunks) => (
                <a href={OCM_ATTRIBUTION.licenceUrl} className="underline" target="_blank" rel="noopener">
                  {chunks}
                </a>
              ),
              osm: (chunks) => (
                <a href={OSM_COPYRIGHT_URL} className="underline" target="_blank" rel="noopener">
                  {chunks}
                </a>
              ),
            })}
          </p>
        </section>
      </div>
    </div>
  );
}

interface ListStateProps {
  locating: boolean;
  loading: boolean;
  error: string | null;
  hasData: boolean;
  total: number;
  shown: number;
  filters: PointFilters;
  radiusKm: number;
  notice: string | null;
  onRetry: () => void;
  onClearFilters: () => void;
}

/** Loading, error, empty and summary states, announced through one live region. */
function ListState(props: ListStateProps) {
  const t = useTranslations("map");
  const locale = useLocale();
  const { locating, loading, error, hasData, total, shown, filters, radiusKm, notice } = props;
  const described = () => describeFilters(filters, (minKw) => t("filters.atLeast", { power: formatKw(minKw, locale) }));
  let summary: string;
  if (locating) summary = t("explorer.locating");
  else if (loading && !hasData) summary = t("status.loading");
  else if (!hasData) summary = "";
  else if (total === 0) summary = t("status.noneNearby", { distance: formatDistance(radiusKm, locale) });
  else if (shown === 0) summary = t("status.noneMatch", { filters: described() });
  else if (hasFilters(filters)) summary = t("status.someMatch", { shown, total, filters: described() });
  else summary = t("status.all", { total });
  const announced = loading && hasData ? [summary, t("status.updating")].filter(Boolean).join(" ") : summary;

  return (
    <div className="space-y-2 px-3 py-2">
      <p role="status" aria-live="polite" className="text-sm text-slate-700 dark:text-slate-200">
        {announced}
      </p>
      {hasData && shown === 0 && total > 0 && (
        <button
          type="button"
          onClick={props.onClearFilters}
          className="text-sm font-semibold text-brand-700 underline dark:text-brand-100"
        >
          {t("filters.clear")}
        </button>
      )}
      {notice && <Alert tone="warning">{notice}</Alert>}
      {error && (
        <Alert tone="error" title={t("status.errorTitle")}>
          <p>{error}</p>
          <p className="mt-1">
            {t.rich("status.retry", {
              retry: (chunks) => (
                <button type="button" onClick={props.onRetry} className="font-semibold underline">
                  {chunks}
                </button>
              ),
            })}
          </p>
        </Alert>
      )}
    </div>
  );
}
