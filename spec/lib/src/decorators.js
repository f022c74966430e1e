// @ts-check
// The decorators of spec/lib/conventions.tsp. They only record what the spec says; the
// validator (src/validate.js) writes the extensions, and the linter rules (src/rules/) judge it.
import { setExtension as setJsonSchemaExtension } from "@typespec/json-schema";
import { setExtension } from "@typespec/openapi";
import { keys } from "./state.js";

/** @typedef {import("@typespec/compiler").DecoratorContext} DecoratorContext */
/** @typedef {import("@typespec/compiler").UnionVariant} UnionVariant */
/** @typedef {import("@typespec/compiler").EnumMember} EnumMember */
/** @typedef {import("@typespec/compiler").ModelProperty} ModelProperty */

/**
 * The implementations of the decorators that conventions.tsp declares in the
 * `SigningPlatform.Conventions` namespace (`@retry`, `@errorStatus`, `@carriesCodes`,
 * `@idempotencyKey`, `@webhook` and the others). The TypeSpec compiler binds them when a
 * project imports the library; each records what it says, for the validator and the linter.
 */
export const $decorators = {
  "SigningPlatform.Conventions": {
    /** @param {DecoratorContext} context @param {EnumMember} target @param {import("@typespec/compiler").EnumValue} policy */
    retry(context, target, policy) {
      context.program.stateMap(keys.retry).set(target, policy.value.name);
    },
    /** @param {DecoratorContext} context @param {UnionVariant} target @param {number} status */
    errorStatus(context, target, status) {
      context.program.stateMap(keys.errorStatus).set(target, status);
    },
    /** @param {DecoratorContext} context @param {UnionVariant} target @param {number} statusUsedByServers */
    errorStatusNotSpecified(context, target, statusUsedByServers) {
      context.program.stateMap(keys.errorStatusNotSpecified).set(target, statusUsedByServers);
    },
    /** @param {DecoratorContext} context @param {UnionVariant} target */
    errorCodeAddition(context, target) {
      context.program.stateSet(keys.errorCodeAddition).add(target);
    },
    /** @param {DecoratorContext} context @param {UnionVariant} target @param {UnionVariant} fallback */
    errorFallback(context, target, fallback) {
      context.program.stateMap(keys.errorFallback).set(target, fallback);
    },
    /** @param {DecoratorContext} context @param {import("@typespec/compiler").Model} target @param {UnionVariant[]} codes */
    carriesCodes(context, target, ...codes) {
      context.program.stateMap(keys.carriesCodes).set(target, codes);
    },
    /** @param {DecoratorContext} context @param {ModelProperty} target */
    idempotencyKey(context, target) {
      context.program.stateSet(keys.idempotencyKey).add(target);
    },
    /** @param {DecoratorContext} context @param {ModelProperty} target */
    entityTagCondition(context, target) {
      context.program.stateSet(keys.entityTagCondition).add(target);
    },
    /** @param {DecoratorContext} context @param {ModelProperty} target */
    entityTag(context, target) {
      context.program.stateSet(keys.entityTag).add(target);
    },
    /** @param {DecoratorContext} context @param {import("@typespec/compiler").Operation} target @param {UnionVariant} eventType */
    webhook(context, target, eventType) {
      context.program.stateMap(keys.webhook).set(target, eventType);
    },
    /** @param {DecoratorContext} context @param {import("@typespec/compiler").Namespace} target @param {string} description */
    mutualTls(context, target, description) {
      context.program.stateMap(keys.mutualTls).set(target, description);
    },
    // `data.object` of an event is the signing request without `client_secret` (Resources ›
    // Event). JSON Schema says "this property must be absent" as `not: {required: [name]}`;
    // both emitters get it from this one decorator.
    /** @param {DecoratorContext} context @param {import("@typespec/compiler").Model} target @param {string} name */
    withoutProperty(context, target, name) {
      // `properties` inside `not` only names the property, so that linters see it defined.
      const schema = { required: [name], properties: { [name]: {} } };
      setExtension(context.program, target, "not", schema);
      setJsonSchemaExtension(context.program, target, "not", schema);
    },
  },
};
