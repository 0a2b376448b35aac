import { constants } from "node:fs";
import { lstat, mkdir, realpath } from "node:fs/promises";
import path from "node:path";

/** Why a path was refused; the message is shown to the model as is. */
export class SandboxPathError extends Error {
  override readonly name = "SandboxPathError";
}

function isInside(root: string, candidate: string): boolean {
  const relative = path.relative(root, candidate);
  return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative));
}

async function deepestExisting(target: string): Promise<string> {
  let current = target;
  for (;;) {
    try {
      await lstat(current);
      return current;
    } catch {
      const parent = path.dirname(current);
      if (parent === current) return current;
      current = parent;
    }
  }
}

/**
 * Resolves a caller-supplied relative path to an absolute file path inside `sandboxDir`,
 * creating missing parent folders. Refuses absolute paths, `..` escapes and folders that are
 * symlinks leading outside, so a model can never write anywhere but the sandbox.
 */
export async function resolveSandboxFile(sandboxDir: string, requested: string): Promise<string> {
  if (path.isAbsolute(requested) || /^[a-zA-Z]:[\\/]/.test(requested)) {
    throw new SandboxPathError(
      `Refused: "${requested}" is an absolute path; give a path relative to the sandbox.`,
    );
  }
  // Owner-only when this creates it: what an agent writes there is the person's, not the OS's.
  await mkdir(sandboxDir, { recursive: true, mode: 0o700 });
  const realSandbox = await realpath(sandboxDir);
  const target = path.resolve(realSandbox, requested);
  if (!isInside(realSandbox, target) || target === realSandbox) {
    throw new SandboxPathError(`Refused: "${requested}" points outside the sandbox folder.`);
  }
  const parent = path.dirname(target);
  const existingAncestor = await realpath(await deepestExisting(parent));
  if (!isInside(realSandbox, existingAncestor)) {
    throw new SandboxPathError(
      `Refused: "${requested}" goes through a symlink that leaves the sandbox.`,
    );
  }
  await mkdir(parent, { recursive: true });
  if (!isInside(realSandbox, await realpath(parent))) {
    throw new SandboxPathError(
      `Refused: "${requested}" goes through a symlink that leaves the sandbox.`,
    );
  }
  const existing = await lstat(target).catch(() => undefined);
  if (existing?.isSymbolicLink()) {
    throw new SandboxPathError(
      `Refused: "${requested}" is a symlink; write_file never follows symlinks.`,
    );
  }
  if (existing?.isDirectory()) {
    throw new SandboxPathError(`Refused: "${requested}" is a folder, not a file.`);
  }
  return target;
}

/** Open flags for writing that refuse to follow a symlink swapped in at the last moment. */
export const WRITE_NO_FOLLOW_FLAGS =
  constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NOFOLLOW;
