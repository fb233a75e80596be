/**
 * Request bodies whose unknown keys the service refuses (32000 `Unknown parameter`, 53 or 67399):
 * their schemas are closed (`additionalProperties: false`) so that a validator or a generated
 * client refuses what the service refuses. Credentials, which any body may carry, are added to
 * them when the document is finished. Keyed by class name, which is also the schema's name.
 */
const closed = new Set<string>();

/** Marks a request DTO as closed: every key it accepts is one of its properties. */
export function ClosedSchema(): ClassDecorator {
  return (target) => {
    closed.add(target.name);
  };
}

export const isClosedSchema = (name: string): boolean => closed.has(name);
