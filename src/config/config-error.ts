/** A bad setting, said in one line naming it (the start stops; a reload is not swapped in). */
export class ConfigError extends Error {}
