import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP } from "node:net";
import type { LookupFunction } from "node:net";
import type { WebhookPoster, WebhookPostResult } from "../../core/webhook-ports";
import { bareHostname, PrivateAddressError, publicAddresses } from "./webhook-address-guard";

/** A receiver that does not answer within this long counts as a failed try. */
const REQUEST_TIMEOUT_MS = 10_000;

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
 * Posts JSON with node:http(s). Redirects are not followed (a webhook that redirects is
 * misconfigured, and following would let a receiver bounce the hub elsewhere). Unless
 * `allowPrivate`, every connection goes only to public addresses (see webhook-address-guard),
 * checked when connecting, so a URL accepted at config time cannot later be pointed inward.
 * Error texts never include the URL, which for Slack and Discord is itself a secret.
 */
export function createHttpWebhookPoster(options: { allowPrivate: boolean }): WebhookPoster {
  return {
    async post(url, body) {
      const target = new URL(url);
      const hostname = bareHostname(target);
      try {
        if (!options.allowPrivate && isIP(hostname) !== 0) await publicAddresses(hostname);
      } catch (error) {
        return refusal(error);
      }
      const payload = Buffer.from(JSON.stringify(body));
      const signal = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
      const request = target.protocol === "https:" ? httpsRequest : httpRequest;
      return new Promise<WebhookPostResult>((resolve) => {
        const outgoing = request(
          target,
          {
            method: "POST",
            headers: { "content-type": "application/json", "content-length": payload.length },
            agent: false,
            signal,
            ...(options.allowPrivate ? {} : { lookup: publicOnlyLookup }),
          },
          (response) => {
            response.on("error", () => undefined);
            response.resume();
            const status = response.statusCode ?? 0;
            resolve(
              status >= 200 && status < 300
                ? { ok: true, httpStatus: status }
                : { ok: false, httpStatus: status, error: `receiver answered ${status}` },
            );
          },
        );
        outgoing.on("error", (error) =>
          resolve(
            signal.aborted
              ? { ok: false, error: "receiver did not answer in time" }
              : refusal(error),
          ),
        );
        outgoing.end(payload);
      });
    },
  };
}

/** A refused address is permanent; anything else is the receiver being unreachable. */
function refusal(error: unknown): WebhookPostResult {
  return error instanceof PrivateAddressError
    ? { ok: false, permanent: true, error: "receiver address is not allowed (private network)" }
    : { ok: false, error: "receiver unreachable" };
}
