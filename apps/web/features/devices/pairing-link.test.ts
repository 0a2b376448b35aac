import { describe, expect, it } from "vitest";
import { pairingLink, pairingLinkReach } from "./pairing-link";

describe("pairingLink", () => {
  it("names PUBLIC_URL's origin even when the desktop is on localhost", () => {
    expect(
      pairingLink("K7Q2", {
        publicOrigin: "https://phone-host.test:3443",
        pageOrigin: "http://localhost:3000",
      }),
    ).toBe("https://phone-host.test:3443/pair?code=K7Q2");
  });

  it("without PUBLIC_URL, names the page's own origin", () => {
    expect(
      pairingLink("K7Q2", { publicOrigin: undefined, pageOrigin: "http://localhost:3000" }),
    ).toBe("http://localhost:3000/pair?code=K7Q2");
  });

  it("encodes the code", () => {
    expect(pairingLink("a b&c", { publicOrigin: undefined, pageOrigin: "http://h" })).toBe(
      "http://h/pair?code=a%20b%26c",
    );
  });
});

describe("pairingLinkReach", () => {
  it("tells a link a phone cannot open from one through the LAN front door", () => {
    expect(pairingLinkReach("http://localhost:3000/pair?code=K")).toBe("loopback");
    expect(pairingLinkReach("http://127.0.0.1:3000/pair?code=K")).toBe("loopback");
    expect(pairingLinkReach("http://[::1]:3000/pair?code=K")).toBe("loopback");
    expect(pairingLinkReach("https://192.168.1.20:3443/pair?code=K")).toBe("https");
    expect(pairingLinkReach("http://192.168.1.20:3000/pair?code=K")).toBe("other");
    expect(pairingLinkReach("http://127.0.0.1:3000")).toBe("loopback");
  });
});
