import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { captureLogLines } from "./capture-logger";
import { adoptCheckoutState } from "./checkout-state";
import type { CheckoutStateMove } from "./checkout-state";
import { dataPath } from "./data-directory";

let root: string;
let checkout: string;
let user: { platform: NodeJS.Platform; home: string };

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), "checkout-state-"));
  checkout = path.join(root, "repo");
  user = { platform: "linux", home: path.join(root, "home") };
  await mkdir(path.join(checkout, ".data", "hub"), { recursive: true, mode: 0o755 });
  await writeFile(path.join(checkout, ".data", "hub", "data.mdb"), "accounts", { mode: 0o644 });
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const modeOf = async (file: string) => (await stat(file)).mode & 0o777;

function move(overrides: Partial<CheckoutStateMove> = {}) {
  const captured = captureLogLines({ service: "test" });
  const outcome = adoptCheckoutState({
    entry: "hub",
    checkout,
    target: dataPath("hub", {}, user),
    logger: captured.logger,
    env: {},
    user,
    ...overrides,
  });
  return { outcome, lines: captured.lines() };
}

describe("adoptCheckoutState", () => {
  it("moves the checkout's .data entry to the default location, owner-only, and says so", async () => {
    const target = dataPath("hub", {}, user);
    const { outcome, lines } = move();
    expect(outcome).toBe("moved");
    expect(await readFile(path.join(target, "data.mdb"), "utf8")).toBe("accounts");
    await expect(stat(path.join(checkout, ".data", "hub"))).rejects.toThrow(/ENOENT/);
    expect(await modeOf(target)).toBe(0o700);
    expect(await modeOf(path.dirname(target))).toBe(0o700);
    expect(await modeOf(path.join(target, "data.mdb"))).toBe(0o600);
    expect(lines).toContainEqual(expect.objectContaining({ to: target, level: 30 }));
  });

  it("leaves .data alone when the data directory already has the entry, with a warning", async () => {
    const target = dataPath("hub", {}, user);
    await mkdir(target, { recursive: true });
    const { outcome, lines } = move();
    expect(outcome).toBe("left");
    expect(await readFile(path.join(checkout, ".data", "hub", "data.mdb"), "utf8")).toBe(
      "accounts",
    );
    expect(lines).toContainEqual(expect.objectContaining({ stateIn: target, level: 40 }));
  });

  it("never touches .data when INQUIRY_HUB_DATA_DIR or the service's own variable chose a place", async () => {
    const chosen = path.join(root, "chosen");
    expect(
      move({ env: { INQUIRY_HUB_DATA_DIR: chosen }, target: path.join(chosen, "hub") }).outcome,
    ).toBe("none");
    expect(move({ target: path.join(root, "elsewhere") }).outcome).toBe("none");
    expect(await readFile(path.join(checkout, ".data", "hub", "data.mdb"), "utf8")).toBe(
      "accounts",
    );
  });

  it("does nothing on a fresh checkout", async () => {
    await rm(path.join(checkout, ".data"), { recursive: true });
    expect(move().outcome).toBe("none");
    await expect(stat(dataPath("hub", {}, user))).rejects.toThrow(/ENOENT/);
  });
});
