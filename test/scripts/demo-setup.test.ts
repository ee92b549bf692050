import { describe, expect, it } from 'vitest';
import { assertOwnSandbox, DemoRefused } from '../../scripts/lib/demo-setup';

const sandbox = { apiUrl: 'http://127.0.0.1:4010', wsUrl: 'ws://127.0.0.1:4010' };

describe("npm start's demo set-up serves only the sandbox it started", () => {
  it('accepts that sandbox', () => {
    expect(() => assertOwnSandbox(sandbox, sandbox)).not.toThrow();
  });

  it.each([
    [
      'a real exchange',
      { apiUrl: 'https://api.exchange.example', wsUrl: 'wss://ws.exchange.example' },
    ],
    ['another local port', { apiUrl: 'http://127.0.0.1:4999', wsUrl: 'ws://127.0.0.1:4010' }],
    [
      "the sandbox's API with another socket",
      { apiUrl: sandbox.apiUrl, wsUrl: 'wss://ws.exchange.example' },
    ],
  ])('refuses %s', (_, exchange) => {
    expect(() => assertOwnSandbox(exchange, sandbox)).toThrow(DemoRefused);
  });

  it('refuses even a "sandbox" that is not on this machine', () => {
    const remote = { apiUrl: 'http://sandbox.example:4010', wsUrl: 'ws://sandbox.example:4010' };
    expect(() => assertOwnSandbox(remote, remote)).toThrow(/for the sandbox this run started/);
  });
});
