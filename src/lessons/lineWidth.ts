/**
 * The widest line a lesson prints, in characters: every output line, listing line and line of
 * computed prose keeps to it. Classic Jupyter Notebook 6.4 wraps output at about 114 characters,
 * mid-value; 100 leaves a margin.
 */
export const LINE_WIDTH = 100;
