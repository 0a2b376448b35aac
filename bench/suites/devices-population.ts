import { startDevicePool } from "../lib/device-pool";
import type { DevicePool } from "../lib/device-pool";
import { createBenchUser, createBenchUsers, hubDeviceSpecs } from "../lib/hub-client";
import type { BenchUser } from "../lib/hub-client";
import { openFileLimit, openFiles } from "../lib/proc-stats";

/** The probed person's devices: the "one person's 3 devices". */
export const PROBE_DEVICES = 3;
/**
 * Background users, 3 devices each, whose agents carry the ~200 cycles/s. One call at a time
 * per user, so 40 lets a cycle take up to 200 ms before the rate cannot be kept.
 */
export const LOAD_USERS = 40;
export const LOAD_DEVICES_PER_USER = 3;
/**
 * The connected crowd is registered 10 devices to a user: each registration costs the hub a
 * scrypt hash (~50 ms of CPU) while an extra device is a cheap pairing, and a user's room size
 * does not change what one connection costs.
 */
export const IDLE_DEVICES_PER_USER = 10;
/** Sockets per idle-device worker process: thousands each, several processes at 20,000. */
const DEVICES_PER_WORKER = 5_000;
/** Users registered per progress line, so a long setup shows it is moving. */
const REGISTER_CHUNK_USERS = 250;
/**
 * Descriptors the hub needs beyond one per device: the agents' MCP connections (a held POST
 * and possibly a GET stream per client), the probe's, and the bench's own requests.
 */
export const FILE_HEADROOM = LOAD_USERS * 3 + 64;

/** Who is connected, and how the crowd is spread over processes. */
export interface DevicesLayout {
  probeDevices: number;
  loadUsers: number;
  loadDevicesPerUser: number;
  idleDevices: number;
  idleDevicesPerUser: number;
  idleWorkers: number;
}

/** The registered accounts of one devices run. */
export interface Population {
  layout: DevicesLayout;
  probe: BenchUser;
  load: BenchUser[];
  idle: BenchUser[];
}

/** The smallest run: the probed person, the background users and at least one idle device. */
export const MIN_DEVICES = PROBE_DEVICES + LOAD_USERS * LOAD_DEVICES_PER_USER + 1;

/**
 * Why `devices` sockets cannot fit under the hub process's open-file limit, or undefined when
 * they fit. Every connected device is one descriptor in the hub (and one in a device worker,
 * which holds at most DEVICES_PER_WORKER), so the hub's own RLIMIT_NOFILE is what caps a node.
 */
export function fileLimitShortfall(hubPid: number, devices: number): string | undefined {
  const { soft, hard } = openFileLimit(hubPid);
  const open = openFiles(hubPid);
  const needed = open + devices + FILE_HEADROOM;
  if (needed <= soft) return undefined;
  return (
    `the hub process may open ${soft} files (RLIMIT_NOFILE, hard limit ${hard}, which node ` +
    `raises its soft limit to); it holds ${open}, and ${devices} devices plus ${FILE_HEADROOM} ` +
    `for the agents' connections need ${needed}. Run the bench from a shell with a higher ` +
    "limit (`ulimit -n 65536` first; above the hard limit that needs CAP_SYS_RESOURCE, in " +
    "Docker `--ulimit nofile=65536`) " +
    `or pass --devices ${Math.max(0, soft - open - FILE_HEADROOM)} or fewer`
  );
}

/** Registers the probed person, the background users and the idle crowd on `hubUrl`. */
export async function registerPopulation(hubUrl: URL, devices: number): Promise<Population> {
  if (devices < MIN_DEVICES) throw new Error(`devices: at least ${MIN_DEVICES} devices`);
  const idleDevices = devices - PROBE_DEVICES - LOAD_USERS * LOAD_DEVICES_PER_USER;
  const probe = await createBenchUser(hubUrl, PROBE_DEVICES);
  const load = await createBenchUsers(hubUrl, LOAD_USERS, LOAD_DEVICES_PER_USER);
  const idle: BenchUser[] = [];
  const idleUsers = Math.ceil(idleDevices / IDLE_DEVICES_PER_USER);
  while (idle.length < idleUsers) {
    const chunk = Math.min(REGISTER_CHUNK_USERS, idleUsers - idle.length);
    idle.push(...(await createBenchUsers(hubUrl, chunk, IDLE_DEVICES_PER_USER)));
    console.log(`devices: registered ${idle.length} of ${idleUsers} idle users`);
  }
  // The last user's surplus devices stay registered but never connect.
  const layout: DevicesLayout = {
    probeDevices: PROBE_DEVICES,
    loadUsers: LOAD_USERS,
    loadDevicesPerUser: LOAD_DEVICES_PER_USER,
    idleDevices,
    idleDevicesPerUser: IDLE_DEVICES_PER_USER,
    idleWorkers: Math.max(2, Math.ceil(idleDevices / DEVICES_PER_WORKER)),
  };
  return { layout, probe, load, idle };
}

/** The population's device pools, connected: idle crowd, background users, probed person. */
export interface ConnectedPopulation {
  idle: DevicePool;
  load: DevicePool;
  probe: DevicePool;
  all: DevicePool[];
}

/**
 * Connects every device of `population` to `hubUrl` from worker processes: the crowd over
 * `layout.idleWorkers` processes (`idle` mode: any inquiry reaching them is stray), the
 * background users' devices in one auto-answering worker, the probed person's 3 in a worker of
 * their own that reports when all 3 have an event. Pools already connected are closed when a
 * later one fails.
 */
export async function connectPopulation(
  hubUrl: URL,
  population: Population,
): Promise<ConnectedPopulation> {
  const all: DevicePool[] = [];
  try {
    const idleSpecs = hubDeviceSpecs(population.idle, [hubUrl]).slice(
      0,
      population.layout.idleDevices,
    );
    const idle = await startDevicePool(idleSpecs, "idle", population.layout.idleWorkers);
    all.push(idle);
    const load = await startDevicePool(hubDeviceSpecs(population.load, [hubUrl]), "auto-answer", 1);
    all.push(load);
    const probe = await startDevicePool(hubDeviceSpecs([population.probe], [hubUrl]), "report", 1);
    all.push(probe);
    return { idle, load, probe, all };
  } catch (error) {
    await Promise.allSettled(all.map((pool) => pool.close()));
    throw error;
  }
}
