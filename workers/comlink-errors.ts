// Errors thrown in a worker reach the page through Comlink as { name, message, stack }; typed LLM
// errors also carry `userMessage`, the sentence Settings shows, so it travels with them. The page
// side needs nothing: Comlink copies every serialized field onto the Error it rethrows.
import { transferHandlers, type TransferHandler } from 'comlink';

type Thrown = { value: unknown };

export function carryUserMessages(): void {
  const original = transferHandlers.get('throw') as TransferHandler<Thrown, unknown>;
  const handler: TransferHandler<Thrown, unknown> = {
    canHandle: (value): value is Thrown => original.canHandle(value),
    serialize(thrown) {
      const { value } = thrown;
      if (!(value instanceof Error)) return original.serialize(thrown);
      const userMessage = (value as Error & { userMessage?: unknown }).userMessage;
      return [
        {
          isError: true,
          value: {
            message: value.message,
            name: value.name,
            stack: value.stack,
            ...(typeof userMessage === 'string' ? { userMessage } : {}),
          },
        },
        [],
      ];
    },
    deserialize: (serialized) => original.deserialize(serialized),
  };
  transferHandlers.set('throw', handler);
}
