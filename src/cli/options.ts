/**
 * Option parsers shared by the commands: each turns one command-line word into a value or
 * throws commander's InvalidArgumentError with a message from the catalog.
 */
import { InvalidArgumentError } from "commander";
import { parseSeed } from "../sim/seed";
import { messages } from "./messages";

/** `--seed N`: an integer from 0 to 2^53 − 1, in plain decimal digits. */
export function seedOption(text: string): number {
  try {
    return parseSeed(text);
  } catch {
    throw new InvalidArgumentError(messages.badSeed());
  }
}
