// A server that does not host the model answers every path with its index.html (a single-page app's
// fallback): the checked fetch refuses it before the loader can cache it, and says the server does
// not host the model. Real files pass untouched. A local HTTP server on 127.0.0.1, Node's fetch.
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkedFetch, ModelFileError } from '../../../src/providers/models/checked-fetch.ts';

const INDEX = '<!doctype html><html><head><title>Hopscope</title></head><body><div id="root"></div></body></html>';
const CONFIG = JSON.stringify({ model_type: 'llama', hidden_size: 8 });

let server: Server;
let base = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    const send = (type: string, body: string | Buffer) =>
      res.writeHead(200, { 'Content-Type': type, 'Content-Length': Buffer.byteLength(body) }).end(body);
    if (req.url === '/hosted/config.json') send('application/json', CONFIG);
    else if (req.url === '/hosted/onnx/model.onnx') send('application/octet-stream', Buffer.alloc(4096, 1));
    else if (req.url === '/short/onnx/model.onnx') send('application/octet-stream', Buffer.alloc(12, 1));
    else if (req.url === '/hosted/onnx/probe.onnx')
      res
        .writeHead(206, {
          'Content-Type': 'application/octet-stream',
          'Content-Range': 'bytes 0-0/4096',
          'Content-Length': 1,
        })
        .end(Buffer.alloc(1));
    else send('text/html; charset=utf-8', INDEX);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const get = checkedFetch((input, init) => fetch(input, init), 'org/tiny-model');

describe('model files are checked before they can be cached', () => {
  it("an app server's index.html for config.json is an error that says the server does not host the model", async () => {
    const err = await get(`${base}/models/org/tiny-model/config.json`).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ModelFileError);
    expect((err as Error).message).toBe(
      `models: ${base}/models/org/tiny-model/config.json answered with an HTML page, not config.json: this server does not host the model "org/tiny-model" (check the local model path, or allow downloads from the hub)`,
    );
    await expect(get(`${base}/models/org/tiny-model/onnx/model_q4.onnx`)).rejects.toThrow(
      /HTML page, not model_q4\.onnx/,
    );
  });

  it('weights too small to be a model are refused; real files pass with their body unread', async () => {
    await expect(get(`${base}/short/onnx/model.onnx`)).rejects.toThrow(/sent 12 bytes, too few for model\.onnx/);
    const config = await get(`${base}/hosted/config.json`);
    expect(await config.json()).toEqual(JSON.parse(CONFIG));
    const weights = await get(`${base}/hosted/onnx/model.onnx`);
    expect((await weights.arrayBuffer()).byteLength).toBe(4096);
    // The loader's Range probe (one byte of a whole file) is judged by the file's total size.
    expect((await get(`${base}/hosted/onnx/probe.onnx`)).status).toBe(206);
    // Not a model file (a page, a listing): passed through as it is.
    expect((await get(`${base}/`)).ok).toBe(true);
  });
});
