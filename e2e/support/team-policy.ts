import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { expect } from "@playwright/test";
import type { Page } from "@playwright/test";
import { uniqueUsername } from "./accounts";
import { callHubApi, sessionToken } from "./channels";
import type { ProductProcesses } from "./product-processes";

/** A JSON call to a product's hub that must answer `status`; its body. */
async function hubJson(
  product: ProductProcesses,
  route: string,
  init: { token?: string; body?: unknown },
  status: number,
): Promise<unknown> {
  const response = await callHubApi(route, { ...init, hubUrl: product.hubUrl });
  expect(response.status, `${route}: ${await response.clone().text()}`).toBe(status);
  return response.json();
}

/**
 * Makes a team of `owner` with `approver` as its approver and gates the demo upstream's
 * INSERTs on it (one vote decides), as an operator would: the policy names the team by id, so
 * the proxy config of `product` (in `dir`) is rewritten and its hub restarted.
 */
export async function gateInsertsOnTeam(
  product: ProductProcesses,
  dir: string,
  owner: Page,
  approver: Page,
): Promise<void> {
  const ownerToken = await sessionToken(owner.context());
  const team = (await hubJson(
    product,
    "/api/teams",
    { token: ownerToken, body: { name: uniqueUsername("ops") } },
    201,
  )) as { id: string };
  const { code } = (await hubJson(
    product,
    `/api/teams/${team.id}/invitations`,
    { token: ownerToken, body: { role: "approver" } },
    201,
  )) as { code: string };
  await hubJson(
    product,
    "/api/teams/invitations/claim",
    { token: await sessionToken(approver.context()), body: { code } },
    200,
  );
  const file = path.join(dir, "proxy.json");
  const config = JSON.parse(await readFile(file, "utf8")) as {
    upstreams: { demo: { tools: Record<string, unknown> } };
  };
  config.upstreams.demo.tools.execute_sql = {
    description: "Run this SQL on the notes table: {args.query}",
    when: [{ arg: "query", sql: ["insert"] }],
    approvers: { team_id: team.id },
  };
  await writeFile(file, JSON.stringify(config, null, 2));
  await product.stop("hub");
  await product.start("hub");
}
