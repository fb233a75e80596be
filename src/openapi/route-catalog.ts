import { type INestApplication } from '@nestjs/common';
import { METHOD_METADATA } from '@nestjs/common/constants.js';
import { MetadataScanner, ModulesContainer, Reflector } from '@nestjs/core';
import { readRouteAccess, type RouteAccess } from '../auth/route-access.js';
import { IF_MATCH } from '../bugzilla/if-match.js';

/** The operation id @nestjs/swagger gives a handler (set as its `operationIdFactory`, so both agree). */
export const operationIdOf = (controllerName: string, methodName: string) => `${controllerName}_${methodName}`;

/** Operation ids of the handlers that compare `If-Match` with their object's ETag (`@IfMatch`). */
export function catalogIfMatch(app: INestApplication): Set<string> {
  const ids = new Set<string>();
  forEachHandler(app, (controller, name, handler) => {
    if (Reflect.getMetadata(IF_MATCH, handler) !== undefined) ids.add(operationIdOf(controller.name, name));
  });
  return ids;
}

function forEachHandler(
  app: INestApplication,
  visit: (controller: Function, name: string, handler: Function) => void,
): void {
  const scanner = new MetadataScanner();
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as Function | null;
      if (!controller?.prototype) continue;
      const prototype = controller.prototype as Record<string, unknown>;
      for (const name of scanner.getAllMethodNames(prototype)) {
        const handler = prototype[name];
        if (typeof handler === 'function' && Reflect.getMetadata(METHOD_METADATA, handler) !== undefined) {
          visit(controller, name, handler);
        }
      }
    }
  }
}

/**
 * The auth decorators of every route handler of every controller the application has, by the
 * operation id the document gives it. A controller added later is found without any change here.
 */
export function catalogRouteAccess(app: INestApplication): Map<string, RouteAccess> {
  const reflector = app.get(Reflector);
  const catalog = new Map<string, RouteAccess>();
  const owners = new Map<string, Function>();
  forEachHandler(app, (controller, name, handler) => {
    const id = operationIdOf(controller.name, name);
    const owner = owners.get(id);
    if (owner && owner !== controller) {
      // Two classes of one name would share operation ids, and the document could not tell their routes apart.
      throw new Error(`Two controllers are named ${controller.name}; give one another name.`);
    }
    owners.set(id, controller);
    catalog.set(id, readRouteAccess(reflector, handler, controller));
  });
  return catalog;
}
