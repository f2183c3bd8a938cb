/**
 * Printing the way the reference lesson prints: the table printers' view of `sim/python.ts`.
 *
 * The reference lesson is Python; its tables are f-strings (`{x:<27}`, `{x:>10}`) and a few values
 * are printed with `repr`. The helpers live beside the simulator's values, which need `repr` too.
 */
export { left, right, pyRepr, PyTuple, type PyValue } from "../sim/python";
