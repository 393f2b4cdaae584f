import { getMapService } from "@/lib/map";
import { canViewMap } from "@/lib/map/access";
import { createOwnLocationHandler } from "@/lib/map/route-handlers";

const handler = createOwnLocationHandler({ getService: getMapService, canView: canViewMap });

/** GET /api/map/locations/{id} → `{location: OwnLocation}` with evses and connectors (the second map layer's detail). */
export async function GET(request: Request, context: { params: Promise<{ id: string }> }): Promise<Response> {
  const { id } = await context.params;
  return handler(request, id);
}
