/**
 * The caption a lesson writes before a listing of the library's source (showSource's
 * `` `name`, from `src/…`: ``), as a pattern over the caption's markdown line. The Markdown and HTML
 * exports both tell a listing from other fenced TypeScript by it.
 */
export const LISTING_CAPTION = /^`[^`]+`, from `src\/[^`]+`:$/;
