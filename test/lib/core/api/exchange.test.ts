import { describe, expect, it } from 'vitest';
import { ApiCredentials, ExchangeProfile, isLoopback } from '../../../../lib/core/api/exchange';

const sandbox = {
  name: 'Sandbox',
  apiUrl: 'http://127.0.0.1:8787/',
  wsUrl: 'http://127.0.0.1:8787',
  siteMarketPattern: 'http://127.0.0.1:8788/markets/:slug',
};

const messages = (value: unknown) =>
  ExchangeProfile.safeParse(value).error?.issues.map((i) => i.message) ?? [];

describe('ExchangeProfile', () => {
  it('accepts the sandbox on loopback and strips trailing slashes', () => {
    expect(ExchangeProfile.parse(sandbox).apiUrl).toBe('http://127.0.0.1:8787');
  });

  it('accepts https anywhere', () => {
    expect(
      ExchangeProfile.safeParse({
        ...sandbox,
        apiUrl: 'https://api.example.com',
        wsUrl: 'https://ws.example.com',
        siteMarketPattern: 'https://example.com/markets/:slug',
      }).success,
    ).toBe(true);
  });

  it('refuses plain http off loopback, with a sentence', () => {
    expect(messages({ ...sandbox, apiUrl: 'http://api.example.com' })).toEqual([
      'The API URL must use https:// (plain http:// is only allowed for 127.0.0.1 and localhost)',
    ]);
  });

  it('refuses a non-URL with a sentence instead of throwing', () => {
    expect(messages({ ...sandbox, apiUrl: 'api.example.com' })).toEqual([
      'The API URL must be a full URL, like https://api.example.com',
    ]);
  });

  it('refuses other schemes and a market pattern without :slug', () => {
    expect(messages({ ...sandbox, wsUrl: 'ftp://127.0.0.1' })).toContain(
      'The WebSocket URL must start with http:// or https://',
    );
    expect(messages({ ...sandbox, siteMarketPattern: 'http://127.0.0.1:8788/markets' })).toEqual([
      'The market page pattern must contain :slug, like https://site.example/markets/:slug',
    ]);
    expect(messages({ ...sandbox, name: '  ' })).toEqual([
      'the exchange name is needed for the signing domain',
    ]);
  });

  it('knows the loopback host names', () => {
    expect(['127.0.0.1', 'localhost', '[::1]'].every(isLoopback)).toBe(true);
    expect(isLoopback('127.0.0.1.example.com')).toBe(false);
  });
});

describe('ApiCredentials', () => {
  it('accepts a token id and a base64 secret', () => {
    expect(
      ApiCredentials.parse({ tokenId: ' tok-1 ', secret: 'c2FuZGJveC1kZW1vLXNlY3JldC0wMDAx' }),
    ).toEqual({ tokenId: 'tok-1', secret: 'c2FuZGJveC1kZW1vLXNlY3JldC0wMDAx' });
  });

  it('refuses a secret that is not base64 or is cut short', () => {
    const issue = (secret: string) =>
      ApiCredentials.safeParse({ tokenId: 't', secret }).error?.issues[0]?.message;
    expect(issue('not base64!')).toBe('the secret must be base64 (letters, digits, + and /)');
    expect(issue('c2FuZGJveC1kZW1vLXNlY3JldC0wMDA')).toBe(
      'the secret is not complete base64 (length must be a multiple of 4)',
    );
    expect(issue('')).toBe('enter the token secret');
  });
});
