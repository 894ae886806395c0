// In-browser generation with transformers.js: `pipeline('text-generation')` on WebGPU when the
// browser has it (else WASM), the model's chat template applied, tokens streamed through a
// TextStreamer, an abort that interrupts generation between tokens. The model comes from a local
// folder (remote loading off) or, only when the user opts in, a hub id. The load promise is cached;
// dispose() frees the ONNX sessions. Usage is counted with the model's own tokenizer.
import {
  env,
  InterruptableStoppingCriteria,
  pipeline,
  TextStreamer,
  type ProgressInfo,
  type TextGenerationPipeline,
} from '@huggingface/transformers';
import { LlmAbortedError, LlmConfigError } from '../../core/llm/errors.ts';
import type { LlmRequest, LlmResponse } from '../../core/llm/port.ts';
import type { LlmProvider } from '../../core/llm/provider.ts';

export type GenerationDevice = 'webgpu' | 'wasm' | 'cpu';
export type GenerationDtype = 'fp32' | 'fp16' | 'q8' | 'q4' | 'q4f16';

export interface GenerationConfig {
  /** Folder name under localModelPath (e.g. "Qwen2.5-0.5B-Instruct"), or a hub id when allowRemote. */
  model: string;
  /** Folder holding <model>/config.json, tokenizer.json, tokenizer_config.json (with chat_template), onnx/model*.onnx. */
  localModelPath?: string;
  /** Hub downloads: only ever in a user's browser after they opt in; never in tests or the CLI. */
  allowRemote?: boolean;
  /** Default: webgpu when navigator.gpu exists, else wasm. */
  device?: GenerationDevice;
  /** Default q4 (the size most small chat models ship for the browser). */
  dtype?: GenerationDtype;
  /** Locally served onnxruntime-web files (see src/providers/embed/config.ts); needed for wasm without allowRemote. */
  wasmPaths?: { mjs: string; wasm: string };
  /** When a request gives no maxTokens. Default 256. */
  defaultMaxTokens?: number;
  onProgress?: (info: ProgressInfo) => void;
}

export function preferredGenerationDevice(): GenerationDevice {
  return typeof navigator !== 'undefined' && 'gpu' in navigator ? 'webgpu' : 'wasm';
}

export class TransformersGenerationProvider implements LlmProvider {
  readonly id: string;
  readonly label: string;
  readonly model: string;
  readonly server = 'this browser';
  readonly device: GenerationDevice;
  readonly dtype: GenerationDtype;
  private loading: Promise<TextGenerationPipeline> | undefined;

  constructor(private readonly config: GenerationConfig) {
    if (!config.model.trim())
      throw new LlmConfigError(
        'llm.transformers',
        'no model given',
        'Choose a model folder or a Hugging Face model id in Settings.',
      );
    if (config.localModelPath === undefined && !config.allowRemote) {
      throw new LlmConfigError(
        'llm.transformers',
        `model "${config.model}": give localModelPath, or allowRemote: true (only after the user opts in)`,
        `The in-browser model "${config.model}" has no local folder, and downloading from the Hugging Face hub is off. Pick a local model folder or allow the download in Settings.`,
      );
    }
    this.device = config.device ?? preferredGenerationDevice();
    this.dtype = config.dtype ?? 'q4';
    if (this.device === 'wasm' && !config.allowRemote && config.wasmPaths === undefined) {
      throw new LlmConfigError(
        'llm.transformers',
        'device "wasm" without allowRemote needs wasmPaths (locally served onnxruntime-web files); transformers.js would fetch them from a CDN',
        "The in-browser model needs the app's own onnxruntime-web files to run offline.",
      );
    }
    this.model = config.model;
    this.id = `transformers.js ${config.model} ${this.dtype}`;
    this.label = `in-browser ${config.model} (${this.device}, ${this.dtype})`;
  }

  private where(): string {
    return this.config.localModelPath !== undefined
      ? `local folder ${this.config.localModelPath.replace(/\/$/, '')}/${this.config.model}`
      : `hub model "${this.config.model}"`;
  }

