import { relayListedRoute } from "@/lib/server/hub-relay";

export const dynamic = "force-dynamic";

/**
 * Every `/api/…` path no route file of its own answers: the allow-listed plain hub routes
 * (lib/server/hub-relay-routes.ts) relayed to the hub with the session's token, 404 for any
 * other path and 405 for a method its route does not allow, in the `{error}` shape. Each
 * method is exported, so a wrong one gets that JSON 405 rather than Next's empty one.
 */
interface Context {
  params: Promise<{ path: string[] }>;
}

export async function GET(request: Request, context: Context): Promise<Response> {
  return relayListedRoute(request, "GET", await context.params);
}

export async function POST(request: Request, context: Context): Promise<Response> {
  return relayListedRoute(request, "POST", await context.params);
}

export async function PUT(request: Request, context: Context): Promise<Response> {
  return relayListedRoute(request, "PUT", await context.params);
}

export async function PATCH(request: Request, context: Context): Promise<Response> {
  return relayListedRoute(request, "PATCH", await context.params);
}

export async function DELETE(request: Request, context: Context): Promise<Response> {
  return relayListedRoute(request, "DELETE", await context.params);
}
