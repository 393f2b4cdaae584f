import { authorizeSessionsCaller } from "@/lib/sessions/authorize";
import { createSessionExportHandler } from "@/lib/sessions/route-handlers";

const exportOne = createSessionExportHandler({ authorize: authorizeSessionsCaller });

/** GET /api/sessions/{id}/export → one own session as CSV; 404 for any session that is not the driver's. */
export async function GET(request: Request, context: { params: Promise<{ id: string }> }): Promise<Response> {
  const { id } = await context.params;
  return exportOne(request, id);
}
