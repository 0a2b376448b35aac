import { request as httpRequest } from "node:http";
import type { OutgoingHttpHeaders } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP } from "node:net";
import type { LookupFunction } from "node:net";
import { bareHostname, PrivateAddressError, publicAddresses } from "./public-address-guard";

/** How a guarded request went; the answer's body is never read. */
export type GuardedResponse =
  | { kind: "answered"; status: number }
  /** The target is, or resolved to, a non-public address: nothing was sent. */
  | { kind: "refused" }
  | { kind: "unreachable" }
  | { kind: "timed-out" };

/**
 * Resolves like the default lookup but through `publicAddresses`, so the address checked is
 * the address connected to: no window for a DNS answer that changes between the check and
 * the connection (DNS rebinding).
 */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  publicAddresses(hostname).then(
    (addresses) => {
      if (options.all === true) return callback(null, addresses);
      const wanted = options.family === 4 || options.family === 6 ? options.family : undefined;
      const chosen = addresses.find((each) => wanted === undefined || each.family === wanted);
      if (chosen === undefined) return callback(new PrivateAddressError(hostname), "");
      callback(null, chosen.address, chosen.family);
    },
    (error: NodeJS.ErrnoException) => callback(error, ""),
  );
};

/**
 * One POST with node:http(s) to a URL a user chose (a webhook, a push endpoint). Redirects
 * are not followed: node's client never does, so a receiver cannot bounce the hub elsewhere.
 * Unless `allowPrivate`, the connection goes only to public addresses (public-address-guard),
 * checked on the address actually connected to; IP literals, which skip the lookup, are
 * checked before connecting.
 */
export async function sendGuardedPost(
  target: URL,
  init: { headers: OutgoingHttpHeaders; body: Buffer; allowPrivate: boolean; timeoutMs: number },
): Promise<GuardedResponse> {
  const hostname = bareHostname(target);
  if (!init.allowPrivate && isIP(hostname) !== 0) {
    try {
      await publicAddresses(hostname);
    } catch {
      return { kind: "refused" };
    }
  }
  const signal = AbortSignal.timeout(init.timeoutMs);
  const request = target.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise<GuardedResponse>((resolve) => {
    const outgoing = request(
      target,
      {
        method: "POST",
        headers: { ...init.headers, "content-length": init.body.length },
        agent: false,
        signal,
        ...(init.allowPrivate ? {} : { lookup: publicOnlyLookup }),
      },
      (response) => {
        response.on("error", () => undefined);
        response.resume();
        resolve({ kind: "answered", status: response.statusCode ?? 0 });
      },
    );
    outgoing.on("error", (error) =>
      resolve(
        signal.aborted
          ? { kind: "timed-out" }
          : error instanceof PrivateAddressError
            ? { kind: "refused" }
            : { kind: "unreachable" },
      ),
    );
    outgoing.end(init.body);
  });
}
