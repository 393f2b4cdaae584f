"use client";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { buttonClasses } from "@/components/ui/button-classes";
import type { PlaceResult } from "@/lib/features/map/shared";
import type { LatLng } from "./leaflet-map";
import { usePointTitle } from "./point-details";
import { usePlaceSearch } from "./use-points";

/**
 * The search for a town or an address among the map data's own addresses (issue 36): no geocoder. A form, so Enter
 * searches; the results are buttons that move the map; what was typed stays, whatever the answer.
 */
export function PlaceSearchForm({ near, onPick }: { near: LatLng | null; onPick: (place: PlaceResult) => void }) {
  const t = useTranslations("map");
  const titleOf = usePointTitle();
  const inputId = useId();
  const hintId = useId();
  const [text, setText] = useState("");
  const [query, setQuery] = useState<{ text: string; near: LatLng | null } | null>(null);
  const [picked, setPicked] = useState<string | null>(null);
  const { data, error, isLoading } = usePlaceSearch(query);
  const results = query && data ? data.results : [];

  const labelOf = (place: PlaceResult) =>
    place.kind === "town" ? t("search.town", { name: place.name, count: place.count }) : titleOf(place);
  const keyOf = (place: PlaceResult) => (place.kind === "town" ? `town:${place.name}` : `point:${place.id}`);

  let status = "";
  if (picked) status = t("search.shown", { place: picked });
  else if (isLoading) status = t("search.searching");
  else if (error) status = error.message;
  else if (query && data) {
    status =
      data.results.length === 0
        ? t("search.none", { query: query.text })
        : t("search.found", { count: data.results.length });
  }

  return (
    <div className="space-y-2">
      <form
        role="search"
        className="flex items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          setPicked(null);
          setQuery({ text, near });
        }}
      >
        <div className="min-w-0 flex-1">
          <label htmlFor={inputId} className="text-sm font-medium">
            {t("search.label")}
          </label>
          <input
            id={inputId}
            type="search"
            name="q"
            value={text}
            onChange={(event) => setText(event.target.value)}
            aria-describedby={hintId}
            aria-invalid={error?.status === 400 || undefined}
            autoComplete="off"
            className="mt-1 block min-h-10 w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-slate-600 dark:bg-slate-900"
          />
        </div>
        <button type="submit" className={buttonClasses("primary")}>
          {t("search.submit")}
        </button>
      </form>
      <p id={hintId} className="text-xs text-slate-600 dark:text-slate-300">
        {t("search.hint")}
      </p>
      <p
        role="status"
        aria-live="polite"
        className={`text-sm empty:hidden ${error ? "text-red-700 dark:text-red-300" : "text-slate-700 dark:text-slate-200"}`}
      >
        {status}
      </p>
      {results.length > 0 && (
        <ul
          aria-label={t("search.resultsLabel")}
          className="divide-y divide-slate-200 rounded-md border border-slate-200 dark:divide-slate-700 dark:border-slate-700"
        >
          {results.map((place) => (
            <li key={keyOf(place)}>
              <button
                type="button"
                aria-current={picked === labelOf(place) || undefined}
                onClick={() => {
                  setPicked(labelOf(place));
                  onPick(place);
                }}
                className="block w-full px-3 py-2 text-left text-sm hover:bg-slate-100 aria-[current=true]:bg-brand-50 dark:hover:bg-slate-800 dark:aria-[current=true]:bg-slate-800"
              >
                <span className="block font-semibold">{labelOf(place)}</span>
                {place.kind === "point" && (
                  <span className="block text-xs text-slate-600 dark:text-slate-300">
                    {[place.address, [place.postcode, place.town].filter(Boolean).join(" ")].filter(Boolean).join(", ")}
                  </span>
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
