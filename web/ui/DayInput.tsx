// The app's one day input: typed or picked as DD/MM/YYYY (as people in India write a date), held as
// 'YYYY-MM-DD' (what forms send and the API reads). Spec-fixed formats (the inventory trail's YYYY/MM/DD)
// keep their own inputs.
import { DateInput, type DateInputProps } from '@mantine/dates';

export type DayInputProps = Omit<DateInputProps, 'value' | 'onChange' | 'valueFormat' | 'dateParser' | 'minDate' | 'maxDate'> & {
  value: string;
  onChange: (day: string) => void;
  /** 'YYYY-MM-DD' */
  min?: string;
  max?: string;
};

/** 'DD/MM/YYYY' (also D/M/YYYY, with - or .) as 'YYYY-MM-DD'; null when it is not a real day. */
export function parseDayText(text: string): string | null {
  const m = /^\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\s*$/.exec(text);
  if (!m) return null;
  const [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return `${y}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

export function DayInput({ value, onChange, min, max, placeholder = 'DD/MM/YYYY', ...rest }: DayInputProps) {
  return (
    <DateInput
      {...rest}
      placeholder={placeholder}
      valueFormat="DD/MM/YYYY"
      dateParser={(text) => parseDayText(text)}
      value={value || null}
      onChange={(d) => onChange(d ? String(d).slice(0, 10) : '')}
      minDate={min}
      maxDate={max}
      clearable
    />
  );
}
