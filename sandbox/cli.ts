import { parseArgs } from 'node:util';
import { startSandbox } from './index';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4010' },
    'site-port': { type: 'string', default: '4011' },
    'exchange-name': { type: 'string', default: 'Sandbox' },
    seed: { type: 'string', default: '42' },
    'no-bots': { type: 'boolean', default: false },
    'taker-delay-ms': { type: 'string' },
    'settle-ms': { type: 'string', default: '1500' },
    log: { type: 'boolean', default: false },
  },
  strict: true,
});

function int(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0) {
    console.error(`--${name} must be a non-negative integer (got ${text})`);
    process.exit(2);
  }
  return n;
}

const takerDelayMs = int('taker-delay-ms', values['taker-delay-ms']);
const sandbox = await startSandbox({
  port: int('port', values.port) ?? 4010,
  sitePort: int('site-port', values['site-port']) ?? 4011,
  exchangeName: values['exchange-name'],
  seed: int('seed', values.seed) ?? 42,
  bots: !values['no-bots'],
  settleMs: int('settle-ms', values['settle-ms']) ?? 1500,
  ...(takerDelayMs !== undefined ? { takerDelayMs } : {}),
  log: values.log,
});

console.log(`Sandbox exchange "${values['exchange-name']}" is running.
  API + Socket.IO (namespace /markets): ${sandbox.apiUrl}
  Market web site:                      ${sandbox.siteUrl}
  Demo credentials:                     curl ${sandbox.apiUrl}/__sandbox/accounts
Press Ctrl+C to stop.`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await sandbox.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
