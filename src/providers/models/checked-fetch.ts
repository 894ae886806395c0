// A model file is only what the server sends for it when it is that file: a web server that does not
// host the model often answers every unknown path with its own index.html (status 200), which the
// loader would otherwise cache as config.json or as the weights. Each response is checked before
// transformers.js sees it (and so before it can cache it): HTML is refused, and so is a body smaller
// than the smallest such file can be.
import { HopscopeError } from '../../core/errors.ts';

export class ModelFileError extends HopscopeError {
  override readonly name = 'ModelFileError';
  constructor(message: string) {
    super('models', message);
  }
}

/** Fewer bytes than this cannot be ONNX weights (a protobuf with a graph); a JSON file has at least "{}". */
const MIN_BYTES = { onnx: 1024, json: 2 } as const;

function kindOf(url: string): keyof typeof MIN_BYTES | null {
  const path = new URL(url, 'http://x/').pathname;
  if (path.endsWith('.onnx') || path.endsWith('.onnx_data')) return 'onnx';
  return path.endsWith('.json') ? 'json' : null;
}

/** Throws a ModelFileError when a successful response is not the model file it was asked for. */
function checkModelResponse(url: string, response: Response, model: string): void {
  if (!response.ok) return; // the loader reports missing files itself (optional files may be absent)
  const kind = kindOf(url);
  if (!kind) return;
  const type = response.headers.get('content-type') ?? '';
  const file = new URL(url, 'http://x/').pathname.split('/').pop();
  if (/text\/html/i.test(type))
    throw new ModelFileError(
      `${url} answered with an HTML page, not ${file}: this server does not host the model "${model}" (check the local model path, or allow downloads from the hub)`,
    );
  // A partial response (the loader's Range probe for a file's size) is short by design: its total counts.
  const length =
    response.status === 206
      ? (/\/(\d+)$/.exec(response.headers.get('content-range') ?? '')?.[1] ?? null)
      : response.headers.get('content-length');
  if (length !== null && Number(length) < MIN_BYTES[kind])
    throw new ModelFileError(
      `${url} sent ${length} bytes, too few for ${file}: this server does not host the model "${model}" whole`,
    );
}

/** `fetch` with every model file checked (see checkModelResponse). */
export function checkedFetch(
  inner: (input: string | URL, init?: RequestInit) => Promise<Response>,
  model: string,
): (input: string | URL, init?: RequestInit) => Promise<Response> {
  return async (input, init) => {
    const response = await inner(input, init);
    checkModelResponse(String(input instanceof URL ? input.href : input), response, model);
    return response;
  };
}
