/**
 * Where the CLI writes, as one small type of its own: every command takes a {@link CliIo}, and the
 * program that registers the commands passes one in, so neither has to import the other for it.
 */

/** Where the CLI writes: injectable so tests can run it in-process. */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

/** The process's own stdout and stderr. */
export const defaultIo: CliIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
};
