// Killing a process and everything it started: how the engines stop a cell that ran past its timeout.
import { spawnSync } from "node:child_process";
import fs from "node:fs";

/** `pid → parent pid` of every process we can see: /proc on Linux, `ps` elsewhere. */
function parentsOfAll(): Map<number, number> {
  const parents = new Map<number, number>();
  if (process.platform === "linux" && fs.existsSync("/proc/self/stat")) {
    for (const name of fs.readdirSync("/proc")) {
      if (!/^\d+$/.test(name)) continue;
      let stat: string;
      try {
        stat = fs.readFileSync(`/proc/${name}/stat`, "utf8");
      } catch {
        continue; // ended while we looked
      }
      // `pid (comm) state ppid …`; comm may hold spaces and parentheses, so read after the last `)`.
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (Number.isInteger(ppid)) parents.set(Number(name), ppid);
    }
    return parents;
  }
  const ps = spawnSync("ps", ["-A", "-o", "pid=,ppid="], { encoding: "utf8" });
  for (const line of (ps.stdout ?? "").split("\n")) {
    const [pid, ppid] = line.trim().split(/\s+/).map(Number);
    if (Number.isInteger(pid) && Number.isInteger(ppid)) parents.set(pid, ppid);
  }
  return parents;
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // already gone
  }
}

/**
 * Kills process `root` and every process descended from it with SIGKILL, whatever process group
 * or session each is in (a Jupyter kernel runs in a session of its own; servers a cell started
 * are its children). Each process found is first stopped (SIGSTOP), so that none can start
 * another while the tree is read; the tree is read again until it has no new member, then every
 * member is killed. Processes that already ended are skipped. Synchronous; POSIX only.
 */
export function killProcessTree(root: number): void {
  killTree(root, true);
}

/**
 * Kills every process descended from `root` as killProcessTree does, but not `root` itself: what
 * `mcp-course lesson` does to its kernels, runners and workers when it is told to stop.
 */
export function killDescendants(root: number): void {
  killTree(root, false);
}

function killTree(root: number, withRoot: boolean): void {
  const members = new Set<number>([root]);
  if (withRoot) signal(root, "SIGSTOP");
  for (let round = 0; round < 20; round++) {
    const parents = parentsOfAll();
    const found = [...parents]
      .filter(([pid, ppid]) => members.has(ppid) && !members.has(pid))
      .map(([pid]) => pid);
    if (found.length === 0) break;
    for (const pid of found) {
      members.add(pid);
      signal(pid, "SIGSTOP");
    }
  }
  for (const pid of members) if (withRoot || pid !== root) signal(pid, "SIGKILL");
}
