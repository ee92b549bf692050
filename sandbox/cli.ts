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
    help: { type: 'boolean', short: 'h', default: false },
  },
  strict: true,
});

if (values.help) {
  console.log(`Usage: npm run sandbox -- [options]

The local sandbox exchange: the API and Socket.IO (namespace /markets) on 127.0.0.1,
its market web site, and bots that keep the books moving.

Options:
  --port N              API and Socket.IO port (default 4010; 0 picks a free one)
  --site-port N         market web site port (default 4011; 0 picks a free one)
  --exchange-name NAME  the exchange's name; orders are signed for "NAME CTF Exchange"
                        (default Sandbox)
  --seed N              seed of the markets, accounts and bots (default 42)
  --no-bots             no bot traffic: the books stay as seeded
  --taker-delay-ms N    hold marketable orders this long on every CLOB market
  --settle-ms N         how long a match takes to be mined (default 1500)
  --log                 log every request
  -h, --help            this text`);
  process.exit(0);
}

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