  /** Loads once; concurrent callers share the promise; a failed load can be retried. */
  load(): Promise<TextGenerationPipeline> {
    if (this.loading) return this.loading;
    const c = this.config;
    env.allowRemoteModels = c.allowRemote ?? false;
    env.allowLocalModels = c.localModelPath !== undefined;
    if (c.localModelPath !== undefined)
      env.localModelPath = c.localModelPath.endsWith('/') ? c.localModelPath : `${c.localModelPath}/`;
    env.useFSCache = false;
    const wasm = env.backends.onnx.wasm;
    if (c.wasmPaths !== undefined && wasm) wasm.wasmPaths = c.wasmPaths;
    const started = pipeline('text-generation', c.model, {
      device: this.device,
      dtype: this.dtype,
      ...(c.onProgress ? { progress_callback: c.onProgress } : {}),
    }) as Promise<TextGenerationPipeline>;
    this.loading = started.catch((cause: unknown) => {
      this.loading = undefined;
      const detail = cause instanceof Error ? cause.message : String(cause);
      throw new LlmConfigError(
        'llm.transformers',
        `cannot load the text-generation model from ${this.where()}: ${detail}`,
        `The in-browser model could not be loaded from ${this.where()} (it needs config.json, tokenizer files with a chat template and onnx/model*.onnx).`,
      );
    });
    return this.loading;
  }

  async complete(request: LlmRequest, signal?: AbortSignal): Promise<LlmResponse> {
    if (signal?.aborted) throw new LlmAbortedError(request.module);
    const started = performance.now();
    const generator = await this.load();
    if (signal?.aborted) throw new LlmAbortedError(request.module);
    const tokenizer = generator.tokenizer;
    const prompt = tokenizer.apply_chat_template(
      request.messages.map((m) => ({ role: m.role, content: m.content })),
      { tokenize: false, add_generation_prompt: true },
    ) as string;
    const interrupt = new InterruptableStoppingCriteria();
    const onAbort = () => interrupt.interrupt();
    signal?.addEventListener('abort', onAbort, { once: true });
    // The reply is what the streamer decoded (the generated tokens only). The pipeline's own
    // generated_text is the full decode minus the decoded prompt's length, which starts with a stray
    // space for tokenizers whose decoder joins or prefixes words with spaces (Metaspace, WordPiece).
    let streamed = '';
    const streamer = new TextStreamer(tokenizer, {
      skip_prompt: true,
      skip_special_tokens: true,
      callback_function: (t: string) => {
        streamed += t;
        request.onToken?.(t);
      },
    });
    const temperature = request.temperature ?? 0;
    try {
      const out = (await generator(prompt, {
        max_new_tokens: request.maxTokens ?? this.config.defaultMaxTokens ?? 256,
        do_sample: temperature > 0,
        ...(temperature > 0 ? { temperature } : {}),
        return_full_text: false,
        add_special_tokens: false, // the chat template already has them
        streamer,
        stopping_criteria: interrupt,
      })) as Array<{ generated_text: string }>;
      if (signal?.aborted) throw new LlmAbortedError(request.module);
      let text = streamed || (out[0]?.generated_text ?? '').trimStart();
      // transformers.js has no `stop` strings for this pipeline: cut at the first one ourselves.
      for (const s of request.stop ?? []) {
        const i = text.indexOf(s);
        if (i >= 0) text = text.slice(0, i);
      }
      const promptTokens = tokenizer.encode(prompt, { add_special_tokens: false }).length;
      const completionTokens = tokenizer.encode(text, { add_special_tokens: false }).length;
      return {
        text,
        usage: { prompt: promptTokens, completion: completionTokens, total: promptTokens + completionTokens },
        cached: false,
        latencyMs: performance.now() - started,
        provider: this.label,
        model: this.model,
      };
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
  }

  async dispose(): Promise<void> {
    const current = this.loading;
    this.loading = undefined;
    if (current) await (await current).dispose();
  }
}
