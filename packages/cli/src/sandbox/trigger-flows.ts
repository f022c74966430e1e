// How the sandbox is driven to emit each event type, through its control API as the signer
// and the customer would act. A type without a flow here (one just added to the spec) is sent
// as the sandbox makes it from the type's schema (POST /_sandbox/events), signed and delivered
// like every other event; test/listen-trigger.test.ts holds each flow to the events it makes.
import type { ControlCall, SandboxControl } from "./control-client.js";

/** What `trigger` runs against the sandbox for one event type: the control calls it made, in order. */
export type Flow = (sandbox: SandboxControl) => Promise<ControlCall[]>;

/** Creates a signing request, then takes `actions` as the signer (entering the code sent on accept). */
function signingRequest(
  options: Record<string, unknown>,
  ...actions: Array<"accept" | "enter_code" | "decline" | "cancel" | "expire">
): Flow {
  return async (sandbox) => {
    const created = await sandbox.call("POST", "/signing-requests", options);
    const calls = [created];
    let code: string | undefined;
    for (const action of actions) {
      const call = await sandbox.call(
        "POST",
        `/signing-requests/${created.body.id}/actions`,
        action === "enter_code" ? { action, code } : { action },
      );
      code = call.body.sent_code ?? code;
      calls.push(call);
    }
    return calls;
  };
}

export const TRIGGER_FLOWS: Readonly<Record<string, Flow>> = {
  "signing_request.created": signingRequest({}),
  "signing_request.accepted": signingRequest({}, "accept"),
  "certificate.issued": signingRequest({ first_time_signer: true }, "accept", "enter_code"),
  "signing_request.completed": signingRequest({}, "accept", "enter_code"),
  "signing_request.declined": signingRequest({}, "decline"),
  "signing_request.canceled": signingRequest({}, "cancel"),
  "signing_request.expired": signingRequest({}, "expire"),
  "signing_request.failed": signingRequest({ signing_fails: true }, "accept", "enter_code"),
  // "Send test" on every endpoint of the organization.
  async ping(sandbox) {
    const listed = await sandbox.call("GET", "/webhook-endpoints");
    const calls = [listed];
    for (const endpoint of listed.body.items as Array<{ id: string; enabled: boolean }>) {
      if (endpoint.enabled) calls.push(await sandbox.call("POST", `/webhook-endpoints/${endpoint.id}/test`, {}));
    }
    return calls;
  },
};

/** The event of `type` with the data its schema gives, sent by the sandbox to every endpoint of the organization. */
export function eventFromSchema(type: string): Flow {
  return async (sandbox) => [await sandbox.call("POST", "/events", { type })];
}

/** How `trigger` makes an event of `type`: its flow in `flows`, else the event its schema gives. */
export function triggerFlowOf(type: string, flows: Readonly<Record<string, Flow>> = TRIGGER_FLOWS): Flow {
  return flows[type] ?? eventFromSchema(type);
}
