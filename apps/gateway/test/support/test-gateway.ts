import { request as httpsRequest } from "node:https";
import type { RequestOptions } from "node:https";
import { createGateway } from "../../src/index";
import type { ConnectionLimits, Gateway, LanCertificate } from "../../src/index";

/** Limits no test reaches unless it means to. */
const ROOMY_LIMITS: ConnectionLimits = {
  firstRequestTimeoutMs: 10_000,
  maxConnectionsPerAddress: 32,
};

/** Where a test gateway forwards; by default to a port nothing listens on. */
export interface TestGatewayTargets {
  webUrl?: string;
  hubUrl?: string;
  limits?: ConnectionLimits;
}

/** A gateway on a free loopback port, serving `certificate`. */
export function startTestGateway(
  certificate: LanCertificate,
  {
    webUrl = "http://127.0.0.1:1",
    hubUrl = "http://127.0.0.1:1",
    limits = ROOMY_LIMITS,
  }: TestGatewayTargets = {},
): Promise<Gateway> {
  return createGateway({
    webUrl,
    hubUrl,
    cert: certificate.cert,
    key: certificate.key,
    authority: certificate.authority,
    limits,
    host: "127.0.0.1",
    port: 0,
  });
}

/**
 * An HTTPS GET of `url`, its TLS checked as `options` say (a test verifies the gateway's
 * certificate against its authority, `ca`, unless it means to download that authority).
 */
export function httpsGet(
  url: string,
  options: RequestOptions,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = httpsRequest(url, options, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }),
      );
    });
    outgoing.on("error", reject);
    outgoing.end();
  });
}
