/**
 * The request header the middleware sets to the path of every request it lets through (layouts
 * cannot read the path otherwise). Free of server-only imports: the middleware imports it.
 */
export const PATHNAME_HEADER = "x-portal-pathname";
