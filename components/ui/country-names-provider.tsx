"use client";
import { createContext, useContext, useMemo } from "react";
import { COUNTRY_OPTIONS, type CountryOption } from "@/lib/core/countries";

const CountryNamesContext = createContext<readonly CountryOption[] | null>(null);

/**
 * The country names of the page's language as the server made them ("NL Nederland" a line, in its order), so the
 * browser shows the same names as the server's HTML: its own ICU names some countries differently (hydration).
 */
export function CountryNamesProvider({ lines, children }: { lines: string; children: React.ReactNode }) {
  const options = useMemo(
    () => Object.freeze(lines.split("\n").map((line) => ({ value: line.slice(0, 2), label: line.slice(3) }))),
    [lines],
  );
  return <CountryNamesContext.Provider value={options}>{children}</CountryNamesContext.Provider>;
}

/** The country options of the page's language: the server's names where a provider gives them, else English. */
export function useCountryOptions(): readonly CountryOption[] {
  return useContext(CountryNamesContext) ?? COUNTRY_OPTIONS;
}
