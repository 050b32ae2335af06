"""Reads the invites bench/invite-check.ts wrote with Python's icalendar (Debian: python3-icalendar)
and checks each against manifest.json: DTSTART at the real start, DTEND at the real end, DTSTAMP in
UTC, UID, SEQUENCE, and names on one line. Usage: python3 bench/invite_check.py DIR"""
import json
import sys
from datetime import datetime, timezone
from pathlib import Path

import icalendar


def utc_iso(value):
    return value.astimezone(timezone.utc).strftime('%Y-%m-%dT%H:%M:%SZ')


def main(folder):
    folder = Path(folder)
    manifest = json.loads((folder / 'manifest.json').read_text())
    print(f'python icalendar {icalendar.__version__}')
    failures = 0
    for expected in manifest:
        calendar = icalendar.Calendar.from_ical((folder / f"{expected['name']}.ics").read_bytes())
        event = next(c for c in calendar.walk('VEVENT'))
        start, end, stamp = (event.decoded(k) for k in ('DTSTART', 'DTEND', 'DTSTAMP'))
        names = [str(event.get('SUMMARY')), str(event.get('ORGANIZER').params.get('CN'))]
        attendees = event.get('ATTENDEE')
        attendees = attendees if isinstance(attendees, list) else [attendees]
        names += [str(a.params.get('CN')) for a in attendees]
        got = {
            'start': utc_iso(start),
            'end': utc_iso(end),
            'stamp_utc': isinstance(stamp, datetime) and stamp.utcoffset() is not None and stamp.utcoffset().total_seconds() == 0,
            'stamp': utc_iso(stamp),
            'uid': str(event.get('UID')),
            'sequence': int(event.get('SEQUENCE')),
            'one_line_names': all('\n' not in n and '\r' not in n for n in names),
            'attendees': len(attendees),
        }
        # icalendar reads DTSTAMP's "Z" as UTC; a local DTSTAMP would come back naive (no offset).
        ok = (got['start'] == expected['start'] and got['end'] == expected['end']
              and got['stamp_utc'] and got['stamp'] == expected['stamp'] and got['uid'] == expected['uid']
              and got['sequence'] == expected['sequence'] and got['one_line_names'] and got['attendees'] == 1)
        failures += 0 if ok else 1
        minutes = int((end - start).total_seconds() // 60)
        print(f"{'ok  ' if ok else 'FAIL'} {expected['name']:<31} start {got['start']} end {got['end']} ({minutes} min) "
              f"stamp {got['stamp']} utc={got['stamp_utc']} uid {got['uid']} seq {got['sequence']} "
              f"one-line names={got['one_line_names']} attendees={got['attendees']}")
    print(f'{len(manifest) - failures} of {len(manifest)} invites read as written')
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1]))
