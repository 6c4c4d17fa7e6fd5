// What the kernel says a process has used: CPU time from /proc/<pid>/stat, resident
// memory from /proc/<pid>/status. Read from outside so that every server, Rust or Node, is
// measured the same way.

import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const CLOCK_TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim());

/** CPU seconds (user + system) the process has used so far. */
export function cpuSeconds(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name may hold spaces and parentheses: the fields start after its last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return (utime + stime) / CLOCK_TICKS_PER_SECOND;
}

/** Resident memory of the process, in KiB. */
export function rssKb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+) kB/m.exec(status);
  return match ? Number(match[1]) : NaN;
}

/** CPU seconds this (the generator's) process has used so far. */
export function ownCpuSeconds() {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

/** A reading of a server's and the generator's CPU, to subtract from a later one. */
export function cpuMark(pid) {
  return { server: cpuSeconds(pid), client: ownCpuSeconds(), wall: performance.now() / 1000 };
}

/** CPU used and wall time passed between two marks, in seconds. */
export function cpuSince(start, pid) {
  const end = cpuMark(pid);
  return { server: end.server - start.server, client: end.client - start.client, wall: end.wall - start.wall };
}
