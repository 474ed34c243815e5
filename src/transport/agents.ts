// Connection pools: one undici Agent per distinct set of timeouts, shared so connections are
// reused across scenarios.
import { Agent } from 'undici';
import type { TransportLimits } from './limits';

const agents = new Map<string, Agent>();

export function agentFor(limits: TransportLimits): Agent {
  const key = `${limits.connectTimeoutMs}|${limits.requestTimeoutMs}`;
  let agent = agents.get(key);
  if (!agent) {
    agent = new Agent({
      connect: { timeout: limits.connectTimeoutMs },
      headersTimeout: limits.requestTimeoutMs,
      // idle time between two body chunks; the overall deadline bounds a slow trickle
      bodyTimeout: limits.requestTimeoutMs,
    });
    agents.set(key, agent);
  }
  return agent;
}

/** Closes the shared agents so the process can exit; later requests create new ones. */
export async function closeTransport(): Promise<void> {
  const all = [...agents.values()];
  agents.clear();
  await Promise.all(all.map((a) => a.destroy().catch(() => undefined)));
}
