/** Process figures from /proc (Linux) shared by the benchmarks. */
import { readFileSync } from 'node:fs';

/** CPU seconds (user + system) of a process, from /proc; null elsewhere or when the process is gone. */
export function cpuSeconds(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}
