// Small process helpers for the bench: async command runs (never execSync) and extension-host memory from /proc.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** Runs a command to completion; rejects with the tail of its output when it fails. */
export function run(cmd, args, options = {}) {
  const { echo, ...spawnOptions } = options;
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { ...spawnOptions, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const onData = (c) => {
      out += c.toString('utf8');
      if (echo) process.stdout.write(c);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${cmd} ${args.join(' ')} exited with ${code}\n${out.trim().split('\n').slice(-20).join('\n')}`)),
    );
  });
}

/** Processes of a process group (Linux /proc): pid, command line and resident memory in bytes. */
export function groupProcesses(pgid) {
  const out = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // Fields after the command name (which may contain spaces) start after the last ')'.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) !== pgid) continue;
      const cmdline = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0').join(' ');
      const rssPages = Number(fields[21]);
      out.push({ pid: Number(name), cmdline, rss: rssPages * 4096, start: Number(fields[19]) });
    } catch {
      // the process ended while we were reading
    }
  }
  return out;
}

/** The extension host processes of a code-server group, newest last. */
export function extensionHosts(pgid) {
  return groupProcesses(pgid)
    .filter((p) => p.cmdline.includes('--type=extensionHost'))
    .sort((a, b) => a.start - b.start);
}

/** Resident memory of one process, in bytes (null when it is gone). */
export function rssOf(pid) {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/**
 * The process group of a code-server started by the harness (its CodeServer object does not expose the group id):
 * the group leader is the process whose command line names the instance's user-data folder.
 */
export function codeServerGroup(userDataDir) {
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const cmdline = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0');
      if (!cmdline.includes(userDataDir) || !cmdline.includes('--bind-addr')) continue;
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
    } catch {
      // gone meanwhile
    }
  }
  return undefined;
}
