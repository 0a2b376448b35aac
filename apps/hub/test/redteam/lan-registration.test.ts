import { afterEach, describe, expect, it } from "vitest";
import { ApiErrorBodySchema } from "@inquiry-hub/protocol";
import { loadConfig } from "../../src/config/env";
import { createEmbeddedInfra } from "../../src/composition/stores/embedded-infra";
import type { HubOverrides } from "../../src/index";
import { startTestHub } from "../helpers";
import type { TestHub } from "../helpers";
import { createTempDataDir } from "../support/temp-embedded-database";
import { REDTEAM_SIZES } from "./scale";

/** The hub's environment as `npm start -- --lan` sets it (scripts/start.ts). */
const LAN_MODE_ENV = {
  PUBLIC_URL: "https://192.168.1.20:3443",
  HUB_REGISTRATION: "first-account",
};
const PASSWORD = "correct horse battery";

/** One store a LAN hub may run on, and how to release it. */
interface StoreUnderTest {
  deps: HubOverrides;
  close(): Promise<void>;
}

const STORES: Record<string, () => StoreUnderTest> = {
  memory: () => ({ deps: {}, close: () => Promise.resolve() }),
  embedded: () => {
    const folder = createTempDataDir("lan-registration");
    const embedded = createEmbeddedInfra({ dir: folder.dir, historyTtlSeconds: 3600 });
    return {
      deps: embedded,
      async close() {
        await embedded.close();
        folder.remove();
      },
    };
  },
};

/** Status and body of a POST of `username` + `password` to `path`, as anyone on the Wi-Fi sends it. */
async function post(hub: TestHub, path: string, username: string, password = PASSWORD) {
  const response = await hub.request(path, { body: { username, password } });
  const body: unknown = await response.json();
  return { status: response.status, body };
}

describe.each(Object.keys(STORES))("red team: registration on a LAN hub (%s store)", (name) => {
  let hub: TestHub | undefined;
  let store: StoreUnderTest | undefined;
  afterEach(async () => {
    await hub?.close();
    await store?.close();
    hub = store = undefined;
  });

  async function startLanHub(): Promise<TestHub> {
    store = STORES[name]?.();
    if (store === undefined) throw new Error(`no store ${name}`);
    hub = await startTestHub({ registration: loadConfig(LAN_MODE_ENV).registration }, store.deps);
    return hub;
  }

  it("lets exactly one of racing first registrations in", async () => {
    const lan = await startLanHub();
    const racers = Array.from({ length: REDTEAM_SIZES.repeats + 2 }, (_, i) => `racer${i}`);
    const statuses = await Promise.all(
      racers.map(async (username) => (await post(lan, "/api/auth/register", username)).status),
    );
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status !== 201).every((status) => status === 403)).toBe(
      true,
    );
  });

  it("closes registration after the owner's account and never tells which names exist", async () => {
    const lan = await startLanHub();
    expect((await post(lan, "/api/auth/register", "owner")).status).toBe(201);

    const newcomer = await post(lan, "/api/auth/register", "newcomer");
    const takenName = await post(lan, "/api/auth/register", "OWNER");
    expect(newcomer.status).toBe(403);
    expect(takenName).toEqual(newcomer);
    expect(ApiErrorBodySchema.parse(newcomer.body).error.message).not.toMatch(/taken|exists/i);

    const unknownUser = await post(lan, "/api/auth/login", "newcomer", "wrong password");
    const wrongPassword = await post(lan, "/api/auth/login", "owner", "wrong password");
    expect(unknownUser.status).toBe(401);
    expect(wrongPassword).toEqual(unknownUser);

    expect((await post(lan, "/api/auth/login", "owner")).status).toBe(200);
    expect((await post(lan, "/api/auth/login", "newcomer")).status).toBe(401);
  });
});
