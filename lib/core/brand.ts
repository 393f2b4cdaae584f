/** The portal's name as drivers see it: page titles and the expense pack's documents. */
export const PORTAL_NAME = "Driver Portal";
