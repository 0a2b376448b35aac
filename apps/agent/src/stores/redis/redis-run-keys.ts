/**
 * Every Redis key and channel of the run store, in one place. All start with the store's
 * prefix (default `agent:`), so several deployments can share one Redis. A run's own keys
 * share the hash tag `{<runId>}`, so each script runs on one Redis Cluster slot. The
 * `runs:running` set spans runs, so it is kept outside the scripts as a superset: a run is
 * added before it is created and removed after it is final; whoever reads it checks the
 * run (`claim` only takes a running one).
 *
 * - `run:<id>` hash: `base` (the record's fixed fields as JSON), `status`, `checkpoint` (JSON),
 *   `finishedAt`, `lastEventId` (the log's counter);
 * - `run:<id>:log` stream: the events, entry id `<eventId>-0`, field `data`;
 * - `run:<id>:lease` string: the id of the node running the run, with a PX expiry;
 * - `runs:running` set: ids of runs not yet final;
 * - channel `run:<id>:appended`: the id of each new event;
 * - channel `runs:cancel`: ids of runs someone asked to stop.
 */
export interface RunKeys {
  run(runId: string): string;
  log(runId: string): string;
  lease(runId: string): string;
  readonly running: string;
  appendedChannel(runId: string): string;
  readonly cancelChannel: string;
}

/** The layout under `prefix`. */
export function runKeysUnder(prefix: string): RunKeys {
  return {
    run: (runId) => `${prefix}run:{${runId}}`,
    log: (runId) => `${prefix}run:{${runId}}:log`,
    lease: (runId) => `${prefix}run:{${runId}}:lease`,
    running: `${prefix}runs:running`,
    appendedChannel: (runId) => `${prefix}run:${runId}:appended`,
    cancelChannel: `${prefix}runs:cancel`,
  };
}
