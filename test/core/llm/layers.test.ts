// The composable layers on a fake provider: hash, backoff arithmetic, concurrency, abort.
import { describe, expect, it } from 'vitest';
import { cacheKeyMaterial, sha256Hex } from '../../../src/core/llm/hash.ts';
import { LlmAbortedError, LlmServerError, LlmAuthError } from '../../../src/core/llm/errors.ts';
import type { LlmPort, LlmRequest, LlmResponse } from '../../../src/core/llm/port.ts';
import { retryDelayMs, withConcurrencyLimit, withRetry } from '../../../src/core/llm/create-llm.ts';

const req: LlmRequest = { module: 'm', messages: [{ role: 'user', content: 'x' }] };
const reply = (text: string): LlmResponse => ({
  text,
  usage: { prompt: 1, completion: 1, total: 2 },
  cached: false,
  latencyMs: 0,
  provider: 'fake',
  model: 'fake',
});

describe('hash', () => {
  it('is standard SHA-256 (FIPS 180-2 test vector "abc")', async () => {
    expect(await sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
  it('key material ignores module and onToken but not parameters', () => {
    const id = { providerId: 'p', model: 'm' };
    expect(cacheKeyMaterial(id, { ...req, module: 'other', onToken: () => {} })).toBe(cacheKeyMaterial(id, req));
    expect(cacheKeyMaterial(id, { ...req, maxTokens: 5 })).not.toBe(cacheKeyMaterial(id, req));
    expect(cacheKeyMaterial({ ...id, model: 'n' }, req)).not.toBe(cacheKeyMaterial(id, req));
  });
});

describe('retry', () => {
  const o = { baseDelayMs: 100, maxDelayMs: 1000, random: () => 0 };
  it('backs off exponentially with jitter in [50%, 100%], capped', () => {
    const e = new LlmServerError('s', 500, 'x');
    expect([1, 2, 3, 4, 5].map((a) => retryDelayMs(a, e, o))).toEqual([50, 100, 200, 400, 500]);
    expect(retryDelayMs(2, e, { ...o, random: () => 0.999999 })).toBe(200);
  });
  it('takes the server retry-after over its own schedule, capped at maxDelayMs', () => {
    expect(retryDelayMs(1, new LlmServerError('s', 503, 'x', 700), o)).toBe(700);
    expect(retryDelayMs(1, new LlmServerError('s', 503, 'x', 9000), o)).toBe(1000);
  });
  it('does not retry what retrying cannot fix', async () => {
    let calls = 0;
    const failing: LlmPort = {
      label: 'f',
      complete: async () => {
        calls++;
        throw new LlmAuthError('s', 401);
      },
    };
    await expect(withRetry(failing, { retries: 3, baseDelayMs: 1 }).complete(req)).rejects.toBeInstanceOf(LlmAuthError);
    expect(calls).toBe(1);
  });
  it('an abort during the backoff wait stops at once', async () => {
    const failing: LlmPort = {
      label: 'f',
      complete: async () => {
        throw new LlmServerError('s', 500, 'x');
      },
    };
    const c = new AbortController();
    const p = withRetry(failing, { retries: 3, baseDelayMs: 60_000 }).complete(req, c.signal);
    setTimeout(() => c.abort(), 10);
    await expect(p).rejects.toBeInstanceOf(LlmAbortedError);
  });
});

describe('concurrency limit', () => {
  it('never has more than `limit` calls in flight and runs them all', async () => {
    let active = 0;
    let peak = 0;
    const slow: LlmPort = {
      label: 's',
      complete: async (r) => {
        active++;
        peak = Math.max(peak, active);
        await new Promise((res) => setTimeout(res, 5));
        active--;
        return reply(r.messages[0]!.content);
      },
    };
    const limited = withConcurrencyLimit(slow, 2);
    const out = await Promise.all(
      ['a', 'b', 'c', 'd', 'e'].map((c) => limited.complete({ ...req, messages: [{ role: 'user', content: c }] })),
    );
    expect(out.map((r) => r.text)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(peak).toBe(2);
  });
  it('a queued call that is aborted leaves the queue', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const blocked: LlmPort = {
      label: 'b',
      complete: async () => {
        await gate;
        return reply('done');
      },
    };
    const limited = withConcurrencyLimit(blocked, 1);
    const first = limited.complete(req);
    const c = new AbortController();
    const queued = limited.complete(req, c.signal);
    c.abort();
    await expect(queued).rejects.toBeInstanceOf(LlmAbortedError);
    release();
    expect((await first).text).toBe('done');
  });
});
