import { describe, expect, it } from "vitest";
import { browserOrigins } from "./public-url";

const LOCAL = ["http://localhost:3000", "http://127.0.0.1:3000"] as const;
const PHONE = "https://phone-host.test:3443";

describe("browserOrigins", () => {
  it("without PUBLIC_URL or HUB_CORS_ORIGINS: the localhost origins, as before", () => {
    expect(
      browserOrigins({ configured: undefined, publicOrigin: undefined, localOrigins: LOCAL }),
    ).toEqual({ ok: true, origins: [...LOCAL] });
  });

  it("derives the localhost origins plus PUBLIC_URL's origin", () => {
    expect(
      browserOrigins({ configured: undefined, publicOrigin: PHONE, localOrigins: LOCAL }),
    ).toEqual({ ok: true, origins: [...LOCAL, PHONE] });
  });

  it("does not list PUBLIC_URL twice when it is a local origin", () => {
    expect(
      browserOrigins({ configured: undefined, publicOrigin: LOCAL[0], localOrigins: LOCAL }),
    ).toEqual({ ok: true, origins: [...LOCAL] });
  });

  it("takes HUB_CORS_ORIGINS as it is when it names PUBLIC_URL's origin", () => {
    expect(
      browserOrigins({ configured: [PHONE], publicOrigin: PHONE, localOrigins: LOCAL }),
    ).toEqual({ ok: true, origins: [PHONE] });
    expect(
      browserOrigins({
        configured: ["https://a.test"],
        publicOrigin: undefined,
        localOrigins: LOCAL,
      }),
    ).toEqual({ ok: true, origins: ["https://a.test"] });
  });

  it("refuses a HUB_CORS_ORIGINS without PUBLIC_URL's origin, naming both variables", () => {
    const result = browserOrigins({
      configured: [...LOCAL, `${PHONE}/`],
      publicOrigin: PHONE,
      localOrigins: LOCAL,
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problem).toContain("HUB_CORS_ORIGINS");
    expect(result.problem).toContain("PUBLIC_URL");
    expect(result.problem).toContain(PHONE);
  });
});
