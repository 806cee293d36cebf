// Driving a queue consumer with the vitest plugin's helpers (createMessageBatch, getQueueResult).

import { createMessageBatch } from 'cloudflare:test'

let seq = 0

/**
 * A batch of `bodies` delivered as try `attempts`, and the delay of each retry the consumer asks
 * for: the harness's result records that a retry was asked for, not its delay, so the batch
 * handed to the consumer watches the call.
 */
export function watchedBatch<T>(queue: string, bodies: T[], attempts = 1) {
  const batch = createMessageBatch<T>(
    queue,
    bodies.map((body) => ({ id: `${queue}-${++seq}`, timestamp: new Date(), attempts, body })),
  )
  const delays: Array<number | undefined> = []
  const watched = {
    ...batch,
    queue: batch.queue,
    messages: batch.messages.map((m) => ({
      id: m.id,
      timestamp: m.timestamp,
      body: m.body,
      attempts: m.attempts,
      ack: () => m.ack(),
      retry: (options?: QueueRetryOptions) => {
        delays.push(options?.delaySeconds)
        m.retry(options)
      },
    })),
  } as MessageBatch<T>
  return { batch, watched, delays }
}
