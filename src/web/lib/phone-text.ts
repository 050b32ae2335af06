// A stored business phone (E.164 since issue 27) as a directory card shows it, without loading the
// phone library (libphonenumber-js) into the directory's first screen: a North American number reads
// "(212) 555-0142", any other as stored. Screens that load the library use formatPhone instead.
export function phoneText(stored: string): string {
  const nanp = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(stored);
  return nanp ? `(${nanp[1]}) ${nanp[2]}-${nanp[3]}` : stored;
}
