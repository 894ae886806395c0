// What to do next after a failed run, read off the error message (the typed LLM errors of
// src/core/llm/errors.ts say what failed in fixed words; the trace keeps only the message).

const SETTINGS = 'Settings → LLM';

/** The cause in a user's words and the next steps, most likely first. */
export function failureAdvice(message: string): { cause: string; steps: string[] } {
  const m = message.toLowerCase();
  if (/rejected the api key|\b401\b|\b403\b|unauthori[sz]ed|api key/.test(m))
    return {
      cause: 'The server refused the API key.',
      steps: [
        `Check the API key in ${SETTINGS} (paste it again; keys stay in this browser).`,
        'Check that the key belongs to this server (base URL).',
      ],
    };
  if (/has no model|model_not_found|\b404\b/.test(m))
    return {
      cause: 'The server does not serve that model.',
      steps: [
        `Check the model name in ${SETTINGS}; "Test connection" lists the models the server serves.`,
        'For Ollama, pull the model first (ollama pull <name>).',
      ],
    };
  if (/cannot reach|failed to fetch|econnrefused|network|unreachable|cors/.test(m))
    return {
      cause: 'The page could not reach the LLM server.',
      steps: [
        `Check that the server is running at the base URL in ${SETTINGS} ("Test connection").`,
        'A local server must allow this page (CORS): e.g. OLLAMA_ORIGINS=* for Ollama, "Enable CORS" in LM Studio.',
      ],
    };
  if (/did not answer within|timeout|timed out/.test(m))
    return {
      cause: 'The server took too long.',
      steps: ['Try again; a first call may be loading the model.', `Pick a smaller model in ${SETTINGS}.`],
    };
  if (/rate limit|\b429\b/.test(m))
    return {
      cause: 'The server is rate limiting requests.',
      steps: ['Wait a minute and run again.', 'Lower the concurrency or use another key.'],
    };
  if (/context window|context length/.test(m))
    return {
      cause: "The prompt is longer than the model's context window.",
      steps: ['Pick a model with a longer context, or a strategy that shows fewer passages.'],
    };
  if (/format|parse|json|llmoutput|did not match|expected/.test(m))
    return {
      cause: "The model's reply did not follow the prompt's format.",
      steps: [
        'Run again (replies vary), or pick a larger instruct model.',
        'Export the run to see the raw reply in the trace.',
      ],
    };
  if (/failed with 5\d\d|\b5\d\d\b/.test(m))
    return { cause: 'The server failed while answering.', steps: ["Check the server's own log.", 'Run again.'] };
  return {
    cause: 'The run stopped with an error.',
    steps: ['Run again.', 'If it fails again, export the run and attach the file to an issue.'],
  };
}
