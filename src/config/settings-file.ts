import { readFileSync } from 'node:fs';

/**
 * A settings file in systemd's `EnvironmentFile=` format (systemd.exec(5)), read at start and at every
 * reload (SPEC §17): a process's environment cannot change, a file can. `.env.example` is one.
 *
 * - one `NAME=value` a line; blank lines and lines starting with `#` or `;` are skipped;
 * - whitespace around the name and before the value is dropped, and after an unquoted value too;
 * - a value in single quotes is taken as it is; in double quotes, `\"`, `\\`, `\$`, `` \` `` and `\n`
 *   are unescaped; a quoted value may span lines;
 * - a line ending in a backslash (outside quotes) continues on the next one.
 */
export class SettingsFileError extends Error {}

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export function parseSettingsFile(text: string, path = 'the settings file'): Record<string, string> {
  const settings: Record<string, string> = {};
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  for (let i = 0; i < lines.length; i++) {
    const lineNumber = i + 1;
    const line = lines[i].trimStart();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const equals = line.indexOf('=');
    if (equals < 0) throw new SettingsFileError(`${path} line ${lineNumber}: expected NAME=value`);
    const name = line.slice(0, equals).trim();
    if (!NAME.test(name)) throw new SettingsFileError(`${path} line ${lineNumber}: '${name}' is not a variable name`);
    let rest = line.slice(equals + 1).trimStart();
    const quote = rest[0] === '"' || rest[0] === "'" ? rest[0] : undefined;
    if (quote) {
      // A quoted value: up to the closing quote, over several lines if need be.
      let value = '';
      let at = 1;
      for (;;) {
        if (at >= rest.length) {
          if (++i >= lines.length) throw new SettingsFileError(`${path} line ${lineNumber}: unclosed ${quote}`);
          value += '\n';
          rest = lines[i];
          at = 0;
          continue;
        }
        const c = rest[at];
        if (c === quote) break;
        if (quote === '"' && c === '\\' && at + 1 < rest.length) {
          const next = rest[at + 1];
          value += next === 'n' ? '\n' : '"\\$`'.includes(next) ? next : `\\${next}`;
          at += 2;
          continue;
        }
        value += c;
        at++;
      }
      const after = rest.slice(at + 1).trim();
      if (after !== '' && !after.startsWith('#'))
        throw new SettingsFileError(`${path} line ${i + 1}: text after the closing quote of ${name}`);
      settings[name] = value;
      continue;
    }
    // Unquoted: a trailing backslash joins the next line.
    while (rest.endsWith('\\') && i + 1 < lines.length) {
      rest = rest.slice(0, -1) + lines[++i].trimStart();
    }
    settings[name] = rest.trimEnd();
  }
  return settings;
}

/** Reads and parses the file `path` names. */
export function readSettingsFile(path: string): Record<string, string> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new SettingsFileError(
      `SETTINGS_FILE could not be read: ${path} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
    );
  }
  return parseSettingsFile(text, `SETTINGS_FILE ${path}`);
}
