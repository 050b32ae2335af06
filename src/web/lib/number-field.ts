/**
 * react-hook-form options for a number input or select: the shared schemas take JSON numbers only
 * (no coercion on the server), so the form hands them a number; an empty box is "missing", not zero.
 */
export const asNumber = { setValueAs: (value: unknown) => (value === '' || value === null || value === undefined ? undefined : Number(value)) };
