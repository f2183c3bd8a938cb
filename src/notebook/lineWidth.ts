/**
 * The widest line a lesson prints, in characters: every output line, listing line and line of
 * computed prose keeps to it. Classic Jupyter Notebook 6.4 wraps output at about 114 characters,
 * mid-value; 100 leaves a margin. It lives with the notebook code because it is the page's width:
 * the exporter keeps to it, and the lessons, which print onto that page, read it from here.
 */
export const LINE_WIDTH = 100;
