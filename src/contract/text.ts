import { z } from 'zod';

/*
 * Single-line text (DESIGN section 7: names are single-line wherever they are printed). A name, a
 * phone number or an address ends up in an e-mail's subject and body, an invite's SUMMARY and CN,
 * a page heading: a line break or tab in it adds lines, or headers, there. Such characters are not
 * refused but collapsed, the way surrounding spaces are trimmed: a name pasted with a stray tab or
 * newline is still that name. Multi-line fields (notes, descriptions, messages) keep their lines.
 */

// Control characters (C0, DEL, C1) and the Unicode line and paragraph separators.
const LINE_BREAKING = '\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029';
/** A run of whitespace and line-breaking characters that holds at least one line-breaking character. */
const BREAKING_RUN = new RegExp(`[\\s${LINE_BREAKING}]*[${LINE_BREAKING}][\\s${LINE_BREAKING}]*`, 'g');

/** The text on one line: each run of control characters, with the spaces around it, becomes one space. */
export const oneLine = (value: string): string => value.replace(BREAKING_RUN, ' ');

/**
 * A single-line text field: a string (`required` is the message when it is missing or not a
 * string), put on one line, then trimmed; chain min/max as with z.string().
 */
export const singleLineText = (required?: string) => z.string(required).overwrite(oneLine).trim();
