import type { MapAttribution } from "./points";

/**
 * Licence notices (spec §1: CC BY 4.0 needs a visible credit wherever map data is shown; the OSM
 * tile policy needs "© OpenStreetMap contributors" linked to its copyright page). Pure, for both
 * the API response and the Leaflet attribution control.
 */
export const OCM_ATTRIBUTION: MapAttribution = {
  text: "© Open Charge Map contributors, CC BY 4.0",
  url: "https://openchargemap.org",
  licenceUrl: "https://creativecommons.org/licenses/by/4.0/",
};

export const OSM_COPYRIGHT_URL = "https://www.openstreetmap.org/copyright";

/** HTML for Leaflet's attribution control, which renders strings as HTML. Constant: no user input. */
export const OCM_ATTRIBUTION_HTML =
  `© <a href="${OCM_ATTRIBUTION.url}" target="_blank" rel="noopener">Open Charge Map contributors</a>, ` +
  `<a href="${OCM_ATTRIBUTION.licenceUrl}" target="_blank" rel="noopener">CC BY 4.0</a>`;

export const OSM_ATTRIBUTION_HTML = `© <a href="${OSM_COPYRIGHT_URL}" target="_blank" rel="noopener">OpenStreetMap contributors</a>`;
