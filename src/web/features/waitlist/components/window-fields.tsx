import { Field, NativeSelect } from '@/components/ui/input';
import { formatTime12h } from '@contract/time';

/** Half-hour marks of the day, "HH:MM", for a waitlist window's two ends. */
const MARKS = Array.from({ length: 48 }, (_, i) => `${String(Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`);

/** The waitlist window's "Between" and "And" selects (half hours; the end from 00:30). */
export function WindowFields({ idPrefix, fromTime, toTime, onFrom, onTo }: {
  idPrefix: string;
  fromTime: string;
  toTime: string;
  onFrom: (value: string) => void;
  onTo: (value: string) => void;
}) {
  return (
    <div className="grid grid-cols-2 gap-3">
      <Field id={`${idPrefix}-from`} label="Between">
        <NativeSelect id={`${idPrefix}-from`} className="min-h-11" value={fromTime} onChange={(e) => onFrom(e.target.value)}>
          {MARKS.map((m) => <option key={m} value={m}>{formatTime12h(m)}</option>)}
        </NativeSelect>
      </Field>
      <Field id={`${idPrefix}-to`} label="And">
        <NativeSelect id={`${idPrefix}-to`} className="min-h-11" value={toTime} onChange={(e) => onTo(e.target.value)}>
          {MARKS.slice(1).map((m) => <option key={m} value={m}>{formatTime12h(m)}</option>)}
        </NativeSelect>
      </Field>
    </div>
  );
}
