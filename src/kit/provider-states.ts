import type { FastifyInstance } from 'fastify';
import { BugzillaError, ErrorCode } from '../bugzilla/bugzilla-error.js';
import { sendError } from '../bugzilla/error-envelope.js';
import { SeedError, shapeProblems } from '../seed/seed-validation.js';
import type { TestData } from './test-data.js';

/** Provider-state name → the seed that sets it up (SPEC §12), as read from `--provider-states FILE`. */
export type ProviderStates = Record<string, unknown>;

/** The path Pact's verifier is given as its state-change URL. */
export const PROVIDER_STATES_PATH = '/_pact/provider_states';

/** Checks a states file's content as a whole: an object of seeds, every problem by path. */
export function checkProviderStates(input: unknown): ProviderStates {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new SeedError(['(the provider states): must be an object mapping each state name to a seed']);
  }
  const problems: string[] = [];
  for (const [name, seed] of Object.entries(input)) {
    // `${param}` may stand where a number goes: the shape of a seed with parameters is checked at setup.
    if (JSON.stringify(seed ?? {}).includes('${')) continue;
    for (const problem of shapeProblems(seed ?? {})) problems.push(`${JSON.stringify(name)}.${problem}`);
  }
  if (problems.length) throw new SeedError(problems);
  return input as ProviderStates;
}

/**
 * `${name}` in every string of a state's seed replaced by `params.name`. A string that is only
 * `${name}` takes the parameter's own value, so a number stays a number (a bug id).
 */
export function substituteParams(value: unknown, params: Record<string, unknown>, state: string): unknown {
  if (typeof value === 'string') {
    const whole = /^\$\{(\w+)\}$/.exec(value);
    if (whole) return param(params, whole[1], state);
    return value.replace(/\$\{(\w+)\}/g, (_m, name: string) => String(param(params, name, state)));
  }
  if (Array.isArray(value)) return value.map((item) => substituteParams(item, params, state));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, substituteParams(v, params, state)]));
  }
  return value;
}

function param(params: Record<string, unknown>, name: string, state: string): unknown {
  if (!(name in params)) {
    throw new BugzillaError(ErrorCode.USER_ERROR, `The provider state '${state}' needs the parameter '${name}'.`);
  }
  return params[name];
}

interface StateChange {
  state?: unknown;
  params?: unknown;
  action?: unknown;
}

/**
 * `POST /_pact/provider_states`: Pact's state-change request `{"state","params","action"}`.
 * `setup` applies the state's seed on the data as it stands, `teardown` resets to the base seed,
 * an empty state does nothing. The answer, `200 {}`, is sent after the change is committed, and
 * the in-memory model hears of every commit at once (read-your-writes), so the next request sees it.
 */
export function registerProviderStates(fastify: FastifyInstance, states: ProviderStates, data: () => TestData): void {
  fastify.post(PROVIDER_STATES_PATH, async (request, reply) => {
    try {
      const { state, params, action } = (request.body ?? {}) as StateChange;
      if (state !== undefined && typeof state !== 'string') throw invalid('state must be a string');
      if (action !== undefined && action !== 'setup' && action !== 'teardown') {
        throw invalid("action must be 'setup' or 'teardown'");
      }
      if (params !== undefined && params !== null && (typeof params !== 'object' || Array.isArray(params))) {
        throw invalid('params must be an object');
      }
      if (state) {
        if (!Object.hasOwn(states, state)) {
          throw new BugzillaError(ErrorCode.USER_ERROR, `There is no provider state named '${state}'.`);
        }
        if (action === 'teardown') await data().reset();
        else await data().apply(substituteParams(states[state], (params ?? {}) as Record<string, unknown>, state));
      }
      await reply.status(200).header('content-type', 'application/json; charset=utf-8').send('{}');
    } catch (error) {
      sendError(
        error instanceof SeedError ? new BugzillaError(ErrorCode.USER_ERROR, error.message) : error,
        request,
        reply,
      );
    }
    return reply;
  });
}

function invalid(message: string): BugzillaError {
  return new BugzillaError(ErrorCode.USER_ERROR, `Invalid provider state change: ${message}.`);
}
