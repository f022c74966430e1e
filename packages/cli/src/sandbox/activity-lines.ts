// The lines `serve` prints as the sandbox works: one per API call and one per webhook delivery
// attempt, as text for a person (the time, then what happened) or as one JSON object a line for
// tools (`--log-format json`, the entry as the sandbox gives it).
import type { SandboxLogEntry } from "@signing-platform/sandbox";

export const LOG_FORMATS = ["text", "json"] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

const clock = (at: string) => at.slice(11, 19);

function textLine(entry: SandboxLogEntry): string {
  if (entry.kind === "request")
    return `${clock(entry.at)}  ${entry.method} ${entry.path} → ${entry.status} in ${entry.ms} ms  ${entry.requestId}`;
  const answer = entry.status === null ? `no answer (${entry.error ?? "no status"})` : String(entry.status);
  const retry = entry.nextAttemptAt ? `; retry at ${clock(entry.nextAttemptAt)}` : "";
  return `${clock(entry.at)}  webhook ${entry.eventType} → ${entry.url}: ${answer} in ${entry.ms} ms, attempt ${entry.attempt}${retry}  ${entry.deliveryId}`;
}

export function activityLine(entry: SandboxLogEntry, format: LogFormat): string {
  return `${format === "json" ? JSON.stringify(entry) : textLine(entry)}\n`;
}
