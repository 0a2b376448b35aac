import { startHub } from "/work/main/bench/lib/servers";
import { stop, stopAll } from "/work/main/bench/lib/processes";
import { runThroughput } from "/work/main/bench/suites/throughput";
const users = Number(process.argv[2] ?? 100);
const seconds = Number(process.argv[3] ?? 5);
const prof = process.argv[4];
const flags = prof ? ["--cpu-prof", "--cpu-prof-dir", `/tmp/tp/prof/${prof}`] : [];
async function main(): Promise<void> {
const hub = await startHub({ nodeFlags: flags });
try {
  const r = await runThroughput(users, seconds, [hub]);
  console.log(JSON.stringify(r));
} finally {
  await stop(hub.child);
  await stopAll();
}
}
void main();
