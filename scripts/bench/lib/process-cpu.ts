// CPU time of a process group, read from /proc: `wrangler dev` and the workerd it starts (the local
// Worker, D1, the queue broker and the email stand-in all run in that workerd). A throughput ratio
// depends on when the queue's consumer gets to run; the CPU a lead costs, counted until the
// consumer is done, does not. Linux only: elsewhere the benchmark leaves the figure out.
import { readdirSync, readFileSync } from 'node:fs'

/** USER_HZ: /proc counts CPU time in these ticks on every Linux the benchmark runs on. */
const TICKS_PER_SECOND = 100

/** Milliseconds of CPU (user and system) the group's live processes have used, or null off Linux. */
export function groupCpuMs(pgid: number): number | null {
  if (process.platform !== 'linux') return null
  let ticks = 0
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    let stat: string
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
    } catch {
      continue // exited while we looked
    }
    // After 'pid (comm) ': state, ppid, pgrp, ... utime and stime are the 12th and 13th (proc(5)).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    if (Number(fields[2]) !== pgid) continue
    ticks += Number(fields[11]) + Number(fields[12])
  }
  return (ticks * 1000) / TICKS_PER_SECOND
}
