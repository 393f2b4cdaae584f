/**
 * Moves of the map that the page starts itself (recentre on the driver, show a point picked in the
 * list) must not count as the user panning, which would fetch points for the new view.
 */

// Animated moves the page starts end within this; their moveend is ignored.
export const PROGRAMMATIC_MOVE_MS = 1500;

/** Until when (epoch ms) map moves are the page's own, not the user's. */
export type Programmatic = { current: number };
