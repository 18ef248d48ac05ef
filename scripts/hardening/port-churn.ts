// `npm run stress:ports -- [options] [--] <command...>`: runs a command beside what a busy shared machine does to
// loopback ports and to the processor, and exits with the command's status. Thousands of listeners on port 0 (the
// kernel's ephemeral range, the one every outgoing connection draws from) each held a random 0.5 to 2 s, then closed
// and replaced; and processes that keep cores busy. A test suite that borrows a port and binds it later fails here.
// Only loopback ports of this machine are used; it stops with the command, or after --seconds at the latest.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { parseArgs } from 'node:util';

const OPTIONS = ['--listeners', '--min-hold-ms', '--max-hold-ms', '--busy-cores', '--seconds'];

/** Its own options first (`--name value`), then the command: after a `--`, or from the first word that is not an option. */
function splitArgs(argv: string[]): { own: string[]; command: string[] } {
  let i = 0;
  while (i < argv.length && OPTIONS.includes(argv[i].split('=')[0])) i += argv[i].includes('=') ? 1 : 2;
  return { own: argv.slice(0, i), command: argv[i] === '--' ? argv.slice(i + 1) : argv.slice(i) };
}

const { own, command } = splitArgs(process.argv.slice(2));
const { values } = parseArgs({
  args: own,
  options: {
    listeners: { type: 'string', default: '3000' },
    'min-hold-ms': { type: 'string', default: '500' },
    'max-hold-ms': { type: 'string', default: '2000' },
    'busy-cores': { type: 'string', default: '1' },
    seconds: { type: 'string', default: '5400' },
  },
});

const listeners = Number(values.listeners);
const [minHold, maxHold] = [Number(values['min-hold-ms']), Number(values['max-hold-ms'])];
const busyCores = Number(values['busy-cores']);
const seconds = Number(values.seconds);
if (command.length === 0) {
  process.stderr.write('usage: npm run stress:ports -- [--listeners N] [--busy-cores N] [--seconds N] [--] <command...>\n');
  process.exit(2);
}

let stopping = false;
let bound = 0;
let failed = 0;
const open = new Set<net.Server>();

/** One listener on port 0, held a while, closed, and replaced by another. */
function churn() {
  if (stopping) return;
  const server = net.createServer((socket) => socket.destroy());
  server.once('error', () => {
    failed++;
    setTimeout(churn, 100);
  });
  server.listen(0, '127.0.0.1', () => {
    bound++;
    open.add(server);
    setTimeout(() => {
      open.delete(server);
      server.close(() => churn());
    }, minHold + Math.random() * (maxHold - minHold));
  });
}

/** Each spins one core until killed. */
const spinners: ChildProcess[] = Array.from({ length: busyCores }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));

// Started over the first second, so that the releases spread out instead of coming in one wave.
for (let i = 0; i < listeners; i++) setTimeout(churn, (i / listeners) * 1000);

const report = setInterval(() => {
  process.stderr.write(`[stress:ports] ${open.size} listeners open, ${bound} ports bound and released so far, ${failed} binds failed\n`);
}, 60_000);

function stop(code: number) {
  if (stopping) return;
  stopping = true;
  clearInterval(report);
  for (const spinner of spinners) spinner.kill('SIGKILL');
  for (const server of open) server.close();
  process.stderr.write(`[stress:ports] stopped: ${bound} ports bound and released, ${busyCores} core(s) kept busy; the command exited ${code}\n`);
  process.exit(code);
}

// In a process group of its own, so that a stop reaches what the command started (npm's vitest and its servers),
// not only the command itself.
const child = spawn(command[0], command.slice(1), { stdio: 'inherit', detached: true });
const signalCommand = (signal: NodeJS.Signals) => {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // The group is gone already.
  }
};
child.once('exit', (code, signal) => {
  signalCommand('SIGTERM');
  stop(code ?? (signal ? 1 : 0));
});
setTimeout(() => {
  process.stderr.write(`[stress:ports] the command ran past --seconds ${seconds}: stopping it\n`);
  signalCommand('SIGTERM');
}, seconds * 1000).unref();
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => signalCommand(signal));
