import { type CatalogClient, pathOf, type Schemas, ServiceError } from './catalog-client.js';
import { key } from './catalog-model.js';

/**
 * Which of the users and groups a file names exist on the service, asked by name in batches (the
 * file's other names are checked against the catalogue as read).
 */

/**
 * Which of these names exist on the service (lower case), read in batches from a route that refuses
 * a batch naming an unknown one (51): a refused batch is looked up in halves until the name is singled
 * out. `undefined` when the caller may not read that route at all (`unreadable`, e.g. Group.get's 805).
 */
async function existingNames(
  names: string[],
  read: (names: string[]) => Promise<string[]>,
  unreadable?: number,
): Promise<Set<string> | undefined> {
  const found = new Set<string>();
  const lookUp = async (batch: string[]): Promise<void> => {
    if (batch.length === 0) return;
    try {
      for (const name of await read(batch)) found.add(key(name));
    } catch (error) {
      if (!(error instanceof ServiceError && error.code === 51)) throw error;
      if (batch.length === 1) return;
      const half = Math.ceil(batch.length / 2);
      await lookUp(batch.slice(0, half));
      await lookUp(batch.slice(half));
    }
  };
  try {
    for (let i = 0; i < names.length; i += 200) await lookUp(names.slice(i, i + 200));
  } catch (error) {
    if (unreadable !== undefined && error instanceof ServiceError && error.code === unreadable) return undefined;
    throw error;
  }
  return found;
}

/** Which logins of these exist on the service (lower case). */
export async function existingUsers(client: CatalogClient, logins: string[]): Promise<Set<string>> {
  const read = async (names: string[]) =>
    (await client.get<Schemas['UserListDto']>(pathOf('/rest/user'), { query: { names } })).data.users.map(
      (u) => u.name,
    );
  return (await existingNames(logins, read))!;
}

/**
 * The group names the file uses, of those the reads did not show: looked up by name (Group.get answers
 * every name it is asked for to whoever may call it). A caller who may not call it (805) cannot check
 * them: they are taken as they are, and a wrong one is refused by the write that names it.
 */
export async function existingGroups(client: CatalogClient, names: string[]): Promise<Set<string>> {
  const read = async (batch: string[]) =>
    (await client.get<Schemas['GroupListDto']>(pathOf('/rest/group'), { query: { names: batch } })).data.groups.map(
      (g) => g.name,
    );
  return (await existingNames(names, read, 805)) ?? new Set(names.map(key));
}
