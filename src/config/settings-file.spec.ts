import { parseSettingsFile, SettingsFileError } from './settings-file.js';

describe("parseSettingsFile (systemd's EnvironmentFile format)", () => {
  it('reads NAME=value lines, skipping blank lines and # or ; comments, trimming around names and values', () => {
    const text = ['# a comment', '; another', '', '  PORT = 3001  ', 'HOST=0.0.0.0', 'EMPTY='].join('\n');
    expect(parseSettingsFile(text)).toEqual({ PORT: '3001', HOST: '0.0.0.0', EMPTY: '' });
  });

  it('takes single-quoted values as they are and unescapes double-quoted ones, over several lines if need be', () => {
    const text = [
      `A='x \\n "y" # not a comment'`,
      'B="say \\"hi\\" \\\\ \\$HOME\\nend"',
      'C="two',
      'lines"',
      "D='kept' # a comment after it",
    ].join('\n');
    expect(parseSettingsFile(text)).toEqual({
      A: 'x \\n "y" # not a comment',
      B: 'say "hi" \\ $HOME\nend',
      C: 'two\nlines',
      D: 'kept',
    });
  });

  it('joins a line ending in a backslash with the next one, and reads CRLF files', () => {
    expect(parseSettingsFile('URLS=a,\\\r\n   b\r\nX=1\r\n')).toEqual({ URLS: 'a,b', X: '1' });
  });

  it('refuses a line without =, a bad name, an unclosed quote and text after a closing quote, naming the line', () => {
    expect(() => parseSettingsFile('X=1\nnonsense', 'f')).toThrow(
      new SettingsFileError('f line 2: expected NAME=value'),
    );
    expect(() => parseSettingsFile('1X=1', 'f')).toThrow(
      new SettingsFileError("f line 1: '1X' is not a variable name"),
    );
    expect(() => parseSettingsFile('X="open', 'f')).toThrow(new SettingsFileError('f line 1: unclosed "'));
    expect(() => parseSettingsFile("X='a' b", 'f')).toThrow(
      new SettingsFileError('f line 1: text after the closing quote of X'),
    );
  });
});
