/** The oldest Node the conformance CLI runs on. */
const REQUIRED_MAJOR = 22;

/** The Node running this script, as `process` describes it. */
export interface RunningNode {
  /** `v24.21.0` */
  version: string;
  execPath: string;
}

/**
 * The Node binary the conformance CLI runs on: the one running this script, which under every
 * npm script is the repository's own Node 24 (the root devDependency `node`, whose bin npm puts
 * first on PATH). The CLI needs Node ≥ 22; an older Node (`tsx src/run-conformance.ts` from a
 * shell whose `node` is older) fails here, naming both versions, instead of inside the CLI.
 */
export function conformanceNode(running: RunningNode = process): string {
  const major = Number(/^v(\d+)\./.exec(running.version)?.[1]);
  if (!(major >= REQUIRED_MAJOR))
    throw new Error(
      `the conformance runner needs Node ≥ ${REQUIRED_MAJOR}; this is ${running.version} (run it with npm test, which uses the repository's Node)`,
    );
  return running.execPath;
}
