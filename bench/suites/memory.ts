import { setTimeout as sleep } from "node:timers/promises";
import { startDevicePool } from "../lib/device-pool";
import { createBenchUsers, hubDeviceSpecs } from "../lib/hub-client";
import { rssBytes } from "../lib/proc-stats";
import { startBaseline, startHub } from "../lib/servers";
import type { ServerProcess } from "../lib/servers";
import { stop } from "../lib/processes";

/** Devices per user in the memory run: enough users to be realistic, few scrypt registrations. */
const DEVICES_PER_USER = 100;
/** Time for the server to finish handshakes and for allocations to settle before reading RSS. */
const SETTLE_MS = 2_000;

/** RSS growth of a server between "ready, nothing connected" and "all devices connected". */
export interface MemorySide {
  rssBeforeBytes: number;
  rssAfterBytes: number;
  bytesPerDevice: number;
}

export interface MemoryResult {
  devices: number;
  hub: MemorySide;
  baseline: MemorySide;
}

async function measure(
  server: ServerProcess,
  specs: Parameters<typeof startDevicePool>[0],
): Promise<MemorySide> {
  await sleep(SETTLE_MS);
  const rssBeforeBytes = rssBytes(server.pid);
  const pool = await startDevicePool(specs, "report", 2);
  try {
    await sleep(SETTLE_MS);
    const rssAfterBytes = rssBytes(server.pid);
    return {
      rssBeforeBytes,
      rssAfterBytes,
      bytesPerDevice: (rssAfterBytes - rssBeforeBytes) / specs.length,
    };
  } finally {
    await pool.close();
  }
}

/**
 * RSS per connected device on fresh server processes (so earlier suites' garbage is not
 * counted). The hub's devices are registered before the "before" reading, so what is measured
 * is the cost of a live connection (socket, rooms, presence), not of the device records.
 */
export async function runMemory(devices: number): Promise<MemoryResult> {
  console.log(`memory: ${devices} connected devices`);
  const hub = await startHub({ name: "hub (memory)" });
  let hubSide: MemorySide;
  try {
    const users = await createBenchUsers(
      hub.url,
      Math.ceil(devices / DEVICES_PER_USER),
      DEVICES_PER_USER,
    );
    hubSide = await measure(hub, hubDeviceSpecs(users, [hub.url]).slice(0, devices));
  } finally {
    await stop(hub.child);
  }
  const baseline = await startBaseline();
  try {
    const specs = Array.from({ length: devices }, (_, index) => ({
      url: baseline.url.origin,
      auth: { room: `room-${Math.floor(index / DEVICES_PER_USER)}` },
      userId: `room-${Math.floor(index / DEVICES_PER_USER)}`,
    }));
    return { devices, hub: hubSide, baseline: await measure(baseline, specs) };
  } finally {
    await stop(baseline.child);
  }
}
