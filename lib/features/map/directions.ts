/**
 * A directions link per charge point (issue 36): a `geo:` URI (RFC 5870) with Android's `q=lat,lng(label)`, which
 * the phone's own map app opens with the place marked; no third-party service is asked anything. Pure.
 */
export function directionsUri(point: { lat: number; lng: number }, label: string): string {
  const at = `${point.lat.toFixed(6)},${point.lng.toFixed(6)}`;
  // The label sits in parentheses: its own parentheses would end it early.
  const name = label.replace(/[()]/g, " ").replace(/\s+/g, " ").trim();
  return `geo:${at}?q=${at}${name ? `(${encodeURIComponent(name)})` : ""}`;
}
