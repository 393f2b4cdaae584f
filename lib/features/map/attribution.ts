import type { MapAttribution } from "./points";

/** Licence notices: CC BY 4.0 credit for map data, and "© OpenStreetMap contributors" linked, per OSM tile policy. */
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
